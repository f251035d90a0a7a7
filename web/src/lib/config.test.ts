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

  describe('billing and contact settings', () => {
    const realProject = {
      VITE_FIREBASE_PROJECT_ID: 'verbatim-prod',
      VITE_FIREBASE_API_KEY: 'k',
      VITE_FIREBASE_AUTH_DOMAIN: 'verbatim-prod.firebaseapp.com',
      VITE_FIREBASE_APP_ID: '1:2:web:3',
    };

    it('a demo project posts the contact form to its own API and offers the default email', () => {
      const config = readConfig({});
      expect(config.demo).toBe(true);
      expect(config.contactFormUrl).toBeUndefined();
      expect(config.contactEmail).toBe('hello@verbatim.app');
    });

    it('a real project posts the contact form to its own API unless an outside address is set', () => {
      const config = readConfig(realProject);
      expect(config.demo).toBe(false);
      expect(config.contactFormUrl).toBeUndefined();
    });

    it('reads the form address and the fallback email, trimmed', () => {
      const config = readConfig({
        ...realProject,
        VITE_CONTACT_FORM_URL: 'https://forms.example.com/f/abc ',
        VITE_CONTACT_EMAIL: ' sales@example.com',
      });
      expect(config.contactFormUrl).toBe('https://forms.example.com/f/abc');
      expect(config.contactEmail).toBe('sales@example.com');
    });

    it('names every malformed setting', () => {
      expect(() =>
        readConfig({ VITE_CONTACT_FORM_URL: 'forms.example.com', VITE_CONTACT_EMAIL: 'sales' }),
      ).toThrow(
        'Invalid configuration: VITE_CONTACT_FORM_URL must be an http(s) address (got "forms.example.com"); ' +
          'VITE_CONTACT_EMAIL must be an email address (got "sales")',
      );
    });
  });

  describe('Google Drive import settings', () => {
    const google = { VITE_GOOGLE_API_KEY: 'AIzaSyA-demo_key123', VITE_GOOGLE_CLIENT_ID: '1234-abc.apps.googleusercontent.com' };

    it('is off on a demo project without a Google API key or client id', () => {
      expect(readConfig({}).drive).toBeNull();
    });

    it('is on by default with both the API key and the OAuth client id, trimmed', () => {
      expect(readConfig({ VITE_GOOGLE_API_KEY: ' AIzaSyA-demo_key123 ', VITE_GOOGLE_CLIENT_ID: '1234-abc.apps.googleusercontent.com ' }).drive).toEqual({
        apiKey: 'AIzaSyA-demo_key123',
        clientId: '1234-abc.apps.googleusercontent.com',
      });
      expect(readConfig({ ...google, VITE_DRIVE_IMPORT: 'true' }).drive).not.toBeNull();
    });

    it('is off when switched off, or when either value is missing', () => {
      expect(readConfig({ ...google, VITE_DRIVE_IMPORT: 'false' }).drive).toBeNull();
      expect(readConfig({ VITE_GOOGLE_API_KEY: google.VITE_GOOGLE_API_KEY }).drive).toBeNull();
      expect(readConfig({ VITE_GOOGLE_CLIENT_ID: google.VITE_GOOGLE_CLIENT_ID }).drive).toBeNull();
    });

    it('names every malformed Drive setting', () => {
      expect(() => readConfig({ VITE_DRIVE_IMPORT: 'yes', VITE_GOOGLE_API_KEY: 'has space', VITE_GOOGLE_CLIENT_ID: '1234-abc' })).toThrow(
        "Invalid configuration: VITE_DRIVE_IMPORT must be 'true' or 'false' (got \"yes\"); " +
          'VITE_GOOGLE_API_KEY must be a Google API key (letters, digits, - and _) (got "has space"); ' +
          'VITE_GOOGLE_CLIENT_ID must be an OAuth client id (….apps.googleusercontent.com) (got "1234-abc")',
      );
    });
  });
});
