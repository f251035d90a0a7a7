import { readBytes, type RecordingBytes } from './read-bytes';

/**
 * Whether an uncompressed WAV recording is silent throughout, without reading it whole: the loudness (RMS, in dB below
 * full scale) of a bounded number of stretches spread over the recording. Silent when every stretch is below
 * `SILENT_BELOW_DBFS`: digital silence, or a recorder left on with its microphone off (its noise floor sits far below
 * a voice at -20 to -30 dBFS). Reads at most `STRETCHES` × `STRETCH_SECONDS` of sound (3 MB of CD-quality stereo).
 */

export const SILENT_BELOW_DBFS = -55;
const STRETCHES = 16;
const STRETCH_SECONDS = 1;

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

/** One sample's value in -1..1. */
function sampleReader(layout: WavLayout): ((bytes: Buffer, at: number) => number) | null {
  const { format, bitsPerSample } = layout;
  if (format === 3 && bitsPerSample === 32) return (b, at) => b.readFloatLE(at);
  if (format !== 1) return null;
  if (bitsPerSample === 8) return (b, at) => (b[at] - 128) / 128;
  if (bitsPerSample === 16) return (b, at) => b.readInt16LE(at) / 32_768;
  if (bitsPerSample === 24) return (b, at) => b.readIntLE(at, 3) / 8_388_608;
  if (bitsPerSample === 32) return (b, at) => b.readInt32LE(at) / 2_147_483_648;
  return null;
}

/** Loudness of the stretch in dBFS (all channels together). */
function stretchDbfs(bytes: Buffer, layout: WavLayout, read: (bytes: Buffer, at: number) => number): number {
  const bytesPerSample = layout.bitsPerSample / 8;
  let sum = 0;
  let count = 0;
  for (let at = 0; at + bytesPerSample <= bytes.length; at += bytesPerSample) {
    const v = read(bytes, at);
    sum += v * v;
    count += 1;
  }
  return count === 0 ? -Infinity : 10 * Math.log10(sum / count || 1e-20);
}

/**
 * True when the WAV recording is silent throughout, false when a stretch is louder; null when its sound is not a
 * layout read here (then nothing is said about its silence).
 */
export async function isSilentWav(source: RecordingBytes): Promise<boolean | null> {
  const layout = await wavLayout(source);
  const read = layout && sampleReader(layout);
  if (!layout || !read || layout.blockAlign <= 0) return null;
  const stretchBytes = Math.max(layout.blockAlign, Math.floor((layout.byteRate * STRETCH_SECONDS) / layout.blockAlign) * layout.blockAlign);
  const dataBytes = layout.dataEnd - layout.dataStart;
  const count = Math.max(1, Math.min(STRETCHES, Math.floor(dataBytes / stretchBytes)));
  const spacing = count > 1 ? Math.floor((dataBytes - stretchBytes) / (count - 1) / layout.blockAlign) * layout.blockAlign : 0;
  for (let i = 0; i < count; i++) {
    const start = layout.dataStart + i * spacing;
    const stretch = await readBytes(source, start, Math.min(layout.dataEnd, start + stretchBytes));
    if (stretchDbfs(stretch, layout, read) >= SILENT_BELOW_DBFS) return false;
  }
  return true;
}
