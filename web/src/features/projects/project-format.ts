import type { ProjectCounts } from '@verbatim/contract/project';
import { plural } from '@verbatim/contract/plural';


/** "N interviews · N words". */
export function projectSummary(counts: ProjectCounts): string {
  return `${plural(counts.documents, 'interview')} · ${plural(counts.words, 'word')}`;
}

const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** "Updated today at 2:05 PM", "Updated yesterday", "Updated Mar 3, 2026". */
export function updatedLabel(date: Date, now = new Date()): string {
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const t = date.getTime();
  if (t >= startOfToday) return `Updated today at ${time.format(date)}`;
  if (t >= startOfToday - 86_400_000) return 'Updated yesterday';
  return `Updated ${day.format(date)}`;
}

/** What deleting takes with it, said before it happens. */
export function deleteWarning(interviews: number): string {
  if (interviews === 0) return 'This permanently removes the project. It has no interviews or uploaded files yet. This cannot be undone.';
  const what =
    interviews === 1
      ? 'its 1 interview with its transcript and uploaded file'
      : `its ${plural(interviews, 'interview')} with their transcripts and uploaded files`;
  return `This permanently removes the project and ${what}. This cannot be undone.`;
}
