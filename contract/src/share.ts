import type { ConsolidatedInsight, TagGroup } from './insight';

/** The two public pages a project can share. */
export type ShareKind = 'summary' | 'interviews';
export const SHARE_KINDS: readonly ShareKind[] = ['summary', 'interviews'];

/** The owner's view of one share link (`projects/{p}/shareLinks/{kind}`, read by the owner only). */
export interface ShareLink {
  kind: ShareKind;
  token: string;
  enabled: boolean;
  /**
   * Interviews page only: visitors may play each quote's moment of its interview's recording (through links that
   * expire). Off unless the owner turns it on.
   */
  playRecordings?: boolean;
  updatedAt: Date;
}

/** A quote on a public page: the verbatim span and where it comes from. */
export interface PublicQuote {
  text: string;
  documentId: string;
  docName?: string;
  speaker: string;
  start: number;
  end: number;
  ts?: number;
}

export interface PublicInsight {
  id: string;
  title: string;
  description: string;
  tag: string;
  documentId: string;
  quotes: PublicQuote[];
}

export interface PublicDocument {
  id: string;
  name: string;
}

/** GET /api/public/summary/{token}. */
export interface PublicSummaryResponse {
  projectName: string;
  summarySentence: string;
  consolidatedInsights: (Omit<ConsolidatedInsight, 'sourceInsightIds' | 'documentIds' | 'quotes'> & { documentId: string; quotes: PublicQuote[] })[];
  consolidatedGroupedTags: TagGroup[];
  documents: PublicDocument[];
}

/** GET /api/public/interviews/{token}. */
export interface PublicInterviewsResponse {
  projectName: string;
  insights: PublicInsight[];
  groupedTags: TagGroup[];
  documents: PublicDocument[];
  /**
   * The interviews whose recordings visitors can play (each quote's moment, through
   * `GET /api/public/interviews/{token}/recordings/{documentId}`): present only when the owner turned `playRecordings`
   * on for this link, and then only interviews whose recording is ready.
   */
  recordings?: string[];
}

/** Share tokens are 256 random bits, base64url: 43 characters. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const PUBLIC_DISABLED_MESSAGE = 'This public link has been disabled by the project owner.';
