import { readBytes, type RecordingBytes } from './read-bytes';

/**
 * A WAV file's layout from its RIFF header: its sample format (the real one behind WAVE_FORMAT_EXTENSIBLE, which
 * recorders and editors write for 24-bit and multichannel sound), and where the header says its sound ends (past the
 * file's end when the file was cut off).
 */

interface WavLayout {
  /** 1 integer PCM, 3 IEEE float. */
  format: number;
  /** Where the header says the sound ends: past the file's end when the file was cut off. */
  declaredEnd: number;
}

/** The sound's layout from the RIFF header (the first 64 KB hold it in any WAV file a recorder writes). */
export async function wavLayout(source: RecordingBytes): Promise<WavLayout | null> {
  const head = await readBytes(source, 0, 64 * 1024);
  if (head.length < 12 || head.toString('latin1', 0, 4) !== 'RIFF' || head.toString('latin1', 8, 12) !== 'WAVE') return null;
  let format: number | null = null;
  for (let offset = 12; offset + 8 <= head.length; ) {
    const id = head.toString('latin1', offset, offset + 4);
    const size = head.readUInt32LE(offset + 4);
    if (id === 'fmt ' && offset + 24 <= head.length) {
      const tag = head.readUInt16LE(offset + 8);
      // WAVE_FORMAT_EXTENSIBLE names the real format in its sub-format's first two bytes.
      format = tag === 0xfffe && offset + 34 <= head.length ? head.readUInt16LE(offset + 32) : tag;
    }
    if (id === 'data') {
      if (format === null) return null;
      // A recorder that could not go back to write the size leaves it unset (0 or all ones): the sound runs to the end.
      return { format, declaredEnd: size === 0 || size === 0xffffffff ? source.size : offset + 8 + size };
    }
    offset += 8 + size + (size % 2);
  }
  return null;
}
