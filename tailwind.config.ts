import type { Config } from 'tailwindcss';

/** Loaded by src/styles.css through `@config`; Tailwind v4 reads the theme from here. */
export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  darkMode: 'class',
  theme: {
    extend: {
      colors: {
        brand: { 50: '#eef6ff', 100: '#d9ebff', 600: '#1d5fbf', 700: '#174c99', 800: '#123c7a', 900: '#0f2f5f' },
      },
      fontFamily: { sans: ['system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'sans-serif'] },
    },
  },
} satisfies Config;
