import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FFMPEG_QUIET, READ_WINDOW_BYTES, recordingDemuxer, recordingInputArguments } from '../recordings/cut-clip';
import { CutFailed, cutWithFfmpeg, runFfmpeg } from '../recordings/ffmpeg-cut';
import type { RecordingBytes } from '../recordings/read-bytes';
import { reelSeconds, srtOf, type ReelClip, type ReelSegment } from './reel-plan';

/**
 * A highlight reel rendered with ffmpeg from its plan (reel-plan.ts): each title card drawn on a plain background, each
 * clip read from its recording through the loopback link (only its stretch, `-ss` before the input, as cut-clip.ts
 * reads one) with its words burnt in as captions — a recording without a picture plays over the plain background —
 * every piece made alike (640×360 H.264 at 25 frames a second, AAC 48 kHz stereo) and joined without re-encoding into
 * one MP4 whose index comes first. Nothing is left behind on failure: the pieces' folder is deleted, and the reel's
 * file too.
 */

/** ffmpeg could not make a piece of the reel: `clip` is the clip it could not cut, or null for a card or the joining. */
export class ReelPieceFailed extends CutFailed {
  constructor(
    reason: string,
    readonly clip: ReelClip | null,
  ) {
    super(reason);
    this.name = 'ReelPieceFailed';
  }
}

export interface ReelSource {
  bytes: RecordingBytes;
  /** The container as read when the recording was checked. */
  container: string;
}

export interface ReelRenderOptions {
  /** The recording a clip is cut from (throws when it is gone). */
  sourceOf(clip: ReelClip): Promise<ReelSource>;
  /** Called after each piece, with the share of the reel's seconds done (0..1). */
  onProgress?(done: number): void | Promise<void>;
  signal?: AbortSignal;
  ffmpegPath?: string;
  /** The most one piece may take. */
  pieceTimeoutMs?: number;
}

export interface RenderedReel {
  path: string;
  size: number;
  seconds: number;
  dispose(): Promise<void>;
}

const WIDTH = 640;
const HEIGHT = 360;
const FPS = 25;
const BACKGROUND = '0x1f3a5f';

/** The encoding every piece shares, so the pieces join without re-encoding. */
const ENCODING = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '28', '-pix_fmt', 'yuv420p', '-r', String(FPS), '-c:a', 'aac', '-b:a', '96k', '-ar', '48000', '-ac', '2'];

/** A filter argument's value quoted for ffmpeg's filter graph (a path of our own temporary folder). */
const quoted = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "'\\''").replace(/:/g, '\\:')}'`;

/** ffmpeg's arguments for a title card: its lines centred on the plain background, with silence. */
function cardArguments(textFile: string, seconds: number, out: string): string[] {
  const text = `drawtext=textfile=${quoted(textFile)}:expansion=none:fontcolor=white:fontsize=26:line_spacing=14:x=(w-text_w)/2:y=(h-text_h)/2`;
  return [
    ...FFMPEG_QUIET,
    '-f', 'lavfi', '-i', `color=c=${BACKGROUND}:s=${WIDTH}x${HEIGHT}:r=${FPS}:d=${seconds.toFixed(3)}`,
    '-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=stereo',
    '-t', seconds.toFixed(3), '-vf', text, '-map', '0:v', '-map', '1:a', ...ENCODING, '-shortest', '-f', 'mp4', '-y', out,
  ];
}

/** ffmpeg's arguments for a clip: its stretch of `url`, its captions burnt in, over the background when it has no picture. */
function clipPieceArguments(url: string, demuxer: string, clip: Pick<ReelClip, 'from' | 'to' | 'hasVideo'>, captionsFile: string, out: string): string[] {
  const seconds = Math.max(0.1, clip.to - clip.from).toFixed(3);
  const captions = `subtitles=filename=${quoted(captionsFile)}:force_style='FontSize=20,Outline=2'`;
  const picture = clip.hasVideo
    ? `[0:v:0]scale=${WIDTH}:${HEIGHT}:force_original_aspect_ratio=decrease,pad=${WIDTH}:${HEIGHT}:(ow-iw)/2:(oh-ih)/2,fps=${FPS},format=yuv420p,${captions}[v]`
    : `[1:v]format=yuv420p,${captions}[v]`;
  return [
    ...FFMPEG_QUIET,
    ...recordingInputArguments(url, demuxer, clip.from),
    ...(clip.hasVideo ? [] : ['-f', 'lavfi', '-i', `color=c=${BACKGROUND}:s=${WIDTH}x${HEIGHT}:r=${FPS}`]),
    '-filter_complex', `${picture};[0:a:0]aresample=48000,aformat=channel_layouts=stereo[a]`,
    '-map', '[v]', '-map', '[a]', '-t', seconds, ...ENCODING, '-sn', '-dn', '-map_metadata', '-1', '-f', 'mp4', '-y', out,
  ];
}

/**
 * Renders the plan into one MP4; throws `ReelPieceFailed` (the pieces deleted) when ffmpeg cannot make a piece, and
 * anything else (a source gone, a progress not recorded) as it was thrown.
 */
export async function renderReel(plan: readonly ReelSegment[], options: ReelRenderOptions): Promise<RenderedReel> {
  const work = await fs.mkdtemp(join(tmpdir(), 'reel-'));
  const out = join(tmpdir(), `${work.split('/').at(-1)}.mp4`);
  const timeoutMs = options.pieceTimeoutMs ?? 120_000;
  const run = { ffmpegPath: options.ffmpegPath, timeoutMs, signal: options.signal, abortReason: 'the reel’s rendering was stopped' };
  const total = reelSeconds(plan);
  let making: ReelClip | null = null;
  try {
    const pieces: string[] = [];
    let done = 0;
    for (const [i, segment] of plan.entries()) {
      const piece = join(work, `piece-${String(i).padStart(3, '0')}.mp4`);
      making = segment.kind === 'clip' ? segment.clip : null;
      if (segment.kind === 'card') {
        const textFile = join(work, `card-${i}.txt`);
        await fs.writeFile(textFile, segment.lines.join('\n'));
        await runFfmpeg(cardArguments(textFile, segment.seconds, piece), run);
      } else {
        const source = await options.sourceOf(segment.clip);
        const demuxer = recordingDemuxer(source.container);
        const captionsFile = join(work, `captions-${i}.srt`);
        await fs.writeFile(captionsFile, srtOf(segment.captions));
        const cut = await cutWithFfmpeg(source.bytes, (url, file) => clipPieceArguments(url, demuxer, segment.clip, captionsFile, file), {
          ...run,
          windowBytes: READ_WINDOW_BYTES,
          extension: 'mp4',
          emptyReason: 'nothing could be decoded at the clip’s moment',
        });
        await fs.rename(cut.path, piece).catch(async () => {
          await fs.copyFile(cut.path, piece);
          await cut.dispose();
        });
      }
      making = null;
      pieces.push(piece);
      done += segment.seconds;
      await options.onProgress?.(total > 0 ? done / total : 1);
    }
    const list = join(work, 'pieces.txt');
    await fs.writeFile(list, pieces.map((p) => `file '${p}'`).join('\n'));
    await runFfmpeg([...FFMPEG_QUIET, '-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', '-movflags', '+faststart', '-f', 'mp4', '-y', out], run);
    const { size } = await fs.stat(out);
    return { path: out, size, seconds: total, dispose: () => fs.rm(out, { force: true }) };
  } catch (err) {
    await fs.rm(out, { force: true });
    throw err instanceof CutFailed ? new ReelPieceFailed(err.message, making) : err;
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}
