/**
 * What the researcher reads when an analysis fails, one sentence set per kind of failure: what happened, that the
 * credit was returned, and what they can do — try again only where trying again can help. Pure.
 */
import type { AnalysisError } from '@verbatim/contract/insight';

/** The monthly allowances name their month and ceiling, so their sentences are written when they happen (allowance-messages.ts). */
export const FAILURE_MESSAGES: Record<Exclude<AnalysisError['code'], 'token-ceiling' | 'account-token-ceiling'>, string> = {
  timeout:
    'Gemini did not answer in time, twice, so the analysis was stopped. Your credit was returned; please try again later, or split a very long interview into shorter files.',
  'rate-limited': 'The AI service is busy right now. Your credit was returned; please try again in a few minutes.',
  'provider-error': 'The AI service could not analyse this interview. Your credit was returned; please try again.',
  'malformed-response': 'The AI service answered in a form we could not use. Your credit was returned; please try again.',
  blocked:
    'Gemini’s safety filters declined this interview, so it was not analysed; asking again would get the same answer. Your credit was returned; set the project’s analysis to Verbatim only (nothing leaves Verbatim) and analyse it again.',
  'too-long':
    'Gemini’s answer for this interview grew past its length limit and was cut off, so nothing usable came back. Your credit was returned; split the interview into shorter files, or analyse it with Verbatim only (the project’s Analysis setting).',
  'quota-exhausted':
    'This server’s daily Gemini quota is used up, so Gemini cannot analyse more interviews today. Your credit was returned; analyse it again tomorrow, or now with Verbatim only (the project’s Analysis setting).',
  overloaded: 'Gemini is overloaded right now and did not take the interview after several tries. Your credit was returned; please try again in a few minutes.',
  misconfigured:
    'Gemini is not set up correctly on this server (it refused the request itself), so the interview was not analysed; the server’s log says why. Your credit was returned; Verbatim only analysis works meanwhile.',
  'too-much-input':
    'This interview is more than Gemini can read in one request, so it was not analysed. Your credit was returned; split it into shorter files, or analyse it with Verbatim only (the project’s Analysis setting).',
  'unsupported-file':
    'Gemini does not take this kind of file, so it was not analysed. Your credit was returned; analyse it with Verbatim only (the project’s Analysis setting), or upload the interview as a text transcript (.docx, .txt, .vtt or .srt).',
  'unsupported-language':
    'Gemini stopped its answer because this interview is in a language it does not support, so it was not analysed; asking again would get the same answer. Your credit was returned; analyse it with Verbatim only (the project’s Analysis setting).',
  internal: 'Something went wrong on our side during the analysis. Your credit was returned; please try again.',
};
