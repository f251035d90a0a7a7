import type { Interview } from '@verbatim/contract/project';
import { formatLabel, languageLabel } from './interview-format';
import { byteSizeText } from '@verbatim/contract/byte-size';
import { plural } from '@verbatim/contract/plural';
import { hasTranscript, statusLabel } from './interview-status';
import { StatusChip } from './status-chip';

/** An interview's name and status, and what is known of its file: format, words, turns, language, size. */
export function InterviewFacts({ document: doc }: { document: Interview }) {
  const readable = hasTranscript(doc.status);
  return (
    <header className="doc-header">
      <div className="doc-header__title">
        <h1>{doc.name}</h1>
        <StatusChip status={doc.status} label={statusLabel(doc)} />
      </div>
      <dl className="doc-facts">
        <div>
          <dt>Format</dt>
          <dd>{formatLabel(doc.format, doc.recording?.origin === 'transcribed')}</dd>
        </div>
        {readable && (
          <>
            <div>
              <dt>Words</dt>
              <dd data-testid="word-count">{plural(doc.wordCount, 'word')}</dd>
            </div>
            <div>
              <dt>Turns</dt>
              <dd>{plural(doc.turnCount, 'turn')}</dd>
            </div>
            <div>
              <dt>Language</dt>
              <dd>{languageLabel(doc.language)}</dd>
            </div>
          </>
        )}
        <div>
          <dt>File</dt>
          <dd>
            {doc.fileName} ({byteSizeText(doc.size)})
          </dd>
        </div>
      </dl>
    </header>
  );
}
