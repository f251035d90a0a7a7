/**
 * The Gemini analyser. A document's turns are cut into chunks (only chunks with a participant turn are sent), each
 * chunk is analysed by one Gemini call with structured output, at most `maxConcurrency` at a time, and the answers
 * are merged. With `redactPii`, the text sent is redacted and every string that comes back is restored, so quotes
 * can be anchored against the original stored text. Quotes are passed on as proposed — invented, paraphrased or an
 * interviewer's included — with their speakers: the anchoring step judges them, not this one.
 * Pure of Firebase: the key and model come in as options.
 */
import type {
  AnalysisInput,
  AnalysisProgress,
  Analyser,
  DocumentAnalysis,
  ProposedInsight,
  TagGroup,
  TokenUsage,
} from '@verbatim/contract/insight';
import type { SpeakerRole } from '@verbatim/contract/transcript';
import { redactPii, speakerNameCandidates, type PiiCounts } from '../redaction';
import { analyseChunk } from './chunk-analysis';
import { splitIntoChunks, type Chunk } from './chunking';
import { mapWithConcurrency } from './concurrency';
import { withUsageSpent } from './counted-call';
import { createClient, type GenAiClient } from './gemini-client';
import { mergeAnswers } from './merge';
import { resolveOptions, type GeminiAnalyserOptions } from './options';
import { buildSystemInstruction, buildUserPrompt, delimiterIdFor, type PromptTurn } from './prompt';
import type { ChunkAnswer } from './response-validation';
import type { RetryPolicy } from './retry';
import { plural } from '@verbatim/contract/plural';

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
    title: view.restore(insight.title),
    description: view.restore(insight.description),
    tag: view.restore(insight.tag),
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
  return `Before the transcript was sent to Gemini, ${list} were replaced with placeholders; quotes are matched against the original text.`;
}

export function createGeminiAnalyser(options: GeminiAnalyserOptions): Analyser {
  const config = resolveOptions(options);
  let client: GenAiClient | undefined;

  async function analyse(input: AnalysisInput, onProgress?: (progress: AnalysisProgress) => void): Promise<DocumentAnalysis> {
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
    if (config.redactPii) {
      const redaction = redactPii(input.text, speakerNameCandidates(input.speakers));
      view = { slice: redaction.slice, label: redaction.redact, restore: redaction.restore };
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
      signal: controller.signal,
    };

    let done = 0;
    onProgress?.({ done, total: chunks.length });
    const answers = await mapWithConcurrency(
      chunks,
      config.maxConcurrency,
      async (chunk, index) => {
        const userPrompt = buildUserPrompt({
          documentName: input.documentName,
          language: input.language,
          part: index + 1,
          parts: chunks.length,
          delimiterId,
          speakers,
          turns: promptTurns(chunk, view, roleOf),
        });
        const answer = await analyseChunk(gemini, { model: config.model, systemInstruction, userPrompt }, policy, usage);
        done += 1;
        onProgress?.({ done, total: chunks.length });
        return restoreAnswer(answer, view, input.text, chunk);
      },
      () => controller.abort(),
    ).catch((error: unknown) => {
      throw withUsageSpent(error, usage);
    });

    if (chunks.length > 1) {
      notes.push(`This transcript was analysed in ${chunks.length} overlapping parts; similar insights from different parts were merged.`);
    }
    return { ...mergeAnswers(answers), notes, usage };
  }

  return { name: 'gemini', model: config.model, analyse };
}
