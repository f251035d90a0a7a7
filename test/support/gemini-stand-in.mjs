// A local stand-in of the Gemini API (generativelanguage.googleapis.com) for tests and benchmarks: a real HTTP server
// on 127.0.0.1 speaking the REST wire format of `POST /(v1|v1beta)/models/{model}:generateContent`.
//
// Plain JavaScript importing only node: modules, so the vitest suites (through gemini-stand-in.d.mts) and the
// benchmark (bench/gemini-analyser.mjs, plain Node) use the very same server without a build step.
//
// - Checks the API key like Google does: none → 403 PERMISSION_DENIED; a wrong one → 400 INVALID_ARGUMENT.
// - Records every request (path, headers, query, parsed body, system instruction and user text).
// - Answers from a queue (`respondWith`), else a handler (`setHandler`), else a deterministic "model" that reads the
//   delimited transcript in the prompt and picks participant sentences verbatim as quotes; given a project synthesis
//   prompt (delimited insights with ids), it groups the insights by tag and answers with their ids only, and can
//   be asked to add ids it was never given (`replies.model({ inventIds: n })`) as a careless model would.
// - Replies: a JSON answer, raw text (malformed JSON), an HTTP error in Google's error shape with optional
//   Retry-After header and RetryInfo detail, or a hang (never answers; for timeouts). Latency is configurable.
// - Measures requests in flight (`maxInFlight`) to check concurrency bounds.
// - A realistic mode (`behaviour: 'realistic'`, for the whole stand-in or one `replies.model({...})`) behaves like a
//   real model: it checks the response schema's keywords (one Gemini does not know → 400 INVALID_ARGUMENT; the model
//   id is checked in every mode, below); it quotes some sentences exactly, tidies some (fillers and repeated words
//   dropped), paraphrases some, flips the meaning of some (a negation added or removed, as a careless summary would),
//   quotes the interviewer once and sends one quote over the schema's 1,500 characters; it sends thought parts
//   before the answer, `promptFeedback` and `thoughtsTokenCount`, and stops at `maxOutputTokens` with MAX_TOKENS. An
//   opening streak of 503s is `unavailableStreak`. What it did to each quote is recorded (`request.proposed`).
// - Named misbehaviours as replies: a blocked prompt (`replies.blocked`), an answer stopped by a filter or for a
//   language or an unnamed reason (`replies.stopped('SAFETY' | 'LANGUAGE' | 'OTHER' …)`), a per-day quota used up
//   (`replies.quotaExhausted`), a 503 UNAVAILABLE (`replies.overloaded`), a front end's HTML 502/504 page
//   (`replies.gatewayError`), Google's refusals of a file type and of a prompt over the window (`replies.unsupportedType`,
//   `replies.tooMuchInput`), an answer that stops early though it says STOP (`replies.stoppedEarly`).
// - Checks of the request itself, in every mode and before any queued reply, as Google's front end makes them: an
//   unknown model id is 404 NOT_FOUND (the list is Google's, `KNOWN_MODELS`: the server's default is not special), a
//   file type Gemini does not take 400 "Unsupported MIME type", a thinking setting the model cannot honour 400
//   (`thinkingRefusal`, the stand-in's own table from Google's documentation).
// - The Files API (resumable upload in chunks, files PROCESSING then ACTIVE, deletion) and a model that listens to an
//   uploaded recording and transcribes the part a prompt asks for (gemini-files.mjs). Its requests are recorded in
//   `fileRequests`, not `requests`.
import { createServer } from 'node:http';
import { closeServer, listenOnLoopback } from './loopback-server.mjs';
import { createFileStore, promptRoster, promptWindow, transcriptionAnswer } from './gemini-files.mjs';
import { MISQUOTE_KINDS, misquote } from './gemini-misquotes.mjs';

const GOOGLE_STATUS = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  502: 'UNAVAILABLE',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

const ROUTE = /^\/(v1|v1beta)\/models\/([^/:]+):generateContent$/;

/** Reply builders. */
export const replies = {
  /** A model answer whose text is `JSON.stringify(value)`. */
  json(value, options = {}) {
    return { kind: 'text', text: JSON.stringify(value), ...options };
  },
  /** A model answer with this exact text (e.g. malformed JSON). */
  text(text, options = {}) {
    return { kind: 'text', text, ...options };
  },
  /** An HTTP error in Google's shape: {error: {code, message, status}}. */
  error(status, options = {}) {
    return { kind: 'error', status, ...options };
  },
  /** Never answers: the client must time out. */
  hang() {
    return { kind: 'hang' };
  },
  /** The deterministic default model; `{ behaviour: 'realistic' }` for one that misbehaves like a real one. */
  model(options = {}) {
    return { kind: 'model', ...options };
  },
  /** The prompt refused by Gemini's filters: 200 with `promptFeedback.blockReason` and no candidate. */
  blocked(blockReason = 'PROHIBITED_CONTENT') {
    return { kind: 'blocked', blockReason };
  },
  /** An answer stopped by a filter (SAFETY, RECITATION, PROHIBITED_CONTENT…): a candidate without text. */
  stopped(finishReason = 'SAFETY') {
    return { kind: 'stopped', finishReason };
  },
  /** 429 RESOURCE_EXHAUSTED for a quota; `perDay` (default true) names a per-day quota in its QuotaFailure. */
  quotaExhausted(options = {}) {
    const perDay = options.perDay ?? true;
    const quotaId = perDay ? 'GenerateRequestsPerDayPerProjectPerModel' : 'GenerateContentInputTokensPerModelPerMinute';
    return {
      kind: 'error',
      status: 429,
      message: `You exceeded your current quota, please check your plan and billing details. Quota exceeded for metric: generativelanguage.googleapis.com/${perDay ? 'generate_requests_per_model_per_day' : 'generate_content_input_token_count'}.`,
      details: [
        { '@type': 'type.googleapis.com/google.rpc.QuotaFailure', violations: [{ quotaMetric: 'generativelanguage.googleapis.com/generate_requests', quotaId }] },
        { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: perDay ? '43200s' : '20s' },
      ],
    };
  },
  /** 503 UNAVAILABLE: the model is overloaded. */
  overloaded() {
    return { kind: 'error', status: 503, message: 'The model is overloaded. Please try again later.' };
  },
  /** A Google front end's own 502 or 504: an HTML page (text/html), not the API's JSON error. */
  gatewayError(status = 502) {
    return { kind: 'gateway', status };
  },
  /** 400 INVALID_ARGUMENT for a file type Gemini does not take, with Google's own message. */
  unsupportedType(mimeType = 'audio/x-m4a') {
    return { kind: 'error', status: 400, message: `Unsupported MIME type: ${mimeType}` };
  },
  /** 400 INVALID_ARGUMENT for a prompt over the model's window, with Google's own message. */
  tooMuchInput(tokens = 1_200_293, limit = 1_048_576) {
    return { kind: 'error', status: 400, message: `The input token count (${tokens}) exceeds the maximum number of tokens allowed (${limit}).` };
  },
  /**
   * An answer that stops early though nothing stopped it (finish reason STOP): a transcription that ends at `fraction`
   * of its part; any other answer's JSON cut at that fraction (finish reason OTHER, as Google sends for an unknown stop).
   */
  stoppedEarly(fraction = 0.4) {
    return { kind: 'model', stopEarlyAt: fraction };
  },
};

/**
 * Model ids the stand-in serves, in every mode and whatever reply is queued: any other is NOT_FOUND with Google's body,
 * as on Google's API. The list is Google's, not ours: the server's default model is served because Google serves it,
 * and the Gemini 2.5 models, past their shutdown, are not.
 */
export const KNOWN_MODELS = [
  'gemini-3.8-flash',
  'gemini-3.8-pro',
  'gemini-3.7-flash',
  'gemini-3.6-flash',
  'gemini-3.5-flash',
  'gemini-3.5-flash-lite',
  'gemini-3.1-pro',
  'gemini-3.1-flash-lite',
  'gemini-3-pro',
];

/** File types Gemini takes in a prompt (its audio and video documentation); any other is 400 Unsupported MIME type. */
export const MEDIA_TYPES = new Set([
  'audio/wav', 'audio/mp3', 'audio/mpeg', 'audio/aiff', 'audio/aac', 'audio/ogg', 'audio/flac',
  'video/mp4', 'video/mpeg', 'video/mov', 'video/quicktime', 'video/avi', 'video/x-flv', 'video/mpg', 'video/webm', 'video/wmv', 'video/3gpp',
]);

const THINKING_LEVELS = ['MINIMAL', 'LOW', 'MEDIUM', 'HIGH'];

/**
 * How Google answers a thinking setting a model cannot honour, from its thinking documentation: Gemini 3 models take
 * levels (Pro ones LOW and HIGH, or LOW to HIGH from 3.1; Flash 3.7 and later LOW to HIGH; older Flash and Flash-Lite
 * MINIMAL to HIGH), a budget only for backwards compatibility and never 0 where there is no MINIMAL; a level and a
 * budget together are refused. The stand-in's own table, not the server's: a mistake there is caught here.
 */
export function thinkingRefusal(model, thinkingConfig) {
  if (!thinkingConfig || typeof thinkingConfig !== 'object') return null;
  const { thinkingLevel, thinkingBudget } = thinkingConfig;
  if (thinkingLevel !== undefined && thinkingBudget !== undefined) return 'You can only set one of thinking budget and thinking level.';
  const version = /^gemini-(\d+)(?:\.(\d+))?/.exec(model ?? '');
  const generation = version ? Number(version[1]) + Number(version[2] ?? 0) / 10 : 0;
  if (generation < 3) return thinkingLevel !== undefined ? 'Thinking level is not supported for this model.' : null;
  const pro = /-pro\b/.test(model);
  const levels = pro ? (model.startsWith('gemini-3-pro') ? ['LOW', 'HIGH'] : ['LOW', 'MEDIUM', 'HIGH']) : !/-lite\b/.test(model) && generation >= 3.7 ? ['LOW', 'MEDIUM', 'HIGH'] : THINKING_LEVELS;
  if (thinkingLevel !== undefined) {
    const level = String(thinkingLevel).toUpperCase();
    return levels.includes(level) ? null : `Thinking level ${level} is not supported for this model. Supported levels: ${levels.join(', ')}.`;
  }
  if (thinkingBudget === 0 && !levels.includes('MINIMAL')) return 'Budget 0 is invalid. This model only works in thinking mode.';
  return null;
}

/** A Google front end's error page for a 502 or 504, as it is sent (HTML, not JSON). */
export function gatewayPage(status) {
  const what = status === 504 ? 'Gateway Timeout' : 'Server Error';
  return `<!DOCTYPE html>\n<html lang=en>\n  <meta charset=utf-8>\n  <meta name=viewport content="initial-scale=1, minimum-scale=1, width=device-width">\n  <title>Error ${status} (${what})!!1</title>\n  <style>*{margin:0;padding:0}html,code{font:15px/22px arial,sans-serif}</style>\n  <a href=//www.google.com/><span id=logo aria-label=Google></span></a>\n  <p><b>${status}.</b> <ins>That’s an error.</ins>\n  <p>The server encountered a temporary error and could not complete your request.<p>Please try again in 30 seconds.  <ins>That’s all we know.</ins>\n`;
}

/** JSON Schema keywords Gemini's `responseJsonSchema` accepts; any other is INVALID_ARGUMENT in the realistic mode. */
export const SCHEMA_KEYWORDS = new Set([
  '$id', '$defs', '$ref', '$anchor', 'type', 'format', 'title', 'description', 'enum', 'items', 'prefixItems', 'minItems', 'maxItems',
  'minimum', 'maximum', 'anyOf', 'oneOf', 'properties', 'additionalProperties', 'required', 'propertyOrdering', 'nullable',
]);

/** The first keyword of `schema` Gemini does not accept, with its place, or null. */
export function unsupportedSchemaKeyword(schema, place = 'response_json_schema') {
  if (Array.isArray(schema)) {
    for (const [i, item] of schema.entries()) {
      const found = unsupportedSchemaKeyword(item, `${place}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (!schema || typeof schema !== 'object') return null;
  for (const [key, value] of Object.entries(schema)) {
    if (!SCHEMA_KEYWORDS.has(key)) return `${place}.${key}`;
    if (key === 'properties' || key === '$defs') {
      for (const [name, sub] of Object.entries(value ?? {})) {
        const found = unsupportedSchemaKeyword(sub, `${place}.${key}.${name}`);
        if (found) return found;
      }
    } else if (['items', 'anyOf', 'oneOf', 'prefixItems', 'additionalProperties'].includes(key)) {
      const found = unsupportedSchemaKeyword(value, `${place}.${key}`);
      if (found) return found;
    }
  }
  return null;
}

const INSIGHT_LINE = /^\[(I\d+)\] (.*) \(tag: (.*)\)$/;
const QUOTE_LINE = /^ {2}\[(I\d+-Q\d+)\] /;

/** Whether a recorded request asks for a project synthesis (its prompt holds delimited insights). */
export function isSynthesisRequest(request) {
  return /^<<<INSIGHTS \S+$/m.test(request.userText ?? '');
}

/** Insights of a synthesis prompt: id, title, tag, quote ids and the interview they are under. */
export function parseSynthesisPrompt(userText) {
  const open = /^<<<INSIGHTS (\S+)$/m.exec(userText);
  if (!open) return null;
  const to = userText.indexOf(`\n>>>END INSIGHTS ${open[1]}`);
  const insights = [];
  let interview = '';
  for (const line of userText.slice(open.index + open[0].length + 1, to < 0 ? undefined : to).split('\n')) {
    if (line.startsWith('## Interview ')) interview = line.slice(13).split(':')[0];
    const insight = INSIGHT_LINE.exec(line);
    if (insight) insights.push({ id: insight[1], title: insight[2], tag: insight[3], interview, quoteIds: [] });
    const quote = QUOTE_LINE.exec(line);
    if (quote && insights.length > 0) insights[insights.length - 1].quoteIds.push(quote[1]);
  }
  return { id: open[1], insights };
}

/** The deterministic model's synthesis: insights sharing a tag make one finding (at most one per interview). */
export function synthesisAnswer(userText, options = {}) {
  const parsed = parseSynthesisPrompt(userText) ?? { insights: [] };
  const findings = [];
  for (const insight of parsed.insights) {
    const finding = findings.find((f) => f.tag === insight.tag && !f.interviews.has(insight.interview));
    if (finding) {
      finding.insightIds.push(insight.id);
      if (finding.quoteIds.length < 6 && insight.quoteIds[0]) finding.quoteIds.push(insight.quoteIds[0]);
      finding.interviews.add(insight.interview);
    } else {
      findings.push({ tag: insight.tag, title: insight.title, insightIds: [insight.id], quoteIds: insight.quoteIds.slice(0, 1), interviews: new Set([insight.interview]) });
    }
  }
  findings.sort((a, b) => b.interviews.size - a.interviews.size);
  const invent = options.inventIds ?? 0;
  const consolidated = findings.slice(0, 20).map((f, i) => ({
    title: `Shared: ${f.title}`.slice(0, 200),
    description: `Found in ${f.interviews.size} interview${f.interviews.size === 1 ? '' : 's'}.`,
    tag: f.tag,
    theme: 'Stand-in theme',
    insightIds: i === 0 && invent > 0 ? [...f.insightIds, ...Array.from({ length: invent }, (_, k) => `I${900 + k}`)] : f.insightIds,
    quoteIds: f.quoteIds,
  }));
  const interviews = new Set(parsed.insights.map((i) => i.interview)).size;
  return {
    summarySentence: `Across ${interviews} interviews, ${consolidated.length} shared findings (stand-in synthesis).`,
    consolidatedInsights: consolidated,
  };
}

const STOP_WORDS = new Set(
  'about above after again against because been before being below between could did does doing during each from further have having here how into itself just more most myself once only other ought ourselves over same should some such than that their theirs them themselves then there these they this those through under until very was were what when where which while who whom why with would your yours yourself yourselves really think thing things like know going actually pretty something everything always never maybe'.split(
    ' ',
  ),
);

const HEADER = /^--- turn (\d+)( \(continued\))? \| speaker: (.*) \| role: (\w+) ---$/;

/** Turns of the delimited transcript in a prompt, or null when the prompt has none. */
export function parseDelimitedTranscript(userText) {
  const open = /^<<<TRANSCRIPT (\S+)$/m.exec(userText);
  if (!open) return null;
  const closing = `\n>>>END TRANSCRIPT ${open[1]}`;
  const from = open.index + open[0].length + 1;
  const to = userText.indexOf(closing, from);
  if (to < 0) return null;
  const turns = [];
  let current = null;
  for (const line of userText.slice(from, to).split('\n')) {
    const header = HEADER.exec(line);
    if (header) {
      current = { number: Number(header[1]), continued: Boolean(header[2]), speaker: header[3], role: header[4], lines: [] };
      turns.push(current);
    } else if (current) current.lines.push(line);
  }
  return {
    id: open[1],
    turns: turns.map(({ lines, ...turn }) => ({ ...turn, text: lines.join('\n').replace(/\n+$/, '') })),
  };
}

function tagOf(sentence) {
  const words = (sentence.toLowerCase().match(/\p{L}{5,}/gu) ?? []).filter((w) => !STOP_WORDS.has(w));
  if (words.length === 0) return 'experience';
  return words.reduce((best, w) => (w.length > best.length ? w : best), words[0]);
}

/** The deterministic model's answer for a prompt: up to `maxInsights` participant sentences, quoted verbatim. */
export function modelAnswer(userText, options = {}) {
  const maxInsights = options.maxInsights ?? 5;
  const transcript = parseDelimitedTranscript(userText);
  const insights = [];
  const tags = [];
  for (const turn of transcript?.turns ?? []) {
    if (insights.length >= maxInsights) break;
    if (turn.role !== 'participant') continue;
    const sentences = turn.text.split(/(?<=[.!?])\s+/).filter((s) => {
      const words = s.split(/\s+/).filter(Boolean).length;
      return words >= 6 && words <= 60;
    });
    const sentence = sentences[0];
    if (!sentence) continue;
    const tag = tagOf(sentence);
    insights.push({
      title: `Participant talks about ${tag}`,
      description: `${turn.speaker} describes ${tag} in turn ${turn.number}.`,
      tag,
      quotes: [{ text: sentence, speaker: turn.speaker }],
    });
    if (!tags.includes(tag)) tags.push(tag);
  }
  return {
    insights,
    groupedTags: tags.length > 0 ? [{ groupLabel: 'Topics', tags: tags.map((t) => ({ originalTag: t, refinedTag: t })) }] : [],
  };
}

const FILLERS = /\b(?:um+|uh+|erm|er|you know|I mean|kind of|sort of)\b,?\s*/gi;
const AUXILIARY = /\b(is|was|are|were|would|could|should|do|does|did|can|will|have|has)\b(?! not\b)/i;
const NEGATED = /\b(is|was|are|were|would|could|should|do|does|did|can|will|have|has) not\b|\b(\w+)n't\b|\bnever\b/i;

/** The sentence with fillers and a word said twice in a row left out, as a model tidying a quote does. */
export function tidy(sentence) {
  return sentence
    .replace(FILLERS, '')
    .replace(/\b(\w+)(\s+\1\b)+/gi, '$1')
    .replace(/\s{2,}/g, ' ')
    .replace(/^\s*(\p{Ll})/u, (_m, c) => c.toUpperCase())
    .trim();
}

/** The sentence in other words: every third word left out, and a lead-in (no longer a quote of anything said). */
export function paraphrase(sentence) {
  const words = sentence.split(/\s+/).filter(Boolean);
  return `Basically, ${words.filter((_, i) => i % 3 !== 2).join(' ')}`;
}

/** The sentence saying the opposite: a negation added after its first auxiliary, or the one it has removed; null when it has neither. */
export function flipMeaning(sentence) {
  const negated = NEGATED.exec(sentence);
  if (negated) {
    if (negated[1]) return sentence.replace(negated[0], negated[1]);
    if (negated[2]) return sentence.replace(negated[0], negated[2].toLowerCase() === 'won' ? 'will' : negated[2].toLowerCase() === 'can' ? 'can' : negated[2]);
    return sentence.replace(negated[0], 'always');
  }
  const aux = AUXILIARY.exec(sentence);
  return aux ? sentence.replace(aux[0], `${aux[0]} not`) : null;
}

function usableSentences(text) {
  return text.split(/(?<=[.!?])\s+/).filter((s) => {
    const words = s.split(/\s+/).filter(Boolean).length;
    return words >= 6 && words <= 60;
  });
}

/** `maxItems` of the insights in a request's response schema, or undefined. */
function insightCapOf(request) {
  return request?.generationConfig?.responseJsonSchema?.properties?.insights?.maxItems;
}

/**
 * A realistic model's answer: one insight per participant turn with a usable sentence (up to the schema's cap), its
 * quote treated in turn: exact, tidied, paraphrased, exact over two sentences, meaning flipped; one interviewer quote
 * and one quote over 1,500 characters. `proposed` lists what was done to each quote.
 */
export function realisticAnswer(userText, request, options = {}) {
  const maxInsights = options.maxInsights ?? insightCapOf(request) ?? 16;
  const transcript = parseDelimitedTranscript(userText);
  const turns = transcript?.turns ?? [];
  const insights = [];
  const tags = [];
  const proposed = [];
  const interviewerTurn = turns.find((t) => t.role === 'interviewer' && usableSentences(t.text).length > 0);
  let interviewerQuoted = options.interviewerQuote === false;
  let overLongSent = options.overLong === false;
  for (const turn of turns) {
    if (insights.length >= maxInsights) break;
    if (turn.role !== 'participant') continue;
    const sentences = usableSentences(turn.text);
    if (sentences.length === 0) continue;
    const kinds = ['exact', 'tidied', 'paraphrased', 'two-sentences', 'flipped', ...MISQUOTE_KINDS];
    let kind = kinds[insights.length % kinds.length];
    let text = sentences[0];
    if (kind === 'tidied') {
      const tidied = tidy(text);
      if (tidied === text) kind = 'exact';
      text = tidied;
    } else if (kind === 'paraphrased') text = paraphrase(text);
    else if (kind === 'two-sentences') {
      if (sentences.length > 1) text = turn.text.slice(turn.text.indexOf(sentences[0]), turn.text.indexOf(sentences[1]) + sentences[1].length);
      kind = 'exact';
    } else if (kind === 'flipped') {
      const flipped = flipMeaning(text);
      if (flipped) text = flipped;
      else kind = 'exact';
    } else if (MISQUOTE_KINDS.includes(kind)) {
      // Meaning turned by an opposite or a number, or pieces spliced (gemini-misquotes.mjs).
      const misquoted = misquote(kind, text, turns.filter((t) => t !== turn && t.role === 'participant').flatMap((t) => usableSentences(t.text)));
      if (misquoted) text = misquoted;
      else kind = 'exact';
    }
    const tag = tagOf(sentences[0]);
    const quotes = [{ text, speaker: turn.speaker }];
    proposed.push(kind);
    if (!interviewerQuoted && interviewerTurn) {
      quotes.push({ text: usableSentences(interviewerTurn.text)[0], speaker: interviewerTurn.speaker });
      proposed.push('interviewer');
      interviewerQuoted = true;
    } else if (!overLongSent && insights.length >= 1) {
      let long = turn.text;
      while (long.length <= 1500) long = `${long} ${turn.text}`;
      quotes.push({ text: long, speaker: turn.speaker });
      proposed.push('over-long');
      overLongSent = true;
    }
    insights.push({
      title: `${turn.speaker} on ${tag}`,
      description: `What ${turn.speaker} says about ${tag} in turn ${turn.number}.`,
      tag,
      quotes,
    });
    if (!tags.includes(tag)) tags.push(tag);
  }
  return {
    answer: { insights, groupedTags: tags.length > 0 ? [{ groupLabel: 'Topics', tags: tags.map((t) => ({ originalTag: t, refinedTag: t })) }] : [] },
    proposed,
  };
}

/** Passages of an Ask prompt (`[P1] interview: … | speaker: …` then the text), or null when the prompt has none. */
export function parseAskPassages(userText) {
  const open = userText.indexOf('<<<PASSAGES\n');
  const close = userText.indexOf('\n>>>END PASSAGES');
  if (open < 0 || close < 0) return null;
  const passages = [];
  let current = null;
  for (const line of userText.slice(open + 12, close).split('\n')) {
    const header = /^\[(P\d+)\] interview: (.*) \| speaker: (.*)$/.exec(line);
    if (header) {
      current = { id: header[1], interview: header[2], speaker: header[3], lines: [] };
      passages.push(current);
    } else if (current) current.lines.push(line);
  }
  return passages.map(({ lines, ...p }) => ({ ...p, text: lines.join('\n').trim() }));
}

/** The deterministic model's answer to an Ask prompt: one sentence per passage (at most three), each citing it. */
export function askModelAnswer(userText) {
  const passages = parseAskPassages(userText) ?? [];
  return {
    sentences: passages.slice(0, 3).map((p) => ({
      text: `${p.speaker} in ${p.interview} speaks to this (${p.text.split(/\s+/).slice(0, 4).join(' ')}…).`,
      citations: [p.id],
    })),
  };
}

function textOf(content) {
  if (!content || !Array.isArray(content.parts)) return '';
  return content.parts.map((p) => (typeof p?.text === 'string' ? p.text : '')).join('');
}

function estimateTokens(text) {
  return Math.max(1, Math.ceil(text.length / 4));
}

function sendJson(res, status, body, headers = {}) {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', 'content-length': Buffer.byteLength(payload), ...headers });
  res.end(payload);
}

const SAFETY_RATINGS = ['HARM_CATEGORY_HATE_SPEECH', 'HARM_CATEGORY_DANGEROUS_CONTENT', 'HARM_CATEGORY_HARASSMENT', 'HARM_CATEGORY_SEXUALLY_EXPLICIT'].map(
  (category) => ({ category, probability: 'NEGLIGIBLE' }),
);

function sendGatewayPage(res, status) {
  const page = gatewayPage(status);
  res.writeHead(status, { 'content-type': 'text/html; charset=UTF-8', 'content-length': Buffer.byteLength(page) });
  res.end(page);
}

function sendGoogleError(res, status, message, extra = {}) {
  const error = { code: status, message, status: extra.statusText ?? GOOGLE_STATUS[status] ?? 'UNKNOWN' };
  if (extra.retryDelay) error.details = [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: extra.retryDelay }];
  if (extra.details) error.details = extra.details;
  const headers = extra.retryAfter !== undefined ? { 'retry-after': String(extra.retryAfter) } : {};
  sendJson(res, status, { error }, headers);
}

function delay(ms) {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

/**
 * Starts a stand-in on 127.0.0.1 at a random port.
 * options: { apiKey = 'test-api-key', latencyMs = 0, handler, model: { maxInsights, inventIds, thoughtsTokenCount },
 *   behaviour: 'realistic' (see above), knownModels (the model ids served, in every mode), unavailableStreak (realistic:
 *   503s first), gatewayStreak (realistic: a front end's HTML 502s first) }
 */
export async function startGeminiStandIn(options = {}) {
  const apiKey = options.apiKey ?? 'test-api-key';
  let latencyMs = options.latencyMs ?? 0;
  let handler = options.handler;
  const modelOptions = { ...(options.behaviour ? { behaviour: options.behaviour } : {}), ...(options.model ?? {}) };
  let unavailableLeft = options.unavailableStreak ?? 0;
  let gatewayLeft = options.gatewayStreak ?? 0;
  const queue = [];
  const requests = [];
  const hanging = new Set();
  let inFlight = 0;
  let maxInFlight = 0;
  // A request still open from before the last reset (one its test abandoned) counts no more.
  let generation = 0;

  /** Usage of a prompt with a recording, by modality: its text, and 32 tokens a second of audio heard (and frames). */
  function mediaPromptDetails(recorded) {
    const tokens = files.mediaTokens(recorded.media.file, recorded.media.script, recorded.media.part);
    return [
      { modality: 'TEXT', tokenCount: estimateTokens(recorded.userText + recorded.systemInstruction) },
      { modality: 'AUDIO', tokenCount: tokens.audio },
      ...(tokens.video > 0 ? [{ modality: 'VIDEO', tokenCount: tokens.video }] : []),
    ];
  }

  async function answer(req, res, recorded) {
    const reply = queue.length > 0 ? queue.shift() : handler ? await handler(recorded) : replies.model();
    recorded.reply = reply.kind;
    if (reply.kind === 'hang') {
      hanging.add(res);
      await new Promise((resolve) => res.on('close', resolve));
      hanging.delete(res);
      return;
    }
    await delay(reply.latencyMs ?? latencyMs);
    if (res.destroyed) return;
    if (reply.kind === 'error') {
      sendGoogleError(res, reply.status, reply.message ?? `Stand-in error ${reply.status}.`, reply);
      return;
    }
    if (reply.kind === 'gateway') {
      sendGatewayPage(res, reply.status);
      return;
    }
    const promptTokenCount = reply.usage?.promptTokenCount ?? (recorded.media ? mediaPromptDetails(recorded).reduce((sum, d) => sum + d.tokenCount, 0) : estimateTokens(recorded.rawBody));
    recorded.answeredAt = Date.now();
    if (reply.kind === 'blocked' || reply.kind === 'stopped') {
      const blocked = reply.kind === 'blocked';
      sendJson(res, 200, {
        ...(blocked ? {} : { candidates: [{ finishReason: reply.finishReason, index: 0, safetyRatings: SAFETY_RATINGS }] }),
        promptFeedback: blocked ? { blockReason: reply.blockReason, safetyRatings: SAFETY_RATINGS } : { safetyRatings: SAFETY_RATINGS },
        usageMetadata: { promptTokenCount, totalTokenCount: promptTokenCount },
        modelVersion: recorded.model,
        responseId: `stand-in-${recorded.index}`,
      });
      return;
    }
    const realistic = reply.kind === 'model' && (reply.behaviour ?? modelOptions.behaviour) === 'realistic';
    let text;
    const promptTokensDetails = recorded.media ? mediaPromptDetails(recorded) : undefined;
    if (reply.kind !== 'model') text = reply.text;
    else if (recorded.media) {
      const asked = promptWindow(recorded.userText) ?? { start: 0, end: Number.POSITIVE_INFINITY };
      // An answer that stops early hears only the start of its part, and says STOP all the same.
      const stopAt = reply.stopEarlyAt;
      const window = stopAt === undefined || !Number.isFinite(asked.end) ? asked : { start: asked.start, end: asked.start + (asked.end - asked.start) * stopAt };
      const heard = transcriptionAnswer(recorded.media.script, window, promptRoster(recorded.userText), realistic);
      recorded.heard = heard.heard;
      text = JSON.stringify(heard.answer);
    } else if (isSynthesisRequest(recorded)) text = JSON.stringify(synthesisAnswer(recorded.userText, { ...modelOptions, ...reply }));
    else if (recorded.userText.includes('<<<PASSAGES\n')) text = JSON.stringify(askModelAnswer(recorded.userText));
    else if (realistic) {
      const { answer: realAnswer, proposed } = realisticAnswer(recorded.userText, recorded, { ...modelOptions, ...reply });
      recorded.proposed = proposed;
      text = JSON.stringify(realAnswer);
    } else text = JSON.stringify(modelAnswer(recorded.userText, { ...modelOptions, ...reply }));
    const thought = realistic ? (recorded.media ? 'Listening for who speaks and where each turn begins.' : 'Reading the participant turns and choosing the strongest findings before answering.') : undefined;
    const thoughtsTokenCount = thought ? (reply.thoughtsTokenCount ?? modelOptions.thoughtsTokenCount ?? 1_200) : 0;
    let finishReason = reply.finishReason ?? 'STOP';
    if (reply.kind === 'model' && reply.stopEarlyAt !== undefined && !recorded.media) {
      // A text answer stopped for a reason Google does not name: its JSON cut short.
      text = text.slice(0, Math.floor(text.length * reply.stopEarlyAt));
      finishReason = 'OTHER';
    }
    const maxOutputTokens = recorded.generationConfig?.maxOutputTokens;
    if (realistic && typeof maxOutputTokens === 'number' && thoughtsTokenCount + estimateTokens(text) > maxOutputTokens) {
      // Thinking counts against the same limit: the answer is cut where the limit is reached.
      text = text.slice(0, Math.max(0, (maxOutputTokens - thoughtsTokenCount) * 4));
      finishReason = 'MAX_TOKENS';
    }
    const candidatesTokenCount = reply.usage?.candidatesTokenCount ?? estimateTokens(text);
    const parts = thought ? [{ text: thought, thought: true }, { text }] : [{ text }];
    sendJson(res, 200, {
      candidates: [{ content: { role: 'model', parts }, finishReason, index: 0, ...(realistic ? { safetyRatings: SAFETY_RATINGS } : {}) }],
      ...(realistic ? { promptFeedback: { safetyRatings: SAFETY_RATINGS } } : {}),
      usageMetadata: {
        promptTokenCount,
        ...(promptTokensDetails ? { promptTokensDetails } : {}),
        candidatesTokenCount,
        ...(thoughtsTokenCount > 0 ? { thoughtsTokenCount } : {}),
        totalTokenCount: reply.usage?.totalTokenCount ?? promptTokenCount + candidatesTokenCount + thoughtsTokenCount,
      },
      modelVersion: recorded.model,
      responseId: `stand-in-${recorded.index}`,
    });
  }

  /**
   * Refusals of the request itself, else null. In every mode, whatever reply is queued (as Google checks a request
   * before any model sees it): an unknown model id (404), a thinking setting the model cannot honour (400). In the
   * realistic mode also: a schema keyword Gemini does not know (400), and the opening streaks of front-end HTML 502s
   * (`gatewayStreak`) and 503s (`unavailableStreak`) when no reply is queued.
   */
  function refusal(recorded, queued) {
    const knownModels = options.knownModels ?? KNOWN_MODELS;
    if (!knownModels.includes(recorded.model)) {
      return { status: 404, message: `models/${recorded.model} is not found for API version ${recorded.apiVersion}, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.` };
    }
    const thinking = thinkingRefusal(recorded.model, recorded.generationConfig?.thinkingConfig);
    if (thinking) return { status: 400, message: thinking };
    if (modelOptions.behaviour !== 'realistic') return null;
    const keyword = unsupportedSchemaKeyword(recorded.generationConfig?.responseJsonSchema);
    if (keyword) return { status: 400, message: `Invalid JSON payload received. Unknown name "${keyword.split('.').pop()}" at 'generation_config.${keyword}': Cannot find field.` };
    if (queued) return null;
    if (gatewayLeft > 0) {
      gatewayLeft -= 1;
      return { status: 502, html: true };
    }
    if (unavailableLeft > 0) {
      unavailableLeft -= 1;
      return { status: 503, message: 'The model is overloaded. Please try again later.' };
    }
    return null;
  }

  const fileRequests = [];
  // The server's address, known once it listens (the upload URLs and file URIs name it).
  let baseUrl = '';
  const files = createFileStore(() => baseUrl);

  /** The Files API: uploads (a chunk's bytes are hashed as they arrive, never kept), reads and deletions. */
  async function serveFiles(req, res, url) {
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v ?? '')]));
    const apiKeyGiven = headers['x-goog-api-key'] || url.searchParams.get('key') || undefined;
    const logged = { method: req.method ?? '', path: url.pathname, command: headers['x-goog-upload-command'] ?? null, offset: headers['x-goog-upload-offset'] ?? null, status: 0 };
    fileRequests.push(logged);
    const send = (answer) => {
      logged.status = answer.status;
      if (answer.body === null) {
        res.writeHead(answer.status, { 'content-length': 0, ...answer.headers });
        res.end();
      } else sendJson(res, answer.status, answer.body, answer.headers ?? {});
    };
    const uploadId = url.searchParams.get('upload_id');
    // A chunk's upload URL carries the upload's own authority; every other call needs the key.
    if (!uploadId && apiKeyGiven !== apiKey) {
      req.resume();
      send(apiKeyGiven ? { status: 400, body: { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' } } } : { status: 403, body: { error: { code: 403, message: 'Method doesn\'t allow unregistered callers.', status: 'PERMISSION_DENIED' } } });
      return;
    }
    if (url.pathname === '/upload/v1beta/files' && req.method === 'POST') {
      if (uploadId) {
        send(await files.receiveChunk(req, uploadId));
        return;
      }
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      let body;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
      } catch {
        body = null;
      }
      send(files.startUpload(headers, body));
      return;
    }
    req.resume();
    const id = /^\/v1beta\/files\/([^/]+)$/.exec(url.pathname)?.[1];
    if (id && req.method === 'GET') send(files.getFile(id));
    else if (id && req.method === 'DELETE') send(files.deleteFile(id));
    else send({ status: 404, body: { error: { code: 404, message: `Method not found: ${req.method} ${url.pathname}.`, status: 'NOT_FOUND' } } });
  }

  const server = createServer((req, res) => {
    const filesUrl = new URL(req.url ?? '/', 'http://stand-in');
    if (filesUrl.pathname.startsWith('/upload/') || filesUrl.pathname.startsWith('/v1beta/files')) {
      serveFiles(req, res, filesUrl).catch((error) => {
        if (!res.headersSent) sendGoogleError(res, 500, `Stand-in failure: ${error?.message ?? error}`);
      });
      return;
    }
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const arrivedIn = generation;
      let settled = false;
      const settle = () => {
        if (!settled) {
          settled = true;
          if (arrivedIn === generation) inFlight -= 1;
        }
      };
      res.on('close', settle);
      res.on('finish', settle);

      const url = new URL(req.url ?? '/', 'http://stand-in');
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const route = ROUTE.exec(url.pathname);
      let body;
      try {
        body = rawBody ? JSON.parse(rawBody) : null;
      } catch {
        body = null;
      }
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v ?? '')]));
      const contents = Array.isArray(body?.contents) ? body.contents : [];
      const recorded = {
        index: requests.length,
        method: req.method ?? '',
        url: req.url ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        apiVersion: route?.[1] ?? null,
        model: route ? decodeURIComponent(route[2]) : null,
        headers,
        apiKey: headers['x-goog-api-key'] || url.searchParams.get('key') || undefined,
        rawBody,
        body,
        systemInstruction: textOf(body?.systemInstruction),
        userText: contents.filter((c) => c?.role !== 'model').map(textOf).join('\n'),
        generationConfig: body?.generationConfig ?? null,
        receivedAt: Date.now(),
        answeredAt: null,
        reply: null,
      };
      requests.push(recorded);

      if (req.method !== 'POST' || !route) {
        sendGoogleError(res, 404, `Method not found: ${req.method} ${url.pathname}.`);
        return;
      }
      if (!recorded.apiKey) {
        sendGoogleError(res, 403, "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.");
        return;
      }
      if (recorded.apiKey !== apiKey) {
        sendGoogleError(res, 400, 'API key not valid. Please pass a valid API key.');
        return;
      }
      if (!body || contents.length === 0) {
        sendGoogleError(res, 400, 'Invalid JSON payload received: contents is required.');
        return;
      }
      const filePart = contents.flatMap((c) => (Array.isArray(c?.parts) ? c.parts : [])).find((p) => p?.fileData);
      if (filePart) {
        const found = files.fileForPrompt(filePart.fileData.fileUri);
        if (found.error) {
          recorded.reply = 'error';
          sendJson(res, found.error.status, found.error.body);
          return;
        }
        recorded.media = { file: found.file, script: found.script, part: filePart };
        // Google takes only its documented audio and video types, whatever the file is.
        const type = String(filePart.fileData.mimeType || found.file.mimeType || '').toLowerCase();
        if (!MEDIA_TYPES.has(type)) {
          recorded.reply = 'error';
          sendGoogleError(res, 400, `Unsupported MIME type: ${type}`);
          return;
        }
      }
      const refused = refusal(recorded, queue.length > 0 || Boolean(handler));
      if (refused) {
        recorded.reply = 'error';
        if (refused.html) sendGatewayPage(res, refused.status);
        else sendGoogleError(res, refused.status, refused.message);
        return;
      }
      answer(req, res, recorded).catch((error) => {
        if (!res.headersSent) sendGoogleError(res, 500, `Stand-in failure: ${error?.message ?? error}`);
      });
    });
  });

  // Google's front ends keep an idle connection open for minutes. Node's default of 5 s would close a pooled socket
  // just as the SDK reuses it after a pause (a busy machine between two calls of one test): the call then fails as a
  // network error and is retried, which counts one call more than the test made.
  server.keepAliveTimeout = 120_000;
  server.headersTimeout = 125_000;
  const url = await listenOnLoopback(server, options.port);
  baseUrl = url;

  return {
    url,
    apiKey,
    requests,
    respondWith(...replyList) {
      queue.push(...replyList);
    },
    setHandler(next) {
      handler = next;
    },
    setLatency(ms) {
      latencyMs = ms;
    },
    get inFlight() {
      return inFlight;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    get pending() {
      return queue.length;
    },
    /** Files uploaded (by id): display name, MIME type, size, SHA-256, the chunks' sizes, state, whether deleted. */
    files: files.files,
    /** Requests to the Files API: method, path, upload command and offset, the status answered. */
    fileRequests,
    /** What a recording says, for the model to hear: matched by `sha256` (hex) of its bytes or its `displayName`. */
    registerRecording(script) {
      files.register(script);
    },
    /** How uploaded files behave: `processingPolls`, `failProcessing`, `refuseChunk` (see gemini-files.mjs). */
    setFileBehaviour(settings) {
      Object.assign(files.settings, settings);
    },
    get openUploads() {
      return files.openUploads;
    },
    reset() {
      files.reset();
      fileRequests.length = 0;
      queue.length = 0;
      unavailableLeft = options.unavailableStreak ?? 0;
      gatewayLeft = options.gatewayStreak ?? 0;
      requests.length = 0;
      generation += 1;
      inFlight = 0;
      maxInFlight = 0;
    },
    close() {
      for (const res of hanging) res.destroy();
      return closeServer(server);
    },
  };
}
