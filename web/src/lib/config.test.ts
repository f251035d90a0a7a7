import { describe, expect, it } from 'vitest';
import { readConfig } from './config';

describe('client configuration', () => {
  it('defaults to the demo project on the emulators', () => {
    const config = readConfig({});
    expect(config.firebase.projectId).toBe('demo-verbatim');
    expect(config.useEmulators).toBe(true);
    expect(config.apiBase).toBe('/api');
  });

  it('names every missing setting of a real project', () => {
    expect(() => readConfig({ VITE_FIREBASE_PROJECT_ID: 'verbatim-prod', VITE_FIREBASE_API_KEY: 'k' })).toThrow(
      'Missing configuration for project verbatim-prod: VITE_FIREBASE_AUTH_DOMAIN, VITE_FIREBASE_APP_ID',
    );
  });

  it('uses a real project without emulators when complete', () => {
    const config = readConfig({
      VITE_FIREBASE_PROJECT_ID: 'verbatim-prod',
      VITE_FIREBASE_API_KEY: 'k',
      VITE_FIREBASE_AUTH_DOMAIN: 'verbatim-prod.firebaseapp.com',
      VITE_FIREBASE_APP_ID: '1:2:web:3',
      VITE_API_BASE: 'https://api.example.com/',
    });
    expect(config.useEmulators).toBe(false);
    expect(config.apiBase).toBe('https://api.example.com');
  });
});
