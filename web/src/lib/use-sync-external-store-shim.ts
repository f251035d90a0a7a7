/** React 19's own useSyncExternalStore, where reactfire asks for the shim written for React 16 and 17 (vite.config.ts). */
export { useSyncExternalStore } from 'react';
