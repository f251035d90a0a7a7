/** Google's address for the Drive v3 API. */
export const DEFAULT_DRIVE_API_BASE = 'https://www.googleapis.com';

/**
 * Where the Drive API lives: `DRIVE_API_BASE` from the environment (the tests point it at a
 * local stand-in, as STRIPE_API_BASE and GEMINI_BASE_URL do), else Google's. Read per request.
 */
export function readDriveApiBase(env: Record<string, string | undefined> = process.env): string {
  return (env.DRIVE_API_BASE?.trim() || DEFAULT_DRIVE_API_BASE).replace(/\/+$/, '');
}
