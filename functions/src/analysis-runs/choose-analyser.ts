import { createGeminiAnalyser } from '../analysis/gemini';
import { serverCallOptions } from '../analysis/gemini/options';
import { createLocalAnalyser } from '../analysis/local';
import type { Analyser } from '@verbatim/contract/insight';
import type { ProjectSettings } from '@verbatim/contract/project';
import type { AnalyserChoice } from './analyse-interview';
import type { GeminiSettings } from '../config/server-config';
import { readServerLimits, type GeminiLimits } from '../config/server-limits';
import { choiceName } from '@verbatim/contract/analysis-choice';

export const GEMINI_NOT_CONFIGURED_NOTE =
  `This project asked for Gemini, but Gemini is not configured on this server, so it was analysed with ${choiceName('local')} and nothing left Verbatim’s servers.`;

/** The project's analyser: Gemini only when the owner chose it and a key is configured. */
export function analyserChoice(
  gemini: GeminiSettings | null,
  local: Analyser = createLocalAnalyser(),
  limits: GeminiLimits = readServerLimits().gemini,
): AnalyserChoice {
  return (settings: ProjectSettings) => {
    if (settings.analyser !== 'gemini') return { analyser: local, notes: [] };
    if (!gemini) return { analyser: local, notes: [GEMINI_NOT_CONFIGURED_NOTE] };
    return {
      analyser: createGeminiAnalyser({
        ...serverCallOptions(gemini, limits),
        redactPii: settings.redactPii,
        chunkWords: limits.singleCallWords,
        timeoutMs: limits.analysisTimeoutSeconds * 1000,
      }),
      notes: settings.redactPii ? [] : ['Names, emails and phone numbers were sent to Gemini unredacted, as this project allows.'],
    };
  };
}
