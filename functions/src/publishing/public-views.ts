import type { Insight, ProjectSynthesis, Quote, TagGroup } from '@verbatim/contract/insight';
import type { SynthesisInterview } from '../analysis/synthesis';
import { PUBLIC_INSIGHT_FIELDS, PUBLIC_QUOTE_FIELDS, type PublicInterview, type PublicInsight, type PublicInterviewsResponse, type PublicQuote, type PublicSummaryResponse } from '@verbatim/contract/share';
import { pickFields } from '@verbatim/contract/pick-fields';

/**
 * What the public pages show, built from the project's data. Pure. Only the listed fields leave:
 * nothing about the owner, no transcript text beyond the quotes, no ids beyond insights' and
 * documents'.
 */
export function publicQuote(quote: Quote, docName?: string): PublicQuote {
  const out: PublicQuote = pickFields(quote, PUBLIC_QUOTE_FIELDS);
  if (docName !== undefined) out.docName = docName;
  return out;
}

export interface PublicViews {
  summary: PublicSummaryResponse;
  interviews: PublicInterviewsResponse;
}

/** Both public views of a project, from its ready interviews' visible insights and the synthesis written from them. */
export function buildPublicViews(projectName: string, synthesis: ProjectSynthesis, documents: readonly SynthesisInterview[]): PublicViews {
  const publicDocuments = documents.map((d) => ({ id: d.documentId, name: d.documentName }));
  return {
    summary: buildSummaryView(projectName, synthesis, publicDocuments),
    interviews: buildInterviewsView(
      projectName,
      documents.flatMap((d) => d.insights),
      documents.map((d) => d.groupedTags),
      publicDocuments,
    ),
  };
}

export function buildSummaryView(projectName: string, synthesis: ProjectSynthesis | null, documents: PublicInterview[]): PublicSummaryResponse {
  return {
    projectName,
    summarySentence: synthesis?.summarySentence ?? '',
    consolidatedInsights: (synthesis?.consolidatedInsights ?? []).map((c) => ({
      id: c.id,
      title: c.title,
      description: c.description,
      tag: c.tag,
      documentId: c.documentIds[0] ?? c.quotes[0]?.documentId ?? '',
      quotes: c.quotes.map((q) => publicQuote(q)),
    })),
    consolidatedGroupedTags: synthesis?.consolidatedGroupedTags ?? [],
    documents,
  };
}

export function buildInterviewsView(
  projectName: string,
  insights: Insight[],
  documentGroups: TagGroup[][],
  documents: PublicInterview[],
): PublicInterviewsResponse {
  const names = new Map(documents.map((d) => [d.id, d.name]));
  // An insight whose quotes a transcript correction removed waits for a new one before it is public.
  const publicInsights: PublicInsight[] = insights.filter((i) => i.quotes.length > 0).map((i) => ({
    ...pickFields(i, PUBLIC_INSIGHT_FIELDS),
    tag: i.theme ? i.theme : i.tag,
    quotes: i.quotes.map((q) => publicQuote(q, names.get(q.documentId))),
  }));
  return { projectName, insights: publicInsights, groupedTags: mergeGroups(documentGroups, insights), documents };
}

/**
 * One list of theme groups for the whole project: the interviews' groups merged by label
 * (case-insensitive), tags de-duplicated; a researcher's theme moves become groups of their own.
 */
export function mergeGroups(documentGroups: TagGroup[][], insights: Insight[] = []): TagGroup[] {
  const byLabel = new Map<string, TagGroup>();
  const add = (label: string, tag: { originalTag: string; refinedTag: string }) => {
    const key = label.trim().toLowerCase();
    if (!key) return;
    const group = byLabel.get(key) ?? { groupLabel: label.trim(), tags: [] };
    if (!group.tags.some((t) => t.originalTag.trim().toLowerCase() === tag.originalTag.trim().toLowerCase())) group.tags.push(tag);
    byLabel.set(key, group);
  };
  for (const groups of documentGroups) for (const group of groups) for (const tag of group.tags) add(group.groupLabel, tag);
  for (const insight of insights) if (insight.theme) add(insight.theme, { originalTag: insight.theme, refinedTag: insight.theme });
  return [...byLabel.values()];
}
