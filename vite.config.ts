import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
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
  build: { target: 'es2022', sourcemap: false, reportCompressedSize: false },
  server: { port: 5173 },
});
