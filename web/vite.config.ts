import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';
import { version as reactfireVersion } from '../node_modules/reactfire/package.json';

// reactfire's sources read their version from the environment its own build fills in.
const reactfireDefine = { 'process.env.REACTFIRE_VERSION': JSON.stringify(reactfireVersion) };

export default defineConfig({
  plugins: [react()],
  define: reactfireDefine,
  // The dev server bundles dependencies apart, without the app's define.
  optimizeDeps: { rolldownOptions: { transform: { define: reactfireDefine } } },
  resolve: {
    // rxjs (under reactfire) as ES2015 rather than its ES5 build, which carries tslib's class and generator helpers.
    conditions: [...defaultClientConditions, 'es2015'],
    alias: {
      // What the web and the server agree on, bundled from its TypeScript sources (no SDK imports there).
      '@verbatim/contract/themes': fileURLToPath(new URL('../contract/src/themes/index.ts', import.meta.url)),
      '@verbatim/contract': fileURLToPath(new URL('../contract/src', import.meta.url)),
      // reactfire from the sources its package ships: its built file is one module that imports every Firebase SDK
      // (Database, Functions, Remote Config, Storage...), which would add 200 KB to the Firestore chunk. Its sources
      // keep each SDK's hooks in a module of their own behind a barrel (index.ts), which the build reads lazily (below).
      reactfire: fileURLToPath(new URL('../node_modules/reactfire/src/index.ts', import.meta.url)),
      'use-sync-external-store/shim': fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      // A module is loaded only for the names imported from reactfire's barrel: the providers and useObservable do
      // not bring its Database or Storage hooks, nor the SDKs those import. reactfire's modules only define
      // (contexts, hooks, a cache on globalThis), which is what sideEffects: false says.
      experimental: { lazyBarrel: true },
      treeshake: { moduleSideEffects: [{ test: /node_modules\/reactfire\/src\//, sideEffects: false }] },
    },
  },
  server: { port: 5173 },
});
