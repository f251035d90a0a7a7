import type { Clip } from '@verbatim/contract/clip';

/** The clip's words as the transcript says them, marked, between the words of its turn around them (greyed). */
export function ClipWords({ clip }: { clip: Pick<Clip, 'before' | 'words' | 'after'> }) {
  return (
    <p className="clip-words" data-testid="clip-words">
      {clip.before && <span className="clip-words__around">{clip.before} </span>}
      <mark className="clip-words__held" data-testid="clip-held-words">
        {clip.words}
      </mark>
      {clip.after && <span className="clip-words__around"> {clip.after}</span>}
    </p>
  );
}
