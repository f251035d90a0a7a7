import { useRef } from 'react';

/**
 * A button that opens the file picker for one file; the picker's input is hidden and out of the tab order (the
 * button is what the keyboard reaches), and is emptied after each choice so the same file can be chosen again.
 */
export function FileButton({
  label,
  accept,
  inputLabel,
  className = 'button button--small',
  testId,
  onFile,
}: {
  label: string;
  accept: string;
  /** The input's name for assistive technology and tests ("Upload a new file for …"). */
  inputLabel: string;
  className?: string;
  testId?: string;
  onFile: (file: File) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className={className} onClick={() => inputRef.current?.click()} data-testid={testId}>
        {label}
      </button>
      <input
        ref={inputRef}
        className="visually-hidden"
        type="file"
        accept={accept}
        tabIndex={-1}
        aria-label={inputLabel}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
