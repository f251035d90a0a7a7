import { MAX_PROJECT_NAME_LENGTH } from '@verbatim/contract/project';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { interviewsPath } from '../interviews';
import type { AnalyserName } from '@verbatim/contract/insight';
import { ANALYSIS_CHOICE_NAMES } from '@verbatim/contract/analysis-choice';
import { useCapabilities } from './api/get-capabilities';
import { useCreateProject } from './api/create-project';
import { cleanProjectName, projectNameError } from './api/project-name';

/** Names and creates a project, then opens it on its Interviews page, where its first transcripts are uploaded. */
export function NewProjectForm({ onCreated }: { onCreated?: (name: string) => void }) {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const create = useCreateProject();
  const inputId = useId();
  const errorId = useId();
  const titleId = useId();
  // Where the server offers Gemini, a new project uses it unless the researcher chooses "Verbatim only".
  const geminiAvailable = useCapabilities().data?.analysers.gemini === true;
  const [analyser, setAnalyser] = useState<AnalyserName>('gemini');

  // Too long shows while typing; empty only once the user tried to submit.
  const invalid = projectNameError(name);
  const shownInvalid = touched || cleanProjectName(name).length > MAX_PROJECT_NAME_LENGTH ? invalid : null;
  const error = shownInvalid ?? (create.error ? create.error.message : null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    create.reset();
    if (invalid) return;
    create.mutate(
      geminiAvailable ? { name, analyser } : { name },
      {
        onSuccess: (project) => {
          setName('');
          setTouched(false);
          onCreated?.(project.name);
          navigate(interviewsPath(project.id));
        },
      },
    );
  }

  return (
    <form className="new-project" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <h2 id={titleId} className="new-project__title">New project</h2>
      <label htmlFor={inputId} className="visually-hidden">
        Project name
      </label>
      <div className="new-project__row">
        <input
          id={inputId}
          name="name"
          type="text"
          placeholder="Project name, e.g. Onboarding interviews, spring 2026"
          autoComplete="off"
          value={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setName(e.target.value);
            if (create.error) create.reset();
          }}
        />
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create project'}
        </button>
      </div>
      {geminiAvailable && (
        <fieldset className="new-project__analyser">
          <legend>Analysis</legend>
          <label>
            <input type="radio" name="analyser" value="gemini" checked={analyser === 'gemini'} onChange={() => setAnalyser('gemini')} /> {ANALYSIS_CHOICE_NAMES.gemini}: your
            transcripts are sent to Google, with names, emails and phone numbers redacted first
          </label>
          <label>
            <input type="radio" name="analyser" value="local" checked={analyser === 'local'} onChange={() => setAnalyser('local')} /> {ANALYSIS_CHOICE_NAMES.local}: your
            transcripts never leave Verbatim
          </label>
        </fieldset>
      )}
      {error && (
        <p id={errorId} className="form-error" role="alert" data-testid="new-project-error">
          {error}
        </p>
      )}
    </form>
  );
}
