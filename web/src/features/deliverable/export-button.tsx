import { exportFileName } from '@verbatim/contract/exports';
import { useEffect, useRef, useState } from 'react';
import { ProgressBar } from '../../components/progress-bar';
import { copyText } from '../../lib/copy-text';
import { fetchExport } from './api/fetch-export';
import { downloadPercent, type ExportAction } from './export-catalogue';
import { openInNewTab, saveFile } from '../../lib/save-file';

type State =
  | { step: 'idle' }
  | { step: 'working'; percent: number | null }
  | { step: 'done'; message: string }
  | { step: 'failed'; message: string };

const DONE: Record<ExportAction['kind'], string> = {
  download: 'Downloaded.',
  open: 'Opened in a new tab: print it from there to save a PDF.',
  copy: 'Copied: paste onto your Miro or FigJam board.',
};

/** One export: the button, a progress bar while the file is made and arrives, then what happened. */
export function ExportButton({ projectId, projectName, action, primary }: { projectId: string; projectName: string; action: ExportAction; primary: boolean }) {
  const [state, setState] = useState<State>({ step: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  async function run() {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    // A tab opened later than the click would be blocked as a pop-up: open it now, fill it when the file is there.
    const tab = action.kind === 'open' ? window.open('', '_blank') : null;
    setState({ step: 'working', percent: null });
    try {
      const blob = await fetchExport(projectId, action.format, ({ loaded, total }) => setState({ step: 'working', percent: downloadPercent(loaded, total) }), controller.signal);
      if (action.kind === 'download') saveFile(blob, exportFileName(projectName, action.format));
      if (action.kind === 'open' && !openInNewTab(blob, tab)) {
        saveFile(blob, exportFileName(projectName, action.format));
        setState({ step: 'done', message: 'Your browser blocked the new tab, so the printable report was downloaded instead.' });
        return;
      }
      if (action.kind === 'copy' && !(await copyText(await blob.text()))) {
        setState({ step: 'failed', message: 'The browser refused the clipboard. Download the CSV and import it instead.' });
        return;
      }
      setState({ step: 'done', message: DONE[action.kind] });
    } catch (err) {
      tab?.close();
      if ((err as Error).name === 'AbortError') return;
      setState({ step: 'failed', message: (err as Error).message || 'The export failed. Please try again.' });
    }
  }

  const working = state.step === 'working';
  return (
    <div className="export-action" data-format={action.format}>
      <button type="button" className={primary ? 'button button--primary' : 'button'} onClick={() => void run()} disabled={working}>
        {action.label}
      </button>
      {working && <ProgressBar label={action.busy} value={state.percent} />}
      {state.step === 'done' && (
        <p className="export-action__done" role="status">
          {state.message}
        </p>
      )}
      {state.step === 'failed' && (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      )}
    </div>
  );
}
