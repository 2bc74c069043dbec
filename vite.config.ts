import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders split too: a route's queries (and what they import) load with the route, not with
      // the first screen (bench: JavaScript loaded to show /home).
      codeSplittingOptions: { defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']] },
      quoteStyle: 'single',
    }),
    react(),
    tailwindcss(),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    // Two pages: the portal, and the patients' survey (its own small bundle, no sign-in code).
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        survey: fileURLToPath(new URL('survey.html', import.meta.url)),
      },
    },
  },
  server: { port: 5173 },
});
