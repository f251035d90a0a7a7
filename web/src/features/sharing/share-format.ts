import type { ShareKind, ShareLink } from '@verbatim/contract/share';

/** What the owner's share page says about each page kind. Pure. */
export const SHARE_PAGE_INFO: Record<ShareKind, { title: string; description: string }> = {
  summary: {
    title: 'Project-level summary',
    description: 'The insights consolidated across all interviews, by theme, with the summary sentence and their supporting quotes.',
  },
  interviews: {
    title: 'Interview-level detailed insights',
    description: "Every interview's insights, by theme, each with its supporting quotes and the interview they come from.",
  },
};

export type ShareState = 'none' | 'on' | 'off';

export function shareState(link: ShareLink | undefined): ShareState {
  if (!link) return 'none';
  return link.enabled ? 'on' : 'off';
}

export function shareStatusText(state: ShareState): string {
  if (state === 'on') return 'Anyone with the link can view this page, without signing in.';
  if (state === 'off') return 'The link is off: visitors see that it has been disabled.';
  return 'Not shared. Turn the link on to create it.';
}

/** "just now", "5 minutes ago", "3 hours ago", else the date. */
export function updatedText(date: Date, now = new Date()): string {
  if (date.getTime() <= 0) return '';
  const seconds = Math.round((now.getTime() - date.getTime()) / 1000);
  if (seconds < 60) return 'Changed just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `Changed ${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `Changed ${hours} hour${hours === 1 ? '' : 's'} ago`;
  return `Changed on ${date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })}`;
}

export const REGENERATE_WARNING =
  'The current link stops working at once: anyone who opens it will see that it has been disabled. Share the new link with the people who should keep access.';
