/** The sentences Ask shows above the most relevant quotes when Gemini's written answer could not be used. Pure. */
import { ASK_TIMEOUT_MS, type AskFailure } from './ask-gemini';

/** What the researcher reads above the quotes when Gemini's answer could not be used: what happened, and what may help. */
export const ASK_FALLBACK_NOTICES = {
  timeout: `Gemini did not answer within ${ASK_TIMEOUT_MS / 1000} seconds, so these are the most relevant quotes instead. Ask again later for a written answer.`,
  malformed: 'Gemini’s answer could not be read, so these are the most relevant quotes instead.',
  unavailable: 'Gemini could not be reached, so these are the most relevant quotes instead.',
  'service-error': 'Gemini’s service answered with an error, so these are the most relevant quotes instead. Ask again in a few minutes for a written answer.',
  busy: 'Gemini is busy right now and turned the question away, so these are the most relevant quotes instead. Ask again in a few minutes for a written answer.',
  quota: 'This server’s daily Gemini quota is used up, so Gemini cannot write answers until tomorrow; these are the most relevant quotes instead.',
  blocked: 'Gemini’s safety filters declined to answer from these passages, so these are the most relevant quotes instead; asking again would get the same answer.',
  'unsupported-language': 'Gemini stopped its answer because these passages are in a language it does not support, so these are the most relevant quotes instead.',
  'too-long': 'Gemini’s answer grew past its length limit and was cut off, so these are the most relevant quotes instead. A narrower question may get a written answer.',
  'too-much-input': 'The passages found are more than Gemini reads in one request, so these are the most relevant quotes instead. A narrower question, or one asked within a project, may get a written answer.',
  misconfigured: 'Gemini is not set up correctly on this server (it refused the request itself), so these are the most relevant quotes instead; the server’s log says why.',
  empty: 'No sentence of Gemini’s answer could be traced to a passage, so these are the most relevant quotes instead.',
} as const satisfies Record<AskFailure | 'empty', string>;
