/** What the interviews page says about credits, and what a re-analysis costs. */

/** "9 credits left · each new interview or re-analysis uses one"; "Unlimited (Solo plan)" for subscribers. */
export function creditsLine(credits: number | null, subscribed: boolean): string {
  if (subscribed) return 'Unlimited (Solo plan)';
  if (credits === null) return 'Checking your credits…';
  if (credits <= 0) return 'No credits left · subscribe for unlimited interviews and re-analyses';
  return `${credits} ${credits === 1 ? 'credit' : 'credits'} left · each new interview or re-analysis uses one`;
}

/** "(1 credit)", or what a subscriber pays: nothing more. */
export function reanalysisCost(subscribed: boolean): string {
  return subscribed ? '(included in your Solo plan)' : '(1 credit)';
}

/** Said before a role change that sends an analysed interview back to the insight engine. */
export function roleChangeNote(subscribed: boolean): string {
  return `Changing a role re-analyses this interview ${reanalysisCost(subscribed)}.`;
}

/** The button that sends an interview waiting for its speakers to be checked to the insight engine, with its cost. */
export function analyseWithRolesLabel(subscribed: boolean): string {
  return `Analyse with these roles ${reanalysisCost(subscribed)}`;
}

/** Whether the insight engine can run again on this interview: it was analysed, or its analysis failed. */
export function canReanalyse(doc: { status: string; errorCode: string | null }): boolean {
  return doc.status === 'ready' || (doc.status === 'failed' && (doc.errorCode ?? '').startsWith('analysis-'));
}

/** A failure of reading the file (not of the analysis): the file is not kept, so it must be uploaded again. */
export function isParseFailure(doc: { status: string; errorCode: string | null }): boolean {
  return doc.status === 'failed' && !(doc.errorCode ?? '').startsWith('analysis-');
}
