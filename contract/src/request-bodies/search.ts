import { z } from 'zod';
import { MAX_QUERY_LENGTH, MAX_QUESTION_LENGTH, parseSearchFilters, type SearchFilters } from '../search';

/** What was typed, trimmed: something, and not too much of it. */
function typed(what: 'search' | 'ask', max: number) {
  return z
    .string({ error: `Type something to ${what}.` })
    .trim()
    .min(1, `Type something to ${what}.`)
    .max(max, `Keep it under ${max} characters.`);
}

// ---- GET /search?q=…&projectId=&documentId=&speaker=&theme=&kind= ---------------------------------------------------

/** The query string (the web sends `q` and the `SearchFilters` it has): the words, then the filters (unknown or blank ones left out, a bad kind refused). */
export const searchQuery = z.looseObject({ q: typed('search', MAX_QUERY_LENGTH) }).transform((raw, ctx): { q: string; filters: SearchFilters } => {
  try {
    return { q: raw.q, filters: parseSearchFilters(raw) };
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message });
    return z.NEVER;
  }
});

// ---- POST /search/ask ------------------------------------------------------------------------------------------------

export const askRequestBody = z.object({
  question: typed('ask', MAX_QUESTION_LENGTH),
  /** One project to ask about; left out (or blank, or not text): all the caller's projects. */
  projectId: z
    .string()
    .optional()
    .catch(undefined)
    .transform((id) => id?.trim() || undefined),
});

export type AskRequest = z.input<typeof askRequestBody>;

/** A search and a question as the server has read them (what the search and ask services take). */
export type SearchRequest = z.output<typeof searchQuery>;
export type AskQuestion = z.output<typeof askRequestBody>;
