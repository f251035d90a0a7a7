/**
 * The sentences a researcher reads when Gemini fails, for each use that meets it: an interview's analysis, a recording's
 * transcription, and Ask. Each says what happened, that the credit was returned (where one was spent), and what to do:
 * try again only where trying again can help, else the way that works without Gemini. The monthly allowances have their
 * own module (`@verbatim/contract/allowance-messages`), built from their ceiling and month. Pure.
 */
import type { AnalysisError } from '@verbatim/contract/insight';
import { choiceName } from '@verbatim/contract/analysis-choice';
import type { AskFailure } from '../search/ask-gemini';
import { ASK_TIMEOUT_MS } from '../search/ask-deadline';

/** The analysis that works without Gemini, named as the project's Analysis setting names it. */
const LOCAL = choiceName('local');

// ---- An interview's analysis ---------------------------------------------------------------------------------------

/** The monthly allowances name their month and ceiling, so their sentences are written when they happen (allowance-messages.ts). */
export const FAILURE_MESSAGES: Record<Exclude<AnalysisError['code'], 'token-ceiling' | 'account-token-ceiling'>, string> = {
  timeout:
    'Gemini did not answer in time, twice, so the analysis was stopped. Your credit was returned; please try again later, or split a very long interview into shorter files.',
  'rate-limited': 'The AI service is busy right now. Your credit was returned; please try again in a few minutes.',
  'provider-error': 'The AI service could not analyse this interview. Your credit was returned; please try again.',
  'malformed-response': 'The AI service answered in a form we could not use. Your credit was returned; please try again.',
  blocked:
    `Gemini’s safety filters declined this interview, so it was not analysed; asking again would get the same answer. Your credit was returned; set the project’s analysis to ${LOCAL} (nothing leaves Verbatim) and analyse it again.`,
  'too-long':
    `Gemini’s answer for this interview grew past its length limit and was cut off, so nothing usable came back. Your credit was returned; split the interview into shorter files, or analyse it with ${LOCAL} (the project’s Analysis setting).`,
  'quota-exhausted':
    `This server’s daily Gemini quota is used up, so Gemini cannot analyse more interviews today. Your credit was returned; analyse it again tomorrow, or now with ${LOCAL} (the project’s Analysis setting).`,
  overloaded: 'Gemini is overloaded right now and did not take the interview after several tries. Your credit was returned; please try again in a few minutes.',
  misconfigured:
    `Gemini is not set up correctly on this server (it refused the request itself), so the interview was not analysed; the server’s log says why. Your credit was returned; ${LOCAL} analysis works meanwhile.`,
  'too-much-input':
    `This interview is more than Gemini can read in one request, so it was not analysed. Your credit was returned; split it into shorter files, or analyse it with ${LOCAL} (the project’s Analysis setting).`,
  'unsupported-file':
    `Gemini does not take this kind of file, so it was not analysed. Your credit was returned; analyse it with ${LOCAL} (the project’s Analysis setting), or upload the interview as a text transcript (.docx, .txt, .vtt or .srt).`,
  'unsupported-language':
    `Gemini stopped its answer because this interview is in a language it does not support, so it was not analysed; asking again would get the same answer. Your credit was returned; analyse it with ${LOCAL} (the project’s Analysis setting).`,
  internal: 'Something went wrong on our side during the analysis. Your credit was returned; please try again.',
};

// ---- A recording's transcription -----------------------------------------------------------------------------------

const ATTACH = 'upload the interview’s transcript with timestamps (a .vtt or .srt from Zoom, Teams or Meet) and attach the recording to it';

/** Per kind of failure; a kind not listed reads `RECORDING_MESSAGES.transcriptionFailed`. */
export const TRANSCRIPTION_FAILURE_MESSAGES = {
  timeout: `Gemini did not answer in time while transcribing this recording, so it was not transcribed. Your credit was returned; upload it again later, or ${ATTACH}.`,
  serviceError: 'Gemini’s service kept answering with an error through several tries, so this recording was not transcribed. Your credit was returned; upload it again in a few minutes.',
  unreachable: 'Gemini could not be reached through several tries, so this recording was not transcribed. Your credit was returned; upload it again in a few minutes.',
  busy: 'Gemini was busy and turned the transcription away through several tries, so this recording was not transcribed. Your credit was returned; upload it again in a few minutes.',
  quota: `This server’s daily Gemini quota is used up, so this recording was not transcribed. Your credit was returned; upload it again tomorrow, or ${ATTACH}.`,
  blocked: `Gemini’s safety filters declined this recording, so it was not transcribed; uploading it again would get the same answer. Your credit was returned; ${ATTACH}.`,
  language: `Gemini stopped because this recording is in a language it does not support, so it was not transcribed. Your credit was returned; ${ATTACH}.`,
  tooLong: 'This recording holds more than Gemini can take in one request, so it was not transcribed. Your credit was returned; split it into shorter recordings (an hour or less each) and upload each as its own interview.',
  answerTooLong: `Gemini’s transcript of a stretch of this recording grew past its length limit even when asked for a few minutes at a time, so it was not transcribed. Your credit was returned; ${ATTACH}.`,
  unsupportedFile: 'Gemini does not take this recording’s file as it is, so it was not transcribed. Your credit was returned; export the recording as .mp3 or .m4a (AAC) and upload it again.',
  unprocessable: 'Gemini could not process this recording’s file (it may be damaged, or encoded in a way Gemini does not read), so it was not transcribed. Your credit was returned; export it again as .mp3 or .m4a (AAC) and upload it again.',
  misconfigured: `Gemini is not set up correctly on this server (it refused the request itself), so this recording was not transcribed; the server’s log says why. Your credit was returned; ${ATTACH} meanwhile.`,
} as const;

// ---- Ask -----------------------------------------------------------------------------------------------------------

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
