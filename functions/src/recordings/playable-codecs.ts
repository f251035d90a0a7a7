/**
 * Which recordings browsers play: the sound codec (and for uncompressed sound, the container) against Chrome, Firefox
 * and Safari, from their media support documentation. A recording is accepted when Chrome and Firefox both play it
 * (the player in the app is the browser's own `<audio>`/`<video>`); the Safari column says where an old Safari cannot.
 * Pure.
 */

interface CodecRow {
  /** The name a researcher reads ("This recording's sound is encoded as …"). */
  name: string;
  /** How music-metadata names it (its codec, or a sample entry's four characters in angle brackets). */
  pattern: RegExp;
  /** Containers it is played in (any when absent); `music-metadata`'s container names. */
  containers?: RegExp;
  chrome: boolean;
  firefox: boolean;
  safari: boolean;
}

const MP4_FAMILY = /isom|iso\d|mp4|M4A|M4V|qt|3gp|3g2|avc1|dash/i;

export const CODEC_TABLE: readonly CodecRow[] = [
  { name: 'AAC', pattern: /AAC|mp4a/i, chrome: true, firefox: true, safari: true },
  { name: 'MP3', pattern: /Layer 3|^mp3$|\.mp3|<\.mp3>/i, chrome: true, firefox: true, safari: true },
  { name: 'Opus', pattern: /^opus$|<opus>|A_OPUS/i, chrome: true, firefox: true, safari: true },
  // Safari plays Vorbis in WebM from 15, Ogg from 18.4.
  { name: 'Vorbis', pattern: /vorbis/i, chrome: true, firefox: true, safari: false },
  { name: 'FLAC', pattern: /flac/i, chrome: true, firefox: true, safari: true },
  // Uncompressed sound plays from a WAV file only; inside .mov or .mp4 no browser but Safari plays it.
  { name: 'PCM', pattern: /^PCM$|IEEE_FLOAT|float/i, containers: /WAVE/, chrome: true, firefox: true, safari: true },
  { name: 'uncompressed PCM', pattern: /PCM|<(sowt|twos|lpcm|in24|in32|fl32|fl64|raw )>/i, chrome: false, firefox: false, safari: true },
  { name: 'ALAC (Apple Lossless)', pattern: /ALAC|<alac>/i, chrome: false, firefox: false, safari: true },
  { name: 'AMR', pattern: /AMR|<samr>|<sawb>/i, chrome: false, firefox: false, safari: false },
  { name: 'WMA', pattern: /WMA|Windows Media/i, chrome: false, firefox: false, safari: false },
  { name: 'AC-3 (Dolby Digital)', pattern: /AC-?3|<ac-3>|<ec-3>/i, chrome: false, firefox: false, safari: true },
  { name: 'MPEG Layer II', pattern: /Layer (1|2)/i, chrome: false, firefox: false, safari: true },
  { name: 'ADPCM', pattern: /ADPCM/i, chrome: false, firefox: false, safari: false },
  { name: 'μ-law or A-law', pattern: /law/i, chrome: false, firefox: false, safari: false },
];

export type CodecVerdict = { playable: true; name: string } | { playable: false; name: string };

/** Whether browsers play `codec` as read from `container`; an unknown codec is not played. */
export function codecVerdict(container: string, codec: string): CodecVerdict {
  const row = CODEC_TABLE.find((r) => r.pattern.test(codec) && (!r.containers || r.containers.test(container)));
  if (!row) return { playable: false, name: codec.replace(/^<|>$/g, '').trim() || 'an unknown codec' };
  return { playable: row.chrome && row.firefox, name: row.name };
}

/** Whether the container is MPEG-4 or QuickTime (music-metadata names it by its brands: "M4A/isom/iso2", "qt"). */
export function isMp4Family(container: string): boolean {
  return MP4_FAMILY.test(container);
}

/** The content type a recording is served with, from what was read (never from its name). */
export function servedContentType(container: string, hasVideo: boolean): string | null {
  if (isMp4Family(container)) return hasVideo ? 'video/mp4' : 'audio/mp4';
  if (/webm|matroska/i.test(container)) return hasVideo ? 'video/webm' : 'audio/webm';
  if (/^MPEG$/i.test(container)) return 'audio/mpeg';
  if (/WAVE/i.test(container)) return 'audio/wav';
  if (/^Ogg$/i.test(container)) return 'audio/ogg';
  if (/FLAC/i.test(container)) return 'audio/flac';
  return null;
}
