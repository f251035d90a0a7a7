/**
 * The two ways a project's interviews can be analysed, each with the one name a researcher reads for it everywhere (the
 * project's control and its menu, the new-project form, the sentences that refuse or explain, the README) and what it
 * means for the researcher's data. Stored as `local` and `gemini` (`AnalyserName`). Pure.
 */

/** The name of each choice, the same in every place it is shown. */
export const ANALYSIS_CHOICE_NAMES = {
  local: 'Verbatim only',
  gemini: 'Google Gemini',
} as const;

/** What each choice means for the researcher's transcripts, in one sentence. */
export const ANALYSIS_CHOICE_MEANINGS = {
  local: 'Your transcripts never leave Verbatim: they are analysed on Verbatim’s own servers, and every quote is a participant’s own sentence.',
  gemini: 'Your transcripts are sent to Google Gemini, which drafts the insights; every quote it proposes is checked against the transcript before it is kept.',
} as const;

/**
 * Verbatim only or Google Gemini, for a sentence that names the choice: written plainly, as a setting's name, because
 * words in quotation marks are only ever a participant's own.
 */
export function choiceName(analyser: 'local' | 'gemini'): string {
  return ANALYSIS_CHOICE_NAMES[analyser];
}

/** The clause a sentence uses to say a project keeps its analysis in Verbatim: 'analysis set to Verbatim only'. */
export const LOCAL_ANALYSIS_CLAUSE = `analysis set to ${choiceName('local')}`;
