import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';

/**
 * Playback links served by our own API (`GET /api/media/{token}`), for the recordings stored on this machine when no
 * Cloud Storage runs (the emulators). A token names the recording's path, which file stored there (a recording
 * attached again under the same name is another, which an old link does not play) and when the link stops working,
 * signed with HMAC-SHA-256: nobody can make one for another recording or another time. Production links are Cloud
 * Storage's own V4 signed URLs instead (recording-store.ts), signed by the function's service account for the object's
 * generation.
 */

export interface MediaLinkReading {
  path: string;
  expiresAt: Date;
  /** The link's time is past: it no longer plays. */
  expired: boolean;
  /** The stored file it was made for, when it names one. */
  version?: string;
}

interface LinkClaims {
  /** The recording's path in the store. */
  p: string;
  /** Expiry, in seconds since the epoch. */
  e: number;
  /** Which stored file at that path (`version`): a recording stored there again later is another. */
  v?: string;
}

export function signMediaLink(key: Buffer, path: string, expiresAt: Date, version?: string): string {
  const claims: LinkClaims = { p: path, e: Math.floor(expiresAt.getTime() / 1000), ...(version ? { v: version } : {}) };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${signature(key, payload)}`;
}

/** What a token names, or null when it was not signed with `key` (tampered with, or made up). */
export function readMediaLink(key: Buffer, token: string, now: Date): MediaLinkReading | null {
  const [payload, mac, extra] = token.split('.');
  if (!payload || !mac || extra !== undefined) return null;
  const expected = Buffer.from(signature(key, payload));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: Partial<LinkClaims>;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<LinkClaims>;
  } catch {
    return null;
  }
  if (typeof claims.p !== 'string' || typeof claims.e !== 'number') return null;
  const expiresAt = new Date(claims.e * 1000);
  return { path: claims.p, expiresAt, expired: expiresAt.getTime() <= now.getTime(), ...(typeof claims.v === 'string' ? { version: claims.v } : {}) };
}

function signature(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

const keys = new Map<string, Promise<Buffer>>();

/**
 * The signing key of a recordings folder: 32 random bytes in `.link-key`, made by whichever process needs it first
 * (written aside, then linked into place, so two processes starting together agree on one). Every emulated function
 * process and the tests share the folder, and so the key; it never leaves this machine.
 */
export function mediaLinkKey(dir: string): Promise<Buffer> {
  let key = keys.get(dir);
  if (!key) {
    key = loadOrMakeKey(dir);
    keys.set(dir, key);
    key.catch(() => keys.delete(dir));
  }
  return key;
}

async function loadOrMakeKey(dir: string): Promise<Buffer> {
  const file = join(dir, '.link-key');
  const existing = await fs.readFile(file).catch(() => null);
  if (existing?.length === 32) return existing;
  await fs.mkdir(dir, { recursive: true });
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await fs.writeFile(aside, randomBytes(32), { mode: 0o600 });
  try {
    await fs.link(aside, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    await fs.rm(aside, { force: true });
  }
  return fs.readFile(file);
}
