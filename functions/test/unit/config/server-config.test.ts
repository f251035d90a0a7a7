import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readServerConfig } from '../../../src/config/server-config';

describe('the server configuration', () => {
  it('runs with nothing set: built-in analyser, billing off, Google and Miro addresses, uploads to Cloud Storage', () => {
    const config = readServerConfig({});
    expect(config.gemini).toBeNull();
    expect(config.billing).toBeNull();
    expect(config.driveApiBase).toBe('https://www.googleapis.com');
    expect(config.miroApiBase).toBe('https://api.miro.com');
    expect(config.uploadVia).toBe('storage');
    expect(config.limits.quotas.projects).toBe(100);
  });

  it('reads Gemini, Stripe and the stand-in addresses the tests point at', () => {
    const config = readServerConfig({
      GEMINI_API_KEY: ' key ',
      GEMINI_BASE_URL: 'http://127.0.0.1:9311/',
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_WEBHOOK_SECRET: 'whsec_test',
      STRIPE_SOLO_PRICE_ID: 'price_demo_solo',
      STRIPE_API_BASE: 'http://127.0.0.1:9312',
      DRIVE_API_BASE: ' http://127.0.0.1:9315/ ',
      MIRO_API_BASE: 'http://127.0.0.1:9314/',
      APP_BASE_URL: 'https://verbatim.example/',
    });
    expect(config.gemini).toEqual({ apiKey: 'key', model: 'gemini-3.8-flash', baseUrl: 'http://127.0.0.1:9311' });
    expect(config.billing).toEqual({
      secretKey: 'sk_test_standin',
      webhookSecret: 'whsec_test',
      soloPriceId: 'price_demo_solo',
      appBaseUrl: 'https://verbatim.example',
      apiBase: 'http://127.0.0.1:9312',
    });
    expect(config.driveApiBase).toBe('http://127.0.0.1:9315');
    expect(config.miroApiBase).toBe('http://127.0.0.1:9314');
  });

  it('uploads through the API on emulators without Cloud Storage, unless told otherwise', () => {
    expect(readServerConfig({ FUNCTIONS_EMULATOR: 'true' })).toMatchObject({ uploadVia: 'api', storageAvailable: false, emulated: true });
    expect(readServerConfig({ FUNCTIONS_EMULATOR: 'true', FIREBASE_STORAGE_EMULATOR_HOST: '127.0.0.1:9199' }).uploadVia).toBe('storage');
    expect(readServerConfig({ FUNCTIONS_EMULATOR: 'true', UPLOAD_VIA: 'storage' }).uploadVia).toBe('storage');
  });

  it('names every missing or malformed setting in one error', () => {
    const read = () =>
      readServerConfig({
        STRIPE_SECRET_KEY: 'sk_test_standin',
        STRIPE_SOLO_PRICE_ID: 'solo',
        MIRO_API_BASE: 'api.miro.com',
        UPLOAD_VIA: 'ftp',
        QUOTA_PROJECTS_PER_ACCOUNT: '0',
      });
    expect(read).toThrow(/^Invalid server configuration: /);
    for (const named of ['QUOTA_PROJECTS_PER_ACCOUNT="0"', 'STRIPE_WEBHOOK_SECRET is missing', 'STRIPE_SOLO_PRICE_ID="solo"', 'MIRO_API_BASE="api.miro.com"', 'UPLOAD_VIA="ftp"']) {
      expect(read).toThrow(named);
    }
  });

  it('bounds recordings: 2 GiB and 3 hours by default, 32 MB through the API; a deployment may lower them, never past storage.rules', () => {
    expect(readServerConfig({}).limits.recordings).toEqual({ maxBytes: 2 * 1024 ** 3, maxSeconds: 3 * 60 * 60, apiMaxBytes: 32 * 1024 ** 2 });
    const lower = readServerConfig({ RECORDINGS_MAX_BYTES: String(1024 ** 3), RECORDINGS_MAX_SECONDS: '7200', RECORDINGS_API_MAX_BYTES: String(8 * 1024 ** 2) });
    expect(lower.limits.recordings).toEqual({ maxBytes: 1024 ** 3, maxSeconds: 7200, apiMaxBytes: 8 * 1024 ** 2 });
    const read = () => readServerConfig({ RECORDINGS_MAX_BYTES: String(3 * 1024 ** 3), RECORDINGS_MAX_SECONDS: 'two hours', RECORDINGS_API_MAX_BYTES: String(64 * 1024 ** 2) });
    for (const named of [`RECORDINGS_MAX_BYTES="${3 * 1024 ** 3}"`, 'RECORDINGS_MAX_SECONDS="two hours"', `RECORDINGS_API_MAX_BYTES="${64 * 1024 ** 2}"`]) expect(read).toThrow(named);
  });

  it('keeps recordings on the emulators in one folder that npm start and the tests share, unless RECORDINGS_DIR says another', () => {
    expect(readServerConfig({ FUNCTIONS_EMULATOR: 'true' }).recordingsDir).toBe(join(tmpdir(), 'verbatim-recordings'));
    expect(readServerConfig({ RECORDINGS_DIR: '/srv/recordings' }).recordingsDir).toBe('/srv/recordings');
  });
});
