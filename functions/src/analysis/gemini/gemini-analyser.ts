/**
 * The Gemini analyser. An interview of up to `chunkWords` words (100,000 by default) is analysed by one Gemini call
 * with structured output, which sees the whole conversation; a longer one is cut into parts (only parts with a
 * participant turn are sent), at most `maxConcurrency` at a time, whose insights are merged by meaning. Gemini is asked
 * for at most one insight per `WORDS_PER_INSIGHT` participant words, at most `MAX_INSIGHTS` for the interview (as the
 * built-in analyser). With `redactPii`, the text and the interview's name sent are redacted and every string that
 * comes back is restored, so quotes can be anchored against the original stored text. Quotes are passed on as proposed — invented, paraphrased or an
 * interviewer's included — with their speakers: the anchoring step judges them, not this one.
 * Pure of Firebase: the key and model come in as options.
 */
import type {
  AnalysisInput,
  AnalysisRun,
  AnalysisProgress,
  Analyser,
  InterviewAnalysis,
  ProposedInsight,
  TagGroup,
  TokenUsage,
} from '@verbatim/contract/insight';
import type { SpeakerRole } from '@verbatim/contract/transcript';
import { mapWording } from '@verbatim/contract/insight-schema';
import { redactPii, speakerNameCandidates, type PiiCounts } from '../redaction';
import { analyseChunk } from './chunk-analysis';
import { splitIntoChunks, type Chunk } from './chunking';
import { mapWithConcurrency } from './concurrency';
import { withUsageSpent } from './counted-call';
import { createClient, type GenAiClient } from './gemini-client';
import { loadWordVectors } from '../meaning';
import { mergeAnswers } from './merge';
import { resolveOptions, type GeminiAnalyserOptions } from './options';
import { buildSystemInstruction, buildUserPrompt, delimiterIdFor, type PromptTurn } from './prompt';
import type { ChunkAnswer, DroppedItems } from './response-validation';
import { ANSWER_LIMITS, answerJsonSchema } from './response-schema';
import { withDeadline } from './deadline';
import type { RetryPolicy } from './retry';
import { plural } from '@verbatim/contract/plural';

/** Participant words per insight asked for, as the built-in analyser's one per 160. */
export const WORDS_PER_INSIGHT = 160;
/** Insights asked for per interview at most (the built-in analyser's cap). */
export const MAX_INSIGHTS = 16;
/** Insights asked for at least: a short interview may still hold a few distinct findings. */
export const MIN_INSIGHTS = 3;

/** Insights to ask for from `participantWords` words of participants: one per 160, at least 3, at most 16. */
export function insightCap(participantWords: number): number {
  return Math.max(MIN_INSIGHTS, Math.min(MAX_INSIGHTS, Math.ceil(participantWords / WORDS_PER_INSIGHT)));
}

/** How the text looks on the way out and how answers are mapped back. */
interface TextView {
  slice(start: number, end: number): string;
  label(speaker: string): string;
  restore(s: string): string;
}

function plainView(text: string): TextView {
  return { slice: (start, end) => text.slice(start, end), label: (s) => s, restore: (s) => s };
}

function rolesOf(input: AnalysisInput): (speaker: string) => SpeakerRole {
  const roles = new Map<string, SpeakerRole>();
  for (const speaker of input.speakers) {
    for (const alias of speaker.aliases) if (!roles.has(alias)) roles.set(alias, speaker.role);
    roles.set(speaker.label, speaker.role);
  }
  return (speaker) => roles.get(speaker) ?? 'unknown';
}

function promptTurns(chunk: Chunk, view: TextView, roleOf: (speaker: string) => SpeakerRole): PromptTurn[] {
  return chunk.segments.map((segment) => ({
    number: segment.turnIndex + 1,
    speaker: view.label(segment.speaker),
    role: roleOf(segment.speaker),
    text: view.slice(segment.start, segment.end),
    continued: segment.continued,
  }));
}

/** Restores every string and adds a start hint where the quote occurs verbatim in the chunk's span of the text. */
function restoreAnswer(answer: ChunkAnswer, view: TextView, text: string, chunk: Chunk): ChunkAnswer {
  const insights: ProposedInsight[] = answer.insights.map((insight) => ({
    ...mapWording(insight, (text) => view.restore(text)),
    quotes: insight.quotes.map((quote) => {
      const restored = view.restore(quote.text);
      const at = restored.trim() === '' ? -1 : text.indexOf(restored, chunk.start);
      return {
        text: restored,
        ...(quote.speaker !== undefined ? { speaker: view.restore(quote.speaker) } : {}),
        ...(at >= 0 && at + restored.length <= chunk.end ? { startHint: at } : {}),
      };
    }),
  }));
  const groupedTags: TagGroup[] = answer.groupedTags.map((group) => ({
    groupLabel: view.restore(group.groupLabel),
    tags: group.tags.map((t) => ({ originalTag: view.restore(t.originalTag), refinedTag: view.restore(t.refinedTag) })),
  }));
  return { insights, groupedTags };
}

function redactionNote(counts: PiiCounts): string {
  const parts = [
    counts.email > 0 ? plural(counts.email, 'email address', 'email addresses') : '',
    counts.phone > 0 ? plural(counts.phone, 'phone number', 'phone numbers') : '',
    counts.name > 0 ? plural(counts.name, 'name', 'names') : '',
  ].filter((p) => p !== '');
  if (parts.length === 0) return 'Personal details were to be hidden from Gemini, but none were found in this transcript.';
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  const was = counts.email + counts.phone + counts.name === 1 ? 'was' : 'were';
  return `Before the transcript was sent to Gemini, ${list} ${was} replaced with placeholders; quotes are matched against the original text.`;
}

/** What was left out for being too long, or undefined when nothing was. */
export function droppedNote(dropped: DroppedItems): string | undefined {
  if (dropped.quotes === 0 && dropped.insights === 0) return undefined;
  const parts = [
    dropped.quotes > 0 ? `${plural(dropped.quotes, 'quote', 'quotes')} longer than ${ANSWER_LIMITS.quote.toLocaleString('en-US')} characters` : '',
    dropped.insights > 0 ? `${plural(dropped.insights, 'insight', 'insights')} with a title, description or tag over its length limit (or no quote left)` : '',
  ].filter((p) => p !== '');
  return `Gemini proposed ${parts.join(' and ')}; ${dropped.quotes + dropped.insights === 1 ? 'it was' : 'they were'} left out and the rest of its answer kept.`;
}

function participantWords(chunk: Chunk, roleOf: (speaker: string) => SpeakerRole): number {
  return chunk.segments.reduce((sum, segment) => sum + (roleOf(segment.speaker) === 'participant' ? segment.words : 0), 0);
}

export function createGeminiAnalyser(options: GeminiAnalyserOptions): Analyser {
  const config = resolveOptions(options);
  let client: GenAiClient | undefined;

  async function analyse(input: AnalysisInput, onProgress?: (progress: AnalysisProgress) => void, run: AnalysisRun = {}): Promise<InterviewAnalysis> {
    const usage: TokenUsage = { promptTokens: 0, outputTokens: 0, totalTokens: 0, calls: 0 };
    const notes: string[] = [];
    const roleOf = rolesOf(input);
    const chunks = splitIntoChunks(input.text, input.turns, config.chunkWords).filter((chunk) =>
      chunk.segments.some((segment) => roleOf(segment.speaker) === 'participant'),
    );
    if (chunks.length === 0) {
      notes.push('No turn in this transcript is marked as a participant’s, so nothing was sent to Gemini; mark who the participants are and analyse it again.');
      return { insights: [], groupedTags: [], notes, usage };
    }

    let view = plainView(input.text);
    let documentName = input.documentName;
    if (config.redactPii) {
      // The interview's name is read with the text (after its end, so offsets into the text stay as they are): a
      // name in it ("Interview Maria Silva.docx") is found and replaced like one in the transcript.
      const readableName = input.documentName.replace(/[_]+/g, ' ');
      const redaction = redactPii(`${input.text}\n\n${readableName.replace(/\.[\p{L}\p{N}]{1,5}$/u, '')}`, speakerNameCandidates(input.speakers));
      view = { slice: redaction.slice, label: redaction.redact, restore: redaction.restore };
      documentName = redaction.redact(readableName);
      notes.push(redactionNote(redaction.counts));
    }

    client ??= createClient(config.apiKey, config.baseUrl);
    const gemini = client;
    const delimiterId = delimiterIdFor(input.documentId, input.text);
    const systemInstruction = buildSystemInstruction(delimiterId);
    const speakers = input.speakers.map((s) => ({ label: view.label(s.label), role: s.role }));
    const controller = new AbortController();
    const policy: RetryPolicy = {
      maxRetries: config.maxRetries,
      timeoutMs: config.timeoutMs,
      sleep: config.sleep,
      random: config.random,
      // Every call and retry ends by the run's deadline (deadline.ts).
      signal: withDeadline(controller.signal, run.deadlineAtMs)!,
      ...(run.deadlineAtMs === undefined ? {} : { deadlineAtMs: run.deadlineAtMs }),
      ...(run.onSpent ? { onSpent: run.onSpent } : {}),
    };
    const totalParticipantWords = chunks.reduce((sum, chunk) => sum + participantWords(chunk, roleOf), 0);
    const dropped: DroppedItems = { quotes: 0, insights: 0 };

    let done = 0;
    onProgress?.({ done, total: chunks.length });
    const answers = await mapWithConcurrency(
      chunks,
      config.maxConcurrency,
      async (chunk, index) => {
        // A part is asked for its share of the interview's insights (parts overlap a little, so shares round up).
        const maxInsights = Math.min(ANSWER_LIMITS.insights, insightCap(chunks.length === 1 ? totalParticipantWords : participantWords(chunk, roleOf)));
        const userPrompt = buildUserPrompt({
          documentName,
          maxInsights,
          language: input.language,
          part: index + 1,
          parts: chunks.length,
          delimiterId,
          speakers,
          turns: promptTurns(chunk, view, roleOf),
        });
        const request = {
          model: config.model,
          systemInstruction,
          userPrompt,
          responseJsonSchema: answerJsonSchema(maxInsights),
          thinkingBudget: config.thinkingBudget,
          maxOutputTokens: config.maxOutputTokens,
        };
        const result = await analyseChunk(gemini, request, policy, usage);
        dropped.quotes += result.dropped.quotes;
        dropped.insights += result.dropped.insights;
        done += 1;
        onProgress?.({ done, total: chunks.length });
        const answer = { ...result.answer, insights: result.answer.insights.slice(0, maxInsights) };
        return restoreAnswer(answer, view, input.text, chunk);
      },
      () => controller.abort(),
    ).catch((error: unknown) => {
      throw withUsageSpent(error, usage);
    });

    const droppedSentence = droppedNote(dropped);
    if (droppedSentence) notes.push(droppedSentence);
    if (chunks.length === 1) return { ...(answers[0] as ChunkAnswer), notes, usage };
    notes.push(
      `This transcript is longer than the ${config.chunkWords.toLocaleString('en-US')} words Gemini reads in one go, so it was analysed in ${chunks.length} overlapping parts; insights of different parts that mean the same were merged.`,
    );
    const merged = mergeAnswers(answers, await loadWordVectors());
    return { ...merged, insights: merged.insights.slice(0, MAX_INSIGHTS), notes, usage };
  }

  return { name: 'gemini', model: config.model, analyse };
}
