import { readBytes, type RecordingBytes } from './read-bytes';

/**
 * A WAV file's layout from its RIFF header: its sample format (the real one behind WAVE_FORMAT_EXTENSIBLE, which
 * recorders and editors write for 24-bit and multichannel sound), and where its sound starts and ends, as written and
 * as the header promises (a file cut off holds less than its header promises).
 */

interface WavLayout {
  /** 1 integer PCM, 3 IEEE float. */
  format: number;
  channels: number;
  bitsPerSample: number;
  byteRate: number;
  blockAlign: number;
  dataStart: number;
  dataEnd: number;
  /** Where the header says the sound ends: past the file's end when the file was cut off. */
  declaredEnd: number;
}

/** The sound's layout from the RIFF header (the first 64 KB hold it in any WAV file a recorder writes). */
export async function wavLayout(source: RecordingBytes): Promise<WavLayout | null> {
  const head = await readBytes(source, 0, 64 * 1024);
  if (head.length < 12 || head.toString('latin1', 0, 4) !== 'RIFF' || head.toString('latin1', 8, 12) !== 'WAVE') return null;
  let fmt: Omit<WavLayout, 'dataStart' | 'dataEnd' | 'declaredEnd'> | null = null;
  for (let offset = 12; offset + 8 <= head.length; ) {
    const id = head.toString('latin1', offset, offset + 4);
    const size = head.readUInt32LE(offset + 4);
    if (id === 'fmt ' && offset + 24 <= head.length) {
      const tag = head.readUInt16LE(offset + 8);
      // WAVE_FORMAT_EXTENSIBLE names the real format in its sub-format's first two bytes.
      const format = tag === 0xfffe && offset + 34 <= head.length ? head.readUInt16LE(offset + 32) : tag;
      fmt = { format, channels: head.readUInt16LE(offset + 10), byteRate: head.readUInt32LE(offset + 16), blockAlign: head.readUInt16LE(offset + 20), bitsPerSample: head.readUInt16LE(offset + 22) };
    }
    if (id === 'data') {
      if (!fmt) return null;
      // A recorder that could not go back to write the size leaves it unset (0 or all ones): the sound runs to the end.
      const declaredEnd = size === 0 || size === 0xffffffff ? source.size : offset + 8 + size;
      return { ...fmt, dataStart: offset + 8, dataEnd: Math.min(source.size, declaredEnd), declaredEnd };
    }
    offset += 8 + size + (size % 2);
  }
  return null;
}
