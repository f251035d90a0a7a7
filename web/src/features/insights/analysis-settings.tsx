import { ANALYSIS_CHOICE_MEANINGS, ANALYSIS_CHOICE_NAMES, choiceName } from '@verbatim/contract/analysis-choice';
import type { Project, ProjectSettings } from '@verbatim/contract/project';
import { useEffect, useId, useRef, useState } from 'react';
import { analyserShortName, settingsLabel } from './analysis-labels';
import { useCapabilities } from '../projects';
import { useUpdateAnalysisSettings } from './api/update-analysis-settings';

export const GEMINI_UNAVAILABLE = `Google Gemini is not configured on this server: interviews are analysed with ${choiceName('local')}, and nothing leaves Verbatim’s servers.`;

/**
 * The project's "Analysis" control: "Verbatim only" or "Google Gemini" (contract/analysis-choice.ts), and whether names, emails and phone numbers
 * are redacted before anything is sent to Gemini. Saved through the API; the live project confirms it.
 */
export function AnalysisSettings({ project }: { project: Project }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const capabilities = useCapabilities();
  const geminiAvailable = capabilities.data?.analysers.gemini === true;
  const update = useUpdateAnalysisSettings();
  /** What was asked for and is not yet on the live project. */
  const [asked, setAsked] = useState<Partial<ProjectSettings> | null>(null);
  const [saved, setSaved] = useState(false);
  const settings: ProjectSettings = { ...project.settings, ...asked };

  const { analyser, redactPii } = project.settings;
  useEffect(() => {
    if (!asked) return;
    const live: ProjectSettings = { analyser, redactPii };
    if ((Object.keys(asked) as (keyof ProjectSettings)[]).every((key) => live[key] === asked[key])) setAsked(null);
  }, [asked, analyser, redactPii]);

  // Closes on a click outside or Escape, like the account menu.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  function save(change: Partial<ProjectSettings>) {
    setSaved(false);
    setAsked((previous) => ({ ...previous, ...change }));
    update.mutate(
      { projectId: project.id, settings: change },
      {
        onSuccess: () => setSaved(true),
        onError: () => setAsked(null),
      },
    );
  }

  const checking = capabilities.isPending;
  const geminiChosen = settings.analyser === 'gemini';

  return (
    <div className="analysis-settings" ref={rootRef}>
      <button
        type="button"
        className="button button--small analysis-settings__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        data-testid="analysis-toggle"
      >
        <span className="analysis-settings__caption">Analysis</span>
        <span className="analysis-settings__value">{analyserShortName(settings, geminiAvailable)}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div className="analysis-settings__panel" id={panelId} role="group" aria-label="Analysis">
          <fieldset className="analysis-settings__choices">
            <legend>How this project’s interviews are analysed</legend>
            <label className="choice">
              <input
                type="radio"
                name={`${panelId}-analyser`}
                value="local"
                checked={settings.analyser === 'local'}
                onChange={() => save({ analyser: 'local' })}
                aria-describedby={`${panelId}-local`}
              />
              <span>
                <span className="choice__title">{ANALYSIS_CHOICE_NAMES.local}</span>
                <span className="choice__hint" id={`${panelId}-local`}>
                  {ANALYSIS_CHOICE_MEANINGS.local}
                </span>
              </span>
            </label>
            <label className={`choice${geminiAvailable ? '' : ' choice--disabled'}`}>
              <input
                type="radio"
                name={`${panelId}-analyser`}
                value="gemini"
                checked={geminiChosen}
                disabled={!geminiAvailable}
                onChange={() => save({ analyser: 'gemini' })}
                aria-describedby={`${panelId}-gemini`}
              />
              <span>
                <span className="choice__title">{ANALYSIS_CHOICE_NAMES.gemini}</span>
                <span className="choice__hint" id={`${panelId}-gemini`}>
                  {checking
                    ? 'Checking whether Gemini is available…'
                    : geminiAvailable
                      ? ANALYSIS_CHOICE_MEANINGS.gemini
                      : GEMINI_UNAVAILABLE}
                </span>
              </span>
            </label>
          </fieldset>
          {geminiChosen && (
            <label className="switch">
              <input
                type="checkbox"
                role="switch"
                checked={settings.redactPii}
                disabled={!geminiAvailable}
                onChange={(event) => save({ redactPii: event.target.checked })}
              />
              <span>Redact names, emails and phone numbers before sending to Gemini</span>
            </label>
          )}
          <p className="analysis-settings__effect" data-testid="analysis-effect">
            Interviews analysed from now on: <strong>{settingsLabel(settings, geminiAvailable)}</strong>. Insights already found keep
            the analysis they had.
          </p>
          <p className="analysis-settings__status" role="status">
            {update.isPending ? 'Saving…' : update.isError ? '' : saved ? 'Saved.' : ''}
          </p>
          {update.isError && (
            <p className="form-error" role="alert">
              {update.error.message}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
