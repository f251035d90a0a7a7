import type { ConsolidatedInsight, Insight, Quote, TagGroup } from './insight';
import type { ChosenFields, FieldTable } from './pick-fields';
import { INSIGHT_HISTORY_FIELDS } from './insight-fields';

/** The two public pages a project can share. */
export type ShareKind = 'summary' | 'interviews';
export const SHARE_KINDS: readonly ShareKind[] = ['summary', 'interviews'];

/** The owner's view of one share link (`projects/{p}/shareLinks/{kind}`, read by the owner only). */
export interface ShareLink {
  kind: ShareKind;
  token: string;
  enabled: boolean;
  /**
   * Interviews page only: visitors may play each quote's moment, as a clip cut on the server from its interview's
   * recording (never the recording itself). Off unless the owner turns it on.
   */
  playRecordings?: boolean;
  /** Interviews page, while visitors may play quotes: the quotes whose recording could not be cut at their moment. */
  unplayable?: UnplayableQuote[];
  updatedAt: Date;
}

/** A quote of a public page that visitors cannot play: its interview, and when it is said (null when unknown). */
export interface UnplayableQuote {
  documentId: string;
  interviewName: string;
  moment: number | null;
}

/**
 * What of a quote a visitor receives: the verbatim span and where it comes from. Never how the analyser's own words
 * differed (`proposedText`) or how it was matched: those are the researcher's.
 */
export const PUBLIC_QUOTE_FIELDS = {
  text: true,
  documentId: true,
  speaker: true,
  start: true,
  end: true,
  ts: true,
  match: false,
  proposedText: false,
} as const satisfies FieldTable<Quote>;

/** A quote on a public page, with its interview's name. */
export type PublicQuote = Pick<Quote, ChosenFields<Quote, typeof PUBLIC_QUOTE_FIELDS>> & { docName?: string };

/**
 * What of an insight a visitor receives. Every field of an insight is named here, so a new one stays off the public
 * pages until someone decides it belongs there. A researcher's theme is shown as the insight's tag; provenance
 * (source, dates, merges) is the researcher's.
 */
export const PUBLIC_INSIGHT_FIELDS = {
  id: true,
  title: true,
  description: true,
  tag: true,
  documentId: true,
  quotes: true,
  source: false,
  theme: false,
  ...INSIGHT_HISTORY_FIELDS,
} as const satisfies FieldTable<Insight>;

export type PublicInsight = Omit<Pick<Insight, ChosenFields<Insight, typeof PUBLIC_INSIGHT_FIELDS>>, 'quotes'> & { quotes: PublicQuote[] };

export interface PublicInterview {
  id: string;
  name: string;
}

/** GET /api/public/summary/{token}. */
export interface PublicSummaryResponse {
  projectName: string;
  summarySentence: string;
  consolidatedInsights: (Omit<ConsolidatedInsight, 'sourceInsightIds' | 'documentIds' | 'quotes'> & { documentId: string; quotes: PublicQuote[] })[];
  consolidatedGroupedTags: TagGroup[];
  documents: PublicInterview[];
}

/** GET /api/public/interviews/{token}. */
export interface PublicInterviewsResponse {
  projectName: string;
  insights: PublicInsight[];
  groupedTags: TagGroup[];
  documents: PublicInterview[];
  /**
   * The interviews whose quotes visitors can play, each quote as a clip of its own moment
   * (`GET /api/public/interviews/{token}/clips/{clipId}`, `publicClipId`): present only when the owner turned
   * `playRecordings` on for this link, and then only interviews with a recording ready and a quote on the page.
   */
  recordings?: string[];
  /**
   * The findings on the page with a highlight reel visitors can play (`GET /api/public/interviews/{token}/reels/{reelId}`):
   * present with `recordings`, and then only reels made from a finding on the page whose every clip is one of its quotes.
   */
  reels?: { insightId: string; reelId: string }[];
}

/** Share tokens are 256 random bits, base64url: 43 characters. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const PUBLIC_DISABLED_MESSAGE = 'This public link has been disabled by the project owner.';

/** A quote's clip on a public page: `{documentId}.{start}.{end}`, the quote's place in its interview's transcript. */
export function publicClipId(quote: Pick<PublicQuote, 'documentId' | 'start' | 'end'>): string {
  return `${quote.documentId}.${quote.start}.${quote.end}`;
}

/** The quote a clip id names; null for anything that is not one. */
export function parsePublicClipId(clipId: string): { documentId: string; start: number; end: number } | null {
  const match = /^([A-Za-z0-9_-]{1,128})\.(\d{1,9})\.(\d{1,9})$/.exec(clipId);
  if (!match) return null;
  const start = Number(match[2]);
  const end = Number(match[3]);
  return end > start ? { documentId: match[1], start, end } : null;
}

/** Said to a visitor when a quote cannot be played from the page (turned off meanwhile, or the quote is gone). */
export const PUBLIC_CLIP_REFUSED_MESSAGE = 'This quote can no longer be played from this page.';
/** A finding's reel a visitor asked for that this page no longer plays (whatever the reason). */
export const PUBLIC_REEL_REFUSED_MESSAGE = 'This highlight reel can no longer be played from this page.';
/** Said to a visitor when a quote's moment could not be cut from its recording (a damaged file, say). */
export const PUBLIC_CLIP_UNPLAYABLE_MESSAGE = 'This quote cannot be played: its recording could not be read at that moment.';
