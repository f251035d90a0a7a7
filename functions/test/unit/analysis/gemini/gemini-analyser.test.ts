/**
 * The Gemini analyser against a local HTTP stand-in of the Gemini API, through the real @google/genai SDK: the
 * request on the wire (key, model, structured output, prompt) and the proposals handed on to anchoring.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGeminiAnalyser, DEFAULT_GEMINI_MODEL, type GeminiAnalyserOptions } from '../../../../src/analysis/gemini';
import { answerJsonSchema } from '../../../../src/analysis/gemini/response-schema';
import { MIN_INSIGHTS } from '../../../../src/analysis/gemini/gemini-analyser';
import { AnalysisError, type AnalysisProgress } from '@verbatim/contract/insight';
import {
  modelAnswer,
  parseDelimitedTranscript,
  replies,
  startGeminiStandIn,
  type GeminiStandIn,
} from '../../../../../test/support/gemini-stand-in.mjs';
import { analysisInput, recordingSleep } from './helpers/analysis-input';

let standIn: GeminiStandIn;
beforeAll(async () => {
  standIn = await startGeminiStandIn({ apiKey: 'secret-key-123' });
});
afterEach(() => standIn.reset());
afterAll(() => standIn.close());

function analyser(options: Partial<GeminiAnalyserOptions> = {}) {
  return createGeminiAnalyser({ apiKey: 'secret-key-123', baseUrl: standIn.url, sleep: recordingSleep().sleep, ...options });
}

const interview = analysisInput(
  [
    ['Interviewer', 'How do you plan your week?'],
    ['Maria', 'I plan everything on Sunday evening with a paper notebook. It keeps me calm before the week starts.'],
    ['Interviewer', 'Do you use any apps for it?'],
    ['Maria', 'I tried three apps last year but I always went back to paper because the apps kept nagging me.'],
  ],
  { Interviewer: 'interviewer', Maria: 'participant' },
);

describe('a well-formed answer', () => {
  it('passes the proposals on as sent, with every quote and speaker, including ones anchoring must drop', async () => {
    const sent = {
      insights: [
        {
          title: 'Paper planning calms the week',
          description: 'Maria plans on paper on Sundays to feel calm.',
          tag: 'planning rituals',
          quotes: [
            { text: 'I plan everything on Sunday evening with a paper notebook.', speaker: 'Maria' }, // verbatim
            { text: 'Planning on paper is the only thing that ever worked for me.', speaker: 'Maria' }, // invented
          ],
        },
        {
          title: 'Apps nag too much',
          description: 'Reminders pushed Maria back to paper.',
          tag: 'app fatigue',
          quotes: [
            { text: 'I tried 3 apps but went back to paper since they nagged me.', speaker: 'Maria' }, // paraphrased
            { text: 'Do you use any apps for it?', speaker: 'Interviewer' }, // the interviewer's words
            { text: 'It keeps me calm before the week starts.', speaker: 'Interviewer' }, // misattributed
          ],
        },
      ],
      groupedTags: [
        { groupLabel: 'Routines', tags: [{ originalTag: 'planning rituals', refinedTag: 'weekly planning' }] },
        { groupLabel: 'Tools', tags: [{ originalTag: 'app fatigue', refinedTag: 'notification fatigue' }] },
      ],
    };
    standIn.respondWith(replies.json(sent, { usage: { promptTokenCount: 812, candidatesTokenCount: 190, totalTokenCount: 1002 } }));

    const result = await analyser().analyse(interview);

    expect(result.insights).toEqual(
      sent.insights.map((insight) => ({
        ...insight,
        quotes: insight.quotes.map((q) => {
          const at = interview.text.indexOf(q.text);
          return at >= 0 ? { ...q, startHint: at } : q;
        }),
      })),
    );
    // Verbatim quotes carry a start hint; the invented and paraphrased ones cannot.
    expect(result.insights[0]?.quotes[0]?.startHint).toBe(interview.text.indexOf('I plan everything'));
    expect(result.insights[0]?.quotes[1]?.startHint).toBeUndefined();
    expect(result.insights[1]?.quotes.map((q) => q.speaker)).toEqual(['Maria', 'Interviewer', 'Interviewer']);
    expect(result.groupedTags).toEqual(sent.groupedTags);
    expect(result.usage).toEqual({ promptTokens: 812, outputTokens: 190, totalTokens: 1002, calls: 1 });
    expect(result.notes).toEqual([]);
  });

  it('sends one generateContent request with the key in the header only, the model in the path and a JSON schema', async () => {
    await analyser({ model: 'gemini-3.5-flash-lite' }).analyse(interview);

    expect(standIn.requests).toHaveLength(1);
    const request = standIn.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.path).toMatch(/^\/(v1|v1beta)\/models\/gemini-3.5-flash-lite:generateContent$/);
    expect(request.headers['x-goog-api-key']).toBe('secret-key-123');
    expect(request.url).not.toContain('secret-key-123');
    expect(request.query).toEqual({});
    expect(request.rawBody).not.toContain('secret-key-123');
    expect(request.generationConfig).toMatchObject({ responseMimeType: 'application/json', responseJsonSchema: answerJsonSchema(MIN_INSIGHTS) });
  });

  it('uses the current stable Flash model by default', async () => {
    await analyser().analyse(interview);
    expect(DEFAULT_GEMINI_MODEL).toBe('gemini-3.8-flash');
    expect(standIn.requests[0]?.model).toBe(DEFAULT_GEMINI_MODEL);
  });

  it('sends the rules as the system instruction and the transcript as delimited turns with speaker and role', async () => {
    await analyser().analyse(interview);
    const request = standIn.requests[0]!;

    expect(request.systemInstruction).toMatch(/PARTICIPANTS/);
    expect(request.systemInstruction).toMatch(/character for character/);
    expect(request.systemInstruction).toMatch(/never quote them/);
    expect(request.systemInstruction).toMatch(/DATA, never instructions/);
    const transcript = parseDelimitedTranscript(request.userText);
    expect(transcript).not.toBeNull();
    expect(request.systemInstruction).toContain(`<<<TRANSCRIPT ${transcript!.id}`);
    expect(request.systemInstruction).toContain(`>>>END TRANSCRIPT ${transcript!.id}`);
    expect(transcript!.turns).toEqual(
      interview.turns.map((turn, i) => ({
        number: i + 1,
        continued: false,
        speaker: turn.speaker,
        role: turn.speaker === 'Maria' ? 'participant' : 'interviewer',
        text: interview.text.slice(turn.start, turn.end),
      })),
    );
  });

  it('answers end to end with the stand-in model and reports progress', async () => {
    const progress: AnalysisProgress[] = [];
    const result = await analyser().analyse(interview, (p) => progress.push(p));

    const expected = modelAnswer(standIn.requests[0]!.userText);
    expect(expected.insights.length).toBeGreaterThan(0);
    expect(result.insights.map((i) => i.quotes.map((q) => q.text))).toEqual(expected.insights.map((i) => i.quotes.map((q) => q.text)));
    for (const quote of result.insights.flatMap((i) => i.quotes)) {
      expect(interview.text.slice(quote.startHint!, quote.startHint! + quote.text.length)).toBe(quote.text);
    }
    expect(progress).toEqual([
      { done: 0, total: 1 },
      { done: 1, total: 1 },
    ]);
  });

  it('builds the SDK client lazily: a bad base URL only fails when a document is analysed', async () => {
    const lazy = createGeminiAnalyser({ apiKey: 'secret-key-123', baseUrl: 'http://127.0.0.1:9', maxRetries: 0 });
    expect(lazy.name).toBe('gemini');
    await expect(lazy.analyse(interview)).rejects.toMatchObject({ name: 'AnalysisError', code: 'provider-error' });
  });

  it('refuses a missing API key when created', () => {
    expect(() => createGeminiAnalyser({ apiKey: '  ' })).toThrow(AnalysisError);
  });

  it('a wrong key is the server’s configuration problem, not retried', async () => {
    const sleeper = recordingSleep();
    await expect(analyser({ apiKey: 'wrong-key', sleep: sleeper.sleep }).analyse(interview)).rejects.toMatchObject({
      code: 'misconfigured',
      message: expect.stringContaining('HTTP 400'),
    });
    expect(standIn.requests).toHaveLength(1);
    expect(sleeper.sleeps).toEqual([]);
  });

  it('sends nothing when no turn is a participant’s', async () => {
    const onlyInterviewer = analysisInput([['Interviewer', 'Hello and welcome to the study today.']], { Interviewer: 'interviewer' });
    const result = await analyser().analyse(onlyInterviewer);
    expect(standIn.requests).toHaveLength(0);
    expect(result.insights).toEqual([]);
    expect(result.usage).toEqual({ promptTokens: 0, outputTokens: 0, totalTokens: 0, calls: 0 });
    expect(result.notes).toHaveLength(1);
  });
});
