import { createReadStream, createWriteStream, promises as fs } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { getStorage } from 'firebase-admin/storage';
import { mediaLinkKey, readMediaLink, signMediaLink, type MediaLinkReading } from './media-links';

/** What is stored of a recording besides its bytes. */
export interface StoredRecording {
  size: number;
  contentType: string;
}

/**
 * Interviews' recordings (audio or video, up to gigabytes), behind an interface so the same code runs where no
 * Storage emulator exists. Nothing here holds a whole recording in memory: bytes come and go as streams.
 */
export interface RecordingStore {
  /** Size and content type, or null when nothing is stored at `path`. */
  stat(path: string): Promise<StoredRecording | null>;
  /** The stored bytes [start, end) as a stream. */
  readRange(path: string, start: number, end: number): Readable;
  /**
   * Stores `body` at `path` (replacing what was there only once all of it arrived); answers the bytes written.
   * More than `maxBytes` stops the write with a `RecordingTooLarge` and stores nothing.
   */
  write(path: string, body: Readable, contentType: string, maxBytes: number): Promise<number>;
  /** The content type the recording is served with (set once its bytes were read: never the name's guess). */
  setContentType(path: string, contentType: string): Promise<void>;
  /** Deletes every recording under the prefix; answers how many. */
  deletePrefix(prefix: string): Promise<number>;
  /** Deletes the one file at `path` (nothing when there is none). */
  delete(path: string): Promise<void>;
  /** A link that plays the recording (with HTTP range requests) until `expiresAt`, then stops working. */
  playbackLink(path: string, expiresAt: Date): Promise<string>;
  /**
   * For a store whose links are served by our own API (`GET /api/media/{token}`): what a link's token names, or
   * null when it is not one of ours. Absent for Cloud Storage, whose links are Google's.
   */
  readLink?(token: string, now: Date): Promise<MediaLinkReading | null>;
}

export class RecordingTooLarge extends Error {
  constructor(readonly limitBytes: number) {
    super(`The recording is over ${limitBytes} bytes.`);
    this.name = 'RecordingTooLarge';
  }
}

/** Counts the bytes passing through; more than `maxBytes` fails the stream. */
function byteLimit(maxBytes: number): Transform & { bytes: () => number } {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(bytes > maxBytes ? new RecordingTooLarge(maxBytes) : null, chunk);
    },
  });
  return Object.assign(counter, { bytes: () => bytes });
}

/**
 * Cloud Storage (production). Playback links are V4 signed read URLs: signing one asks IAM to sign with the function's
 * service account (`iam.serviceAccounts.signBlob`, granted by "Service Account Token Creator" on itself).
 */
export function cloudStorageRecordingStore(bucketName?: string): RecordingStore {
  const bucket = () => (bucketName ? getStorage().bucket(bucketName) : getStorage().bucket());
  return {
    async stat(path) {
      const [exists] = await bucket().file(path).exists();
      if (!exists) return null;
      const [metadata] = await bucket().file(path).getMetadata();
      return { size: Number(metadata.size ?? 0), contentType: metadata.contentType ?? 'application/octet-stream' };
    },
    readRange(path, start, end) {
      // A range read cannot check the whole object's checksum.
      return bucket().file(path).createReadStream({ start, end: end - 1, validation: false });
    },
    async write(path, body, contentType, maxBytes) {
      const counter = byteLimit(maxBytes);
      await pipeline(body, counter, bucket().file(path).createWriteStream({ resumable: false, contentType, metadata: { contentType } }));
      return counter.bytes();
    },
    async setContentType(path, contentType) {
      await bucket().file(path).setMetadata({ contentType });
    },
    async deletePrefix(prefix) {
      const [files] = await bucket().getFiles({ prefix });
      await Promise.all(files.map((f) => f.delete({ ignoreNotFound: true })));
      return files.length;
    },
    async delete(path) {
      await bucket().file(path).delete({ ignoreNotFound: true });
    },
    async playbackLink(path, expiresAt) {
      // The object's generation: once a recording is stored again at this path, the link names one that is gone.
      const [metadata] = await bucket().file(path).getMetadata();
      const generation = metadata.generation === undefined ? {} : { queryParams: { generation: String(metadata.generation) } };
      const [url] = await bucket().file(path).getSignedUrl({ version: 'v4', action: 'read', expires: expiresAt, ...generation });
      return url;
    },
  };
}

const META_SUFFIX = '.meta.json';

/** Which file is stored at `file` now (its inode and time of change), or undefined when none is. */
async function fileVersion(file: string): Promise<string | undefined> {
  const stats = await fs.stat(file, { bigint: true }).catch(() => null);
  return stats ? `${stats.ino}.${stats.ctimeNs}` : undefined;
}

/**
 * A folder on this machine, for the emulators (no Storage emulator runs here): the same folder for `npm start` and the
 * tests. Its playback links are our own API's (`/api/media/{token}`, an HMAC-signed token naming the path and expiry,
 * with a key kept in the folder; see media-links.ts). Each recording has a `.meta.json` beside it with its content type.
 */
export function localDiskRecordingStore(dir: string, apiBase = '/api'): RecordingStore {
  const root = resolve(dir);
  const fileOf = (path: string): string => {
    const file = resolve(root, path);
    if (!file.startsWith(root + sep)) throw new Error(`Not a recording path: ${path}`);
    return file;
  };
  const readMeta = async (file: string): Promise<{ contentType: string }> =>
    JSON.parse(await fs.readFile(file + META_SUFFIX, 'utf8').catch(() => '{"contentType":"application/octet-stream"}')) as { contentType: string };
  return {
    async stat(path) {
      const file = fileOf(path);
      const stats = await fs.stat(file).catch(() => null);
      if (!stats?.isFile()) return null;
      return { size: stats.size, contentType: (await readMeta(file)).contentType };
    },
    readRange(path, start, end) {
      // An empty range: createReadStream's `end` is inclusive, so [0, 0) would read one byte.
      return createReadStream(fileOf(path), end > start ? { start, end: end - 1 } : { start: 1, end: 0 });
    },
    async write(path, body, contentType, maxBytes) {
      const file = fileOf(path);
      await fs.mkdir(join(file, '..'), { recursive: true });
      const partial = `${file}.${process.pid}.${Date.now()}.partial`;
      const counter = byteLimit(maxBytes);
      try {
        await pipeline(body, counter, createWriteStream(partial));
        await fs.writeFile(file + META_SUFFIX, JSON.stringify({ contentType }));
        await fs.rename(partial, file);
      } catch (err) {
        await fs.rm(partial, { force: true });
        throw err;
      }
      return counter.bytes();
    },
    async setContentType(path, contentType) {
      await fs.writeFile(fileOf(path) + META_SUFFIX, JSON.stringify({ contentType }));
    },
    async deletePrefix(prefix) {
      const folder = fileOf(prefix.replace(/\/+$/, ''));
      const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
      const count = entries.filter((e) => e.isFile() && !e.name.endsWith(META_SUFFIX) && !e.name.endsWith('.partial')).length;
      await fs.rm(folder, { recursive: true, force: true });
      return count;
    },
    async delete(path) {
      await fs.rm(fileOf(path), { force: true });
      await fs.rm(fileOf(path) + META_SUFFIX, { force: true });
    },
    async playbackLink(path, expiresAt) {
      return `${apiBase}/media/${signMediaLink(await mediaLinkKey(root), path, expiresAt, await fileVersion(fileOf(path)))}`;
    },
    async readLink(token, now) {
      const link = readMediaLink(await mediaLinkKey(root), token, now);
      // A link names the file it was made for: once another is stored at its path (written aside, then renamed into
      // place: a new inode), it names nothing.
      if (!link || link.version !== (await fileVersion(fileOf(link.path)))) return null;
      return link;
    },
  };
}

/** Cloud Storage in production and with the Storage emulator; on the emulators without it, `recordingsDir`. */
export function defaultRecordingStore(config: { storageAvailable: boolean; recordingsDir: string }): RecordingStore {
  return config.storageAvailable ? cloudStorageRecordingStore() : localDiskRecordingStore(config.recordingsDir);
}
