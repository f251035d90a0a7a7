/**
 * How a model is told how much to think, from the server's one setting (a budget in tokens, GEMINI_THINKING_BUDGET).
 * Pure.
 *
 * Google's thinking documentation (ai.google.dev/gemini-api/docs/thinking; the Vertex table of levels per model):
 * - Gemini 3 models and later take `thinkingConfig.thinkingLevel` (MINIMAL, LOW, MEDIUM, HIGH; which ones depends on the
 *   model); a budget is accepted there only for backwards compatibility, and sending both is refused (400). Pro models
 *   have no MINIMAL, nor do Gemini 3.7 and 3.8 Flash: thinking cannot be turned off on them.
 * - Gemini 2.5 models take `thinkingConfig.thinkingBudget` in tokens: Pro 128–32,768 and never 0 ("only works in thinking
 *   mode"), Flash 0–24,576, Flash-Lite 0 or 512–24,576.
 * So on a Gemini 3 model the budget picks the level: 0 (off) the model's MINIMAL, up to 1,024 LOW, up to 8,192 MEDIUM,
 * more HIGH; a level the model lacks is raised to the next one it has (more thinking, never less). A setting the model
 * cannot honour — thinking off where it cannot be off, a budget outside its range — is a problem named before anything
 * is sent (`thinkingProblem`), never a silent substitute.
 */

export type ThinkingLevelName = 'MINIMAL' | 'LOW' | 'MEDIUM' | 'HIGH';

/** What goes in `generationConfig.thinkingConfig`: one of the two, never both. */
export type ThinkingSetting = { thinkingLevel: ThinkingLevelName } | { thinkingBudget: number };

const LEVELS: readonly ThinkingLevelName[] = ['MINIMAL', 'LOW', 'MEDIUM', 'HIGH'];

interface ModelThinking {
  family: string;
  /** Gemini 3 and later: the levels it takes, lowest first. */
  levels?: readonly ThinkingLevelName[];
  /** Gemini 2.5: the budgets it takes, and whether 0 (off) is one. */
  budget?: { min: number; max: number; off: boolean };
}

function generationOf(model: string): number | null {
  const match = /^gemini-(\d+)(?:\.(\d+))?/.exec(model);
  return match ? Number(match[1]) + Number(match[2] ?? 0) / 10 : null;
}

/** The model's way of thinking, from its id; null for an id these rules do not know (sent as the budget it is). */
export function modelThinking(model: string): ModelThinking | null {
  const generation = generationOf(model);
  if (generation === null) return null;
  const pro = /-pro\b/.test(model);
  const lite = /-flash-lite\b/.test(model);
  if (generation >= 3) {
    if (pro) return { family: 'a Pro model', levels: model.startsWith('gemini-3-pro') ? ['LOW', 'HIGH'] : ['LOW', 'MEDIUM', 'HIGH'] };
    if (lite || generation < 3.7) return { family: lite ? 'a Flash-Lite model' : 'a Flash model', levels: LEVELS };
    return { family: 'a Flash model', levels: ['LOW', 'MEDIUM', 'HIGH'] };
  }
  if (generation >= 2.5) {
    if (pro) return { family: 'a Pro model', budget: { min: 128, max: 32_768, off: false } };
    if (lite) return { family: 'a Flash-Lite model', budget: { min: 512, max: 24_576, off: true } };
    return { family: 'a Flash model', budget: { min: 1, max: 24_576, off: true } };
  }
  return null;
}

/** The level a budget asks for: 0 MINIMAL, up to 1,024 LOW, up to 8,192 MEDIUM, more HIGH. */
export function levelOfBudget(budget: number): ThinkingLevelName {
  if (budget <= 0) return 'MINIMAL';
  if (budget <= 1_024) return 'LOW';
  if (budget <= 8_192) return 'MEDIUM';
  return 'HIGH';
}

/** Why `model` cannot think as `budget` asks (a sentence for the operator), or null when it can. */
export function thinkingProblem(model: string, budget: number): string | null {
  const thinking = modelThinking(model);
  if (!thinking) return null;
  if (thinking.levels) {
    if (budget === 0 && !thinking.levels.includes('MINIMAL')) {
      return `A thinking budget of 0 turns thinking off, which ${model} (${thinking.family} of Gemini 3 or later) cannot do: its lowest thinking level is ${thinking.levels[0]}. Set GEMINI_THINKING_BUDGET to 1–1024 for that level, or choose a model that can think minimally.`;
    }
    return null;
  }
  const range = thinking.budget!;
  if (budget === 0) {
    return range.off ? null : `A thinking budget of 0 turns thinking off, which ${model} (${thinking.family}) cannot do: it only works in thinking mode. Set GEMINI_THINKING_BUDGET to ${range.min}–${range.max}.`;
  }
  if (budget < range.min || budget > range.max) {
    return `${model} (${thinking.family}) takes a thinking budget of ${range.min}–${range.max} tokens${range.off ? ' (or 0 for none)' : ''}, not ${budget}. Set GEMINI_THINKING_BUDGET within it.`;
  }
  return null;
}

/** What a call to `model` sends for `budget`: a level for Gemini 3 and later (raised to one the model has), else the budget. */
export function thinkingSetting(model: string, budget: number): ThinkingSetting {
  const levels = modelThinking(model)?.levels;
  if (!levels) return { thinkingBudget: budget };
  const wanted = LEVELS.indexOf(levelOfBudget(budget));
  const level = levels.find((l) => LEVELS.indexOf(l) >= wanted) ?? (levels[levels.length - 1] as ThinkingLevelName);
  return { thinkingLevel: level };
}
