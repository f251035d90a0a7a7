import { ACCEPTED_EXTENSIONS_TEXT } from '@verbatim/contract/transcript';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { ZONE_ACCEPT_ATTRIBUTE } from './upload-checks';
import { UPLOAD_SIZE_MESSAGES } from '@verbatim/contract/upload-size';

/**
 * Drop zone and file picker for transcripts and recordings (several at once); `recordings` says what becomes of a
 * recording in this project; `children` are other ways in (Google Drive).
 */
export function UploadZone({ onFiles, recordings, children }: { onFiles: (files: File[]) => void; recordings?: string; children?: ReactNode }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  }

  return (
    <section
      className={`upload-zone${over ? ' upload-zone--over' : ''}`}
      aria-label="Upload transcripts or recordings"
      onDragEnter={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragOver={(e) => {
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={onDrop}
    >
      <svg className="upload-zone__icon" width="36" height="36" viewBox="0 0 24 24" aria-hidden="true">
        <path fill="currentColor" d="M11 15.6V5.8L7.7 9.1 6.3 7.7 12 2l5.7 5.7-1.4 1.4L13 5.8v9.8h-2ZM4 20v-5h2v3h12v-3h2v5H4Z" />
      </svg>
      <p className="upload-zone__title">
        Drop interview transcripts or recordings here, or{' '}
        <button type="button" className="link-button" onClick={() => inputRef.current?.click()}>
          choose files
        </button>
      </p>
      <p className="upload-zone__hint" data-testid="accepted-types">
        Accepted: {ACCEPTED_EXTENSIONS_TEXT} · {UPLOAD_SIZE_MESSAGES.hint} · one credit per interview
      </p>
      {recordings && (
        <p className="upload-zone__hint" data-testid="accepted-recordings">
          {recordings}
        </p>
      )}
      {children}
      <input
        ref={inputRef}
        className="visually-hidden"
        type="file"
        multiple
        accept={ZONE_ACCEPT_ATTRIBUTE}
        aria-label="Choose transcript files"
        tabIndex={-1}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </section>
  );
}
