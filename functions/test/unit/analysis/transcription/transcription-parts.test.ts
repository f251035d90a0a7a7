/**
 * The pieces of a transcription that need no Gemini: the parts a recording is heard in, how a part's answer is read,
 * how the parts are stitched into one conversation, and the WebVTT it is read back from.
 */
import { describe, expect, it } from 'vitest';
import { parseTranscript } from '../../../../src/analysis/parsers';
import { renderWebVtt } from '../../../../src/analysis/transcription/render-webvtt';
import { stitchParts } from '../../../../src/analysis/transcription/stitch';
import { readPartAnswer, type HeardPart } from '../../../../src/analysis/transcription/transcription-answer';
import { planWindows, readClockTime } from '../../../../src/analysis/transcription/windows';

const minutes = (n: number) => n * 60;

describe('the parts a recording is heard in', () => {
  it.each([
    [minutes(120), [0, 30, 60, 90, 120]],
    [minutes(65), [0, 30, 65]],
    [minutes(70), [0, 30, 60, 70]],
    [minutes(10), [0, 10]],
    [minutes(2), [0, 2]],
  ])('%i seconds in parts of 30 minutes, a short remainder joining the last', (seconds, bounds) => {
    const windows = planWindows(seconds, minutes(30));
    expect([windows[0]!.start, ...windows.map((w) => w.end)].map((s) => s / 60)).toEqual(bounds);
  });

  it.each([
    ['01:05:09', 3909],
    ['1:05:09', 3909],
    ['65:09', 3909],
    ['05:09', 309],
    ['309.5', 309.5],
    ['00:00:03,250', 3.25],
  ])('reads the time %s', (text, seconds) => {
    expect(readClockTime(text)).toBe(seconds);
  });

  it.each(['about a minute in', '12:75', '1:2:3:4', ''])('reads no time in %j', (text) => {
    expect(readClockTime(text)).toBeNull();
  });
});

/** An answer in the schema: each turn one sentence (`[speaker, start, text]`) or several (`[speaker, [[start, text]…]]`). */
const answer = (turns: Array<[string, string, string] | [string, Array<[string, string]>]>, speakers: Array<[string, string]> = []) =>
  JSON.stringify({
    speakers: speakers.map(([label, description]) => ({ label, description })),
    turns: turns.map((turn) => {
      const sentences = turn.length === 3 ? [[turn[1], turn[2]]] : turn[1];
      return { speaker: turn[0], sentences: sentences.map(([start, text]) => ({ start, text })) };
    }),
  });

/** A heard turn of one sentence. */
const said = (speaker: string, start: number, text: string) => ({ speaker, start, text, sentences: [{ start, text }] });

describe('reading a part’s answer', () => {
  const window = { start: 600, end: 1200 };

  it('leaves out sounds that are no words, and a turn of the part before or after', () => {
    const reading = readPartAnswer(
      answer([
        ['Speaker 1', '00:09:50', 'the end of the part before.'],
        ['Speaker 1', '00:10:05', '[music]'],
        ['Speaker 2', '00:10:30', 'So, um, we started [laughs] again.'],
        ['Speaker 1', '00:11:00', 'And then?'],
        ['Speaker 2', '00:11:10', '(inaudible)'],
        ['Speaker 2', '00:12:00', 'Then we, we stopped.'],
        ['Speaker 1', '00:20:30', 'the next part.'],
      ], [['Speaker 1', 'woman, asks'], ['Speaker 3', 'nobody in this part']]),
      window,
      3600,
    );
    expect(reading).toEqual({
      ok: true,
      part: {
        speakers: [
          { label: 'Speaker 1', description: 'woman, asks' },
          { label: 'Speaker 2', description: '' },
        ],
        turns: [said('Speaker 2', 630, 'So, um, we started again.'), said('Speaker 1', 660, 'And then?'), said('Speaker 2', 720, 'Then we, we stopped.')],
      },
    });
  });

  it('moves times counted from the start of a clip to the recording’s, each sentence’s too', () => {
    const reading = readPartAnswer(
      answer([
        ['Speaker 1', '00:00:04', 'Where were we?'],
        [
          'Speaker 2',
          [
            ['00:01:10', 'At the harbour.'],
            ['00:01:14', 'By the boats.'],
          ],
        ],
      ]),
      window,
      3600,
    );
    expect(reading.ok && reading.part.turns.map((t) => t.start)).toEqual([604, 670]);
    expect(reading.ok && reading.part.turns[1].sentences?.map((s) => s.start)).toEqual([670, 674]);
  });

  it('keeps each sentence’s own time, leaving out sentences of sounds only; the turn starts with its first sentence', () => {
    const reading = readPartAnswer(
      answer([
        ['Speaker 1', '00:10:02', 'Tell me about the harbour.'],
        [
          'Speaker 2',
          [
            ['00:10:05', '[laughs]'],
            ['00:10:06', 'It was busy every morning.'],
            ['00:10:09', 'Boats, nets, [coughs] people shouting.'],
            ['00:10:08', 'And the smell!'],
          ],
        ],
      ]),
      window,
      3600,
    );
    expect(reading).toEqual({
      ok: true,
      part: {
        speakers: [
          { label: 'Speaker 1', description: '' },
          { label: 'Speaker 2', description: '' },
        ],
        turns: [
          said('Speaker 1', 602, 'Tell me about the harbour.'),
          {
            speaker: 'Speaker 2',
            start: 606,
            text: 'It was busy every morning. Boats, nets, people shouting. And the smell!',
            // A sentence timed before the one before it is said at that one's time.
            sentences: [
              { start: 606, text: 'It was busy every morning.' },
              { start: 609, text: 'Boats, nets, people shouting.' },
              { start: 609, text: 'And the smell!' },
            ],
          },
        ],
      },
    });
  });

  it('refuses an answer about another part of the recording', () => {
    const reading = readPartAnswer(
      answer([
        ['Speaker 1', '00:40:04', 'Where were we?'],
        ['Speaker 2', '00:41:10', 'At the harbour.'],
      ]),
      window,
      3600,
    );
    expect(reading).toEqual({ ok: false, problem: '2 of its 2 turns start outside the part asked for (00:10:00 to 00:20:00)' });
  });
});

const part = (speakers: Array<[string, string]>, turns: Array<[string, number, string]>): HeardPart => ({
  speakers: speakers.map(([label, description]) => ({ label, description })),
  turns: turns.map(([speaker, start, text]) => ({ speaker, start, text })),
});

describe('stitching the parts', () => {
  const first = part(
    [
      ['Speaker 1', 'woman, asks the questions'],
      ['Speaker 2', 'man, answers'],
    ],
    [
      ['Speaker 1', 5, 'How did it start?'],
      ['Speaker 2', 20, 'With a phone call.'],
    ],
  );

  it('gives one label to a new voice two later parts described alike, and another to a voice described otherwise', () => {
    const second = part([['Speaker 3', 'older man, joins late']], [['Speaker 3', 700, 'Sorry I am late.']]);
    const third = part([['Speaker 3', 'child, interrupts']], [['Speaker 3', 1300, 'Can I have a biscuit?']]);
    const fourth = part([['Speaker 3', 'Older man, joins late.']], [['Speaker 3', 1900, 'As I was saying.']]);
    const conversation = stitchParts([first, second, third, fourth]);
    expect(conversation.turns.map((t) => `${t.speaker}: ${t.text}`)).toEqual([
      'Speaker 1: How did it start?',
      'Speaker 2: With a phone call.',
      'Speaker 3: Sorry I am late.',
      'Speaker 4: Can I have a biscuit?',
      'Speaker 3: As I was saying.',
    ]);
    expect(conversation.renumbered).toBe(1);
  });

  it('takes a voice a later part numbered anew, but described as a known one, for that one', () => {
    const second = part([['Speaker 3', 'Man, answers']], [['Speaker 3', 700, 'And then the boat left.']]);
    expect(stitchParts([first, second]).turns.at(-1)?.speaker).toBe('Speaker 2');
  });

  it('after a part in which nobody spoke, takes the voices of the first part that heard somebody as the ones the others were told of', () => {
    const silent = part([], []);
    const later = part(
      [
        ['Speaker 2', 'man, answers, hoarse today'],
        ['Speaker 1', 'woman, asks the questions'],
      ],
      [
        ['Speaker 2', 700, 'As I said.'],
        ['Speaker 1', 710, 'Go on.'],
      ],
    );
    const conversation = stitchParts([silent, first, later]);
    expect(conversation.turns.map((t) => t.speaker)).toEqual(['Speaker 1', 'Speaker 2', 'Speaker 2', 'Speaker 1']);
    expect(conversation.renumbered).toBe(0);
  });

  it('keeps once a turn two parts both heard where they meet', () => {
    const second = part(
      [['Speaker 2', 'man, answers']],
      [
        ['Speaker 2', 21, 'a phone call.'],
        ['Speaker 1', 640, 'Then what?'],
      ],
    );
    const conversation = stitchParts([first, second]);
    expect(conversation.turns.map((t) => t.text)).toEqual(['How did it start?', 'With a phone call.', 'Then what?']);
    expect(conversation.repeated).toBe(1);
  });
});

describe('the WebVTT a conversation is read back from', () => {
  it('gives every sentence a time mark of its own, the turn staying one turn of its speaker', async () => {
    const turns = [
      said('Speaker 1', 2, 'How did it start?'),
      {
        speaker: 'Speaker 2',
        start: 5,
        text: 'With a phone call. My brother rang at six. He said the boat was gone.',
        sentences: [
          { start: 5, text: 'With a phone call.' },
          { start: 8, text: 'My brother rang at six.' },
          { start: 12, text: 'He said the boat was gone.' },
        ],
      },
      said('Speaker 1', 20, 'Gone?'),
    ];
    const transcript = await parseTranscript({ bytes: Buffer.from(renderWebVtt(turns, 30)), fileName: 'heard.vtt' });
    expect(transcript.turns.map((t) => [t.speaker, transcript.text.slice(t.start, t.end), t.ts])).toEqual([
      ['Speaker 1', 'How did it start?', 2],
      ['Speaker 2', 'With a phone call. My brother rang at six. He said the boat was gone.', 5],
      ['Speaker 1', 'Gone?', 20],
    ]);
    const at = (words: string) => transcript.text.indexOf(words);
    expect(transcript.timeMarks?.map((m) => [m.offset, m.ts])).toEqual([
      [0, 2],
      [at('With'), 5],
      [at('My brother'), 8],
      [at('He said'), 12],
      [at('Gone'), 20],
    ]);
  });

  it('keeps turns in the order heard when two start in one second, or one a little before the one before it', async () => {
    const turns = [said('Speaker 1', 12, 'Yes.'), said('Speaker 2', 12, 'Right, so what next?'), said('Speaker 1', 20, 'We left.'), said('Speaker 2', 19, 'Did you?')];
    const transcript = await parseTranscript({ bytes: Buffer.from(renderWebVtt(turns, 40)), fileName: 'heard.vtt' });
    expect(transcript.turns.map((t) => transcript.text.slice(t.start, t.end))).toEqual(['Yes.', 'Right, so what next?', 'We left.', 'Did you?']);
  });

  it('writes a sentence timed no later than the one before, or at the next turn’s time, in the cue before it', async () => {
    const turns = [
      {
        speaker: 'Speaker 2',
        start: 5,
        text: 'One. Two. Three.',
        sentences: [
          { start: 5, text: 'One.' },
          { start: 5, text: 'Two.' },
          { start: 9, text: 'Three.' },
        ],
      },
      said('Speaker 1', 9, 'Four?'),
    ];
    const transcript = await parseTranscript({ bytes: Buffer.from(renderWebVtt(turns, 30)), fileName: 'heard.vtt' });
    expect(transcript.text).toBe('One. Two. Three.\n\nFour?');
    expect(transcript.timeMarks?.map((m) => m.ts)).toEqual([5, 9]);
  });

  it('keeps every word as said, characters WebVTT reserves included, with each turn’s time', async () => {
    const turns = [
      { speaker: 'Speaker 1', start: 1.5, text: 'Is a < b & c --> true, <v Someone>?' },
      { speaker: 'Ana María', start: 62, text: 'Yes.\n\nIt is.' },
    ];
    const transcript = await parseTranscript({ bytes: Buffer.from(renderWebVtt(turns, 90)), fileName: 'heard.vtt' });
    expect(transcript.turns.map((t) => [t.speaker, transcript.text.slice(t.start, t.end), t.ts])).toEqual([
      ['Speaker 1', 'Is a < b & c --> true, <v Someone>?', 1.5],
      ['Ana María', 'Yes. It is.', 62],
    ]);
  });
});
