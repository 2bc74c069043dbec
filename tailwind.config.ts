import type { Config } from 'tailwindcss';

/** Loaded by src/styles.css through `@config`; Tailwind v4 reads the theme from here. */
export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  darkMode: 'class',
  theme: {
    extend: {
      colors: {
        // 300 is the links' colour in the dark theme: a clear blue beside the near-white text (100 was
        // as light as the text, so names in lists read as plain text), 7.8:1 on slate-800.
        brand: { 50: '#eef6ff', 100: '#d9ebff', 300: '#8cc2ff', 600: '#1d5fbf', 700: '#174c99', 800: '#123c7a', 900: '#0f2f5f' },
      },
      fontFamily: { sans: ['system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'sans-serif'] },
    },
  },
} satisfies Config;
