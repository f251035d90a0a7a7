/**
 * A clip's interview as the Clips tab and the clip editor name it, read from the interview as it is now (the clip
 * keeps no copy of its name): "…" while the interview is read, its name once read, and "Interview" when it cannot be
 * had (the read failed, or the interview is gone), never an ellipsis that stays.
 */
export function clipInterviewText(name: string | undefined, loading: boolean): string {
  return name ?? (loading ? '…' : 'Interview');
}
