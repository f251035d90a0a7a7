import type { TranscriptDocument } from '@domain/project';
import type { SpeakerRole } from '@domain/transcript';
import { useEffect, useId, useState } from 'react';
import { useUpdateDocument } from './api/update-document';
import { countOf } from './document-format';
import { ROLE_LABELS } from './document-status';

const ROLES: SpeakerRole[] = ['interviewer', 'participant', 'unknown'];

/** The interview's speakers; the owner corrects the role the server guessed for each. */
export function SpeakerRoles({ projectId, document: doc }: { projectId: string; document: TranscriptDocument }) {
  const update = useUpdateDocument();
  // The role just chosen, shown until the live document carries it.
  const [chosen, setChosen] = useState<Record<string, SpeakerRole>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const titleId = useId();

  useEffect(() => {
    setChosen((current) => {
      const left = Object.fromEntries(Object.entries(current).filter(([label, role]) => doc.speakers.find((s) => s.label === label)?.role !== role));
      return Object.keys(left).length === Object.keys(current).length ? current : left;
    });
  }, [doc.speakers]);

  function choose(label: string, role: SpeakerRole) {
    setSaved(null);
    setChosen((current) => ({ ...current, [label]: role }));
    update.mutate(
      { projectId, documentId: doc.id, speakers: [{ label, role }] },
      {
        onSuccess: () => setSaved(`${label} is now ${ROLE_LABELS[role].toLowerCase()}.`),
        onError: () =>
          setChosen((current) => {
            const { [label]: _dropped, ...rest } = current;
            return rest;
          }),
      },
    );
  }

  return (
    <section className="panel" aria-labelledby={titleId}>
      <h2 id={titleId}>Speakers</h2>
      <p className="panel__hint">
        Roles are guessed from how each speaker talks. Correct them here: insights quote participants only, never the
        interviewer.
      </p>
      <ul className="speaker-list">
        {doc.speakers.map((s) => (
          <li key={s.label} className="speaker-list__item" data-testid="speaker">
            <div className="speaker-list__name">
              <span className={`role-dot role-dot--${chosen[s.label] ?? s.role}`} aria-hidden="true" />
              <span data-testid="speaker-label">{s.label}</span>
            </div>
            {s.aliases.length > 0 && (
              <p className="speaker-list__aliases">Also written as {s.aliases.map((a) => `“${a}”`).join(', ')}</p>
            )}
            <p className="speaker-list__counts">
              {countOf(s.turnCount, 'turn')} · {countOf(s.wordCount, 'word')}
            </p>
            <label className="speaker-list__role">
              <span>Role</span>
              <select
                aria-label={`Role of ${s.label}`}
                value={chosen[s.label] ?? s.role}
                disabled={update.isPending}
                onChange={(e) => choose(s.label, e.target.value as SpeakerRole)}
              >
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {ROLE_LABELS[role]}
                  </option>
                ))}
              </select>
            </label>
          </li>
        ))}
      </ul>
      {update.error && (
        <p className="form-error" role="alert">
          {update.error.message}
        </p>
      )}
      {saved && !update.error && (
        <p className="panel__saved" role="status">
          {saved}
        </p>
      )}
    </section>
  );
}
