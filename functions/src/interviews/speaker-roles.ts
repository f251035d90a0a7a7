/**
 * The owner's corrections of speaker roles, pure. A change names the version of the roles it was made from; made from
 * roles that were changed meanwhile (another tab, a request sent twice), it is refused with the roles as they are now,
 * so it never undoes a change already made and paid for.
 */
import { AppError, rolesChangedMessage, type SpeakerRolesNow } from '@verbatim/contract/app-error';
import type { InterviewSpeaker, Interview } from '@verbatim/contract/project';
import type { UpdateInterviewRequest } from '@verbatim/contract/request-bodies';

/** The speakers with the roles the owner set (the last word on a speaker wins). */
export function applyRoles(current: readonly InterviewSpeaker[], changes: NonNullable<UpdateInterviewRequest['speakers']>): InterviewSpeaker[] {
  const roles = new Map(changes.map(({ label, role }) => [label, role]));
  return current.map((s) => (roles.has(s.label) ? { ...s, role: roles.get(s.label)! } : s));
}

/** Whether any speaker's role differs between `before` and `after` (the same speakers, in order). */
export function rolesDiffer(before: readonly InterviewSpeaker[], after: readonly InterviewSpeaker[]): boolean {
  return after.some((s, i) => s.role !== before[i]?.role);
}

/** The roles as they are now, as a 409 sends them. */
export function rolesNow(doc: Pick<Interview, 'speakers' | 'rolesVersion'>): SpeakerRolesNow {
  return { speakers: doc.speakers.map(({ label, role }) => ({ label, role })), rolesVersion: doc.rolesVersion ?? 0 };
}

/** Refuses (409, with the roles as they are now) a role change made from another version of the roles than `doc`'s. */
export function assertRolesVersion(doc: Pick<Interview, 'speakers' | 'rolesVersion'>, readVersion: number | undefined): void {
  const now = rolesNow(doc);
  if (readVersion !== now.rolesVersion) throw new AppError('conflict', rolesChangedMessage(now.speakers), undefined, { ...now });
}
