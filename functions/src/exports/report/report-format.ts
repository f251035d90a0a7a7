/**
 * How the report writes numbers, counts and dates. Pure and locale-fixed (British English, dates in UTC), so the
 * Word and HTML reports say exactly the same thing wherever the server runs.
 */

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const NUMBER = new Intl.NumberFormat('en-GB');

/** "20 November 2026". */
export function formatDay(date: Date): string {
  return DAY.format(date);
}

/** "4,805". */
export function formatNumber(n: number): string {
  return NUMBER.format(n);
}


/** True when both dates fall on the same (UTC) day, as `formatDay` writes them. */
export function sameDay(a: Date, b: Date): boolean {
  return formatDay(a) === formatDay(b);
}
