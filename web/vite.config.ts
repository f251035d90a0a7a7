import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';
import { version as reactfireVersion } from '../node_modules/reactfire/package.json';

// reactfire's sources read their version from the environment its own build fills in.
const reactfireDefine = { 'process.env.REACTFIRE_VERSION': JSON.stringify(reactfireVersion) };

// React Router's production build, for a build: its package exports only the development one, whose warnings for
// developers (ENABLE_DEV_WARNINGS) would stay in every page's first load. The dev server and tests keep them.
const routerProduction = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('../node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
];

export default defineConfig(({ command }) => ({
  plugins: [react()],
  define: reactfireDefine,
  // The dev server bundles dependencies apart, without the app's define.
  optimizeDeps: { rolldownOptions: { transform: { define: reactfireDefine } } },
  resolve: {
    // rxjs (under reactfire) as ES2015 rather than its ES5 build, which carries tslib's class and generator helpers.
    conditions: [...defaultClientConditions, 'es2015'],
    alias: [
      // What the web and the server agree on, bundled from its TypeScript sources (no SDK imports there).
      { find: '@verbatim/contract/themes', replacement: fileURLToPath(new URL('../contract/src/themes/index.ts', import.meta.url)) },
      { find: '@verbatim/contract', replacement: fileURLToPath(new URL('../contract/src', import.meta.url)) },
      // reactfire from the sources its package ships: its built file is one module that imports every Firebase SDK
      // (Database, Functions, Remote Config, Storage...), which would add 200 KB to the Firestore chunk. Its sources
      // keep each SDK's hooks in a module of their own behind a barrel (index.ts), which the build reads lazily (below).
      { find: /^reactfire$/, replacement: fileURLToPath(new URL('../node_modules/reactfire/src/index.ts', import.meta.url)) },
      { find: 'use-sync-external-store/shim', replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)) },
      ...(command === 'build' ? routerProduction : []),
    ],
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
    // Every browser the es2022 target runs on preloads modules itself: Vite's polyfill for it is 0.5 KB of first load.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // A module is loaded only for the names imported from reactfire's barrel: the providers and useObservable do
      // not bring its Database or Storage hooks, nor the SDKs those import. reactfire's modules only define
      // (contexts, hooks, a cache on globalThis), which is what sideEffects: false says.
      experimental: { lazyBarrel: true },
      treeshake: { moduleSideEffects: [{ test: /node_modules\/reactfire\/src\//, sideEffects: false }] },
      // Pieces every page of the app loads together, each in one file (one file compresses better than several): React
      // with React DOM; the Firebase app with Auth and the reactfire core over them (rxjs' Subject and the like).
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            {
              name: 'firebase-auth',
              test: /node_modules[\\/](@firebase[\\/](app|auth|component|logger|util)|firebase[\\/](app|auth)|idb|rxjs|tslib|reactfire|rxfire[\\/]auth)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: { port: 5173 },
}));
