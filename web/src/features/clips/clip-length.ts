import { quoteTime } from '@verbatim/contract/citation';
import { clipSeconds, type Clip } from '@verbatim/contract/clip';

/** "12.4 s" (a clip's length, to a tenth of a second). */
export function clipLengthText(clip: Pick<Clip, 'from' | 'to'>): string {
  return `${clipSeconds(clip).toFixed(1)} s`;
}

/** "01:02–01:14": where in the recording the clip is. */
export function clipPlaceText(clip: Pick<Clip, 'from' | 'to'>): string {
  return `${quoteTime(clip.from)}–${quoteTime(Math.ceil(clip.to))}`;
}
