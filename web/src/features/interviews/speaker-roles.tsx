import type { SpeakerRolesNow } from '@verbatim/contract/app-error';
import type { Interview } from '@verbatim/contract/project';
import type { SpeakerRole } from '@verbatim/contract/transcript';
import { Fragment, useEffect, useId, useState } from 'react';
import { useAuth } from '../../app/auth-provider';
import { ApiError } from '../../lib/api-client';
import { rolesChangedMeanwhile, useUpdateInterview } from './api/update-interview';
import { plural } from '@verbatim/contract/plural';
import { ROLE_LABELS } from './interview-status';
import { canReanalyse, roleChangeNote } from './credits-line';
import { AnalyseWithRoles, RolesQuestion } from './roles-check';
import { SpeakerRename } from './speaker-rename';

const ROLES: SpeakerRole[] = ['interviewer', 'participant', 'unknown'];

/**
 * The interview's speakers; the owner corrects the role the server guessed for each. Who is a participant decides
 * what may be quoted, so on an analysed interview a role change runs the analysis again (charged like an upload):
 * the panel says so, and asks before doing it. A change is sent with the version of the roles it was chosen from;
 * when they were changed meanwhile (another tab), the server refuses it and the panel shows the roles as they are now.
 * An interview whose roles the server could not guess safely waits for them to be checked: the panel says why, role
 * changes are free, and one button asks for the analysis with the roles as shown.
 */
export function SpeakerRoles({
  projectId,
  document: doc,
  onOutOfCredits,
  headingLevel = 2,
}: {
  projectId: string;
  document: Interview;
  onOutOfCredits?: () => void;
  headingLevel?: 2 | 3;
}) {
  const { user } = useAuth();
  const subscribed = user?.subscriptionActive ?? false;
  const update = useUpdateInterview();
  // The role just chosen, shown until the live document carries it.
  const [chosen, setChosen] = useState<Record<string, SpeakerRole>>({});
  // A change waiting for the researcher to accept the re-analysis, with the version of the roles it was chosen from.
  const [pending, setPending] = useState<{ label: string; role: SpeakerRole; rolesVersion: number } | null>(null);
  // The roles as the server said they are now, after refusing a change made from older ones (until the live document has them).
  const [told, setTold] = useState<SpeakerRolesNow | null>(null);
  const shown = told && told.rolesVersion > doc.rolesVersion ? told : { speakers: doc.speakers, rolesVersion: doc.rolesVersion };
  const roleNow = (label: string, fallback: SpeakerRole) => shown.speakers.find((s) => s.label === label)?.role ?? fallback;
  const [saved, setSaved] = useState<string | null>(null);
  const titleId = useId();
  const analysed = canReanalyse(doc);
  const checking = doc.status === 'awaiting-roles';
  const running = doc.status === 'parsed' || doc.status === 'analyzing' || doc.status === 'parsing' || doc.status === 'uploading';
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  useEffect(() => {
    setChosen((current) => {
      const left = Object.fromEntries(Object.entries(current).filter(([label, role]) => doc.speakers.find((s) => s.label === label)?.role !== role));
      return Object.keys(left).length === Object.keys(current).length ? current : left;
    });
  }, [doc.speakers]);

  function apply(label: string, role: SpeakerRole, rolesVersion: number) {
    setSaved(null);
    setPending(null);
    setChosen((current) => ({ ...current, [label]: role }));
    update.mutate(
      { projectId, documentId: doc.id, speakers: [{ label, role }], rolesVersion },
      {
        onSuccess: ({ reanalysing }) =>
          setSaved(`${label} is now ${ROLE_LABELS[role].toLowerCase()}.${reanalysing ? ' The interview is being analysed again.' : ''}`),
        onError: (err) => {
          setChosen((current) => {
            const { [label]: _dropped, ...rest } = current;
            return rest;
          });
          const now = rolesChangedMeanwhile(err);
          if (now) setTold(now);
          else if (err instanceof ApiError && err.status === 402) onOutOfCredits?.();
        },
      },
    );
  }

  function choose(label: string, role: SpeakerRole) {
    if (analysed) {
      setSaved(null);
      update.reset();
      setPending({ label, role, rolesVersion: shown.rolesVersion });
    } else apply(label, role, shown.rolesVersion);
  }

  return (
    <section className="panel speaker-roles" aria-labelledby={titleId}>
      <Heading id={titleId} className="speaker-roles__title">
        Speakers
      </Heading>
      {checking && <RolesQuestion document={doc} />}
      <p className="panel__hint">
        Roles are guessed from how each speaker talks. Correct them here: insights quote participants only, never the interviewer.
        {analysed && <strong className="speaker-roles__cost"> {roleChangeNote(subscribed)}</strong>}
        {running && ' Roles can be changed once the analysis has finished.'}
      </p>
      <ul className="speaker-list">
        {doc.speakers.map((s) => (
          <li key={s.label} className="speaker-list__item" data-testid="speaker">
            <div className="speaker-list__name">
              <span className={`role-dot role-dot--${pending?.label === s.label ? pending.role : (chosen[s.label] ?? roleNow(s.label, s.role))}`} aria-hidden="true" />
              <span data-testid="speaker-label">{s.label}</span>
            </div>
            <SpeakerRename projectId={projectId} document={doc} label={s.label} onSaved={setSaved} />
            {s.aliases.length > 0 && (
              <p className="speaker-list__aliases">
                Also written as{' '}
                {s.aliases.map((alias, i) => (
                  <Fragment key={alias}>
                    {i > 0 && ', '}
                    <strong>{alias}</strong>
                  </Fragment>
                ))}
              </p>
            )}
            <p className="speaker-list__counts">
              {plural(s.turnCount, 'turn')} · {plural(s.wordCount, 'word')}
            </p>
            <label className="speaker-list__role">
              <span>Role</span>
              <select
                aria-label={`Role of ${s.label}`}
                value={pending?.label === s.label ? pending.role : (chosen[s.label] ?? roleNow(s.label, s.role))}
                disabled={update.isPending || running || (pending !== null && pending.label !== s.label)}
                onChange={(e) => {
                  const role = e.target.value as SpeakerRole;
                  if (role === roleNow(s.label, s.role)) setPending(null);
                  else choose(s.label, role);
                }}
              >
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {ROLE_LABELS[role]}
                  </option>
                ))}
              </select>
            </label>
            {pending?.label === s.label && (
              <div className="confirm speaker-list__confirm" role="group" aria-label={`Change the role of ${s.label}`}>
                <p>
                  {s.label} becomes {ROLE_LABELS[pending.role].toLowerCase()}. {roleChangeNote(subscribed)} Your own edits to its insights are kept.
                </p>
                <div className="confirm__actions">
                  <button type="button" className="button button--primary button--small" onClick={() => apply(pending.label, pending.role, pending.rolesVersion)}>
                    Change role and re-analyse
                  </button>
                  <button type="button" className="button button--small" onClick={() => setPending(null)}>
                    Cancel
                  </button>
                </div>
              </div>
            )}
          </li>
        ))}
      </ul>
      {checking && (
        <AnalyseWithRoles
          projectId={projectId}
          document={doc}
          rolesVersion={shown.rolesVersion}
          subscribed={subscribed}
          disabled={update.isPending}
          onOutOfCredits={onOutOfCredits}
          onRolesChanged={setTold}
        />
      )}
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
