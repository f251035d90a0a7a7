import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      // What the web and the server agree on, bundled from its TypeScript sources (no SDK imports there).
      '@verbatim/contract/themes': fileURLToPath(new URL('../contract/src/themes/index.ts', import.meta.url)),
      '@verbatim/contract': fileURLToPath(new URL('../contract/src', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
  },
  server: { port: 5173 },
});
