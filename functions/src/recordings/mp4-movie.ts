import { readBytes, type RecordingBytes } from './read-bytes';

/**
 * What an MPEG-4 or QuickTime file's movie header (`moov/mvhd`) says of its length, read box by box: only the boxes'
 * headers are read on the way to `moov` (which may come after gigabytes of media), then `moov` itself, up to a bound.
 * music-metadata reads the length from the sound track's own header, which it misses in QuickTime files that name a
 * second handler inside the track; the movie header is then the answer.
 */

/** The largest movie box read (a two-hour video's index is a few MB). */
const MAX_MOOV_BYTES = 64 * 1024 * 1024;

/** The most top-level boxes walked on the way to `moov` (a recorder writes a handful). */
const MAX_TOP_LEVEL_BOXES = 1024;

interface Box {
  type: string;
  /** Where its content starts and ends, in the file. */
  start: number;
  end: number;
}

async function boxAt(source: RecordingBytes, offset: number): Promise<Box | null> {
  const header = await readBytes(source, offset, offset + 16);
  if (header.length < 8) return null;
  const size32 = header.readUInt32BE(0);
  const type = header.toString('latin1', 4, 8);
  if (size32 === 1) {
    if (header.length < 16) return null;
    const size = Number(header.readBigUInt64BE(8));
    return { type, start: offset + 16, end: offset + size };
  }
  return { type, start: offset + 8, end: size32 === 0 ? source.size : offset + size32 };
}

/** The movie's length in seconds from its movie header, or null when there is none to read. */
export async function mp4MovieSeconds(source: RecordingBytes): Promise<number | null> {
  let offset = 0;
  for (let boxes = 0; offset < source.size && boxes < MAX_TOP_LEVEL_BOXES; boxes++) {
    const box = await boxAt(source, offset);
    if (!box || box.end <= offset || box.end > source.size) return null;
    if (box.type === 'moov') {
      if (box.end - box.start > MAX_MOOV_BYTES) return null;
      return movieHeaderSeconds(await readBytes(source, box.start, box.end));
    }
    offset = box.end;
  }
  return null;
}

function movieHeaderSeconds(moov: Buffer): number | null {
  for (let offset = 0; offset + 8 <= moov.length; ) {
    const size = moov.readUInt32BE(offset);
    const type = moov.toString('latin1', offset + 4, offset + 8);
    if (size < 8) return null;
    if (type === 'mvhd') {
      const body = moov.subarray(offset + 8, offset + size);
      const version = body[0];
      const timeScale = version === 1 ? body.readUInt32BE(20) : body.readUInt32BE(12);
      const duration = version === 1 ? Number(body.readBigUInt64BE(24)) : body.readUInt32BE(16);
      return timeScale > 0 && duration > 0 ? duration / timeScale : null;
    }
    offset += size;
  }
  return null;
}
