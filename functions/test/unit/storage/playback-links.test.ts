import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRange } from '../../../src/storage/byte-range';
import { Readable } from 'node:stream';
import { mediaLinkKey, readMediaLink, signMediaLink } from '../../../src/storage/media-links';
import { localDiskRecordingStore } from '../../../src/storage/recording-store';

const NOW = new Date('2026-11-28T10:00:00Z');
const key = Buffer.alloc(32, 7);

describe('playback links served by the API (the emulators’ recordings)', () => {
  it('name the recording and when they stop playing', () => {
    const token = signMediaLink(key, 'recordings/u/p/d/call.m4a', new Date(NOW.getTime() + 3_600_000));
    expect(readMediaLink(key, token, NOW)).toEqual({ path: 'recordings/u/p/d/call.m4a', expiresAt: new Date(NOW.getTime() + 3_600_000), expired: false });
    expect(readMediaLink(key, token, new Date(NOW.getTime() + 3_600_000))?.expired).toBe(true);
  });

  it('cannot be altered, made up, or signed with another key', () => {
    const token = signMediaLink(key, 'recordings/u/p/d/call.m4a', new Date(NOW.getTime() + 60_000));
    const [payload, mac] = token.split('.');
    const other = Buffer.from(JSON.stringify({ p: 'recordings/v/p/d/other.m4a', e: 4_000_000_000 })).toString('base64url');
    for (const forged of [`${other}.${mac}`, `${payload}.${mac.slice(0, -2)}AA`, payload, `${payload}.${mac}.x`, '', 'a.b']) {
      expect(readMediaLink(key, forged, NOW)).toBeNull();
    }
    expect(readMediaLink(Buffer.alloc(32, 8), token, NOW)).toBeNull();
  });

  it('play only the file they were made for: a recording stored again under the same name is not played by an old link', async () => {
    const store = localDiskRecordingStore(mkdtempSync(join(tmpdir(), 'verbatim-links-')));
    const path = 'recordings/u/p/d/call.m4a';
    await store.write(path, Readable.from([Buffer.from('first recording')]), 'audio/mp4', 1000);
    const tokenOf = (link: string) => link.slice('/api/media/'.length);
    const first = tokenOf(await store.playbackLink(path, new Date(Date.now() + 3_600_000)));
    expect(await store.readLink!(first, new Date())).toMatchObject({ path, expired: false });
    // The recording removed and attached again under the same name, within the first link's hour.
    await store.deletePrefix('recordings/u/p/d/');
    await store.write(path, Readable.from([Buffer.from('second recording')]), 'audio/mp4', 1000);
    expect(await store.readLink!(first, new Date())).toBeNull();
    const second = tokenOf(await store.playbackLink(path, new Date(Date.now() + 3_600_000)));
    expect(await store.readLink!(second, new Date())).toMatchObject({ path, expired: false });
  });

  it('share one key per recordings folder, made once by whichever process asks first', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verbatim-link-key-'));
    // Two names of one folder, as two processes would ask: each makes a key, one lands, both read it.
    const [a, b] = await Promise.all([mediaLinkKey(dir), mediaLinkKey(`${dir}/`)]);
    expect(a).toHaveLength(32);
    expect(a.equals(b)).toBe(true);
  });
});

describe('the byte range a player asks for', () => {
  it.each([
    ['bytes=0-99', [0, 100]],
    ['bytes=100-', [100, 1000]],
    ['bytes=-10', [990, 1000]],
    ['bytes=900-5000', [900, 1000]],
    ['bytes=-5000', [0, 1000]],
  ])('%s of 1000 bytes', (header, range) => {
    expect(parseRange(header, 1000)).toEqual(range);
  });

  it('the whole file without a range, or with one it does not serve (several ranges, another unit)', () => {
    for (const header of [undefined, 'bytes=0-1,5-9', 'items=0-1', 'bytes=-']) expect(parseRange(header, 1000)).toBeNull();
  });

  it('nothing past the end', () => {
    for (const header of ['bytes=1000-', 'bytes=2000-3000', 'bytes=-0', 'bytes=5-2']) expect(parseRange(header, 1000)).toBe('unsatisfiable');
  });
});
