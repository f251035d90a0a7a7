/**
 * PII redaction: what is replaced (emails, phone numbers, names) and what is not (years, counts, dates), stable
 * placeholders, `restore` round trips, and the Gemini analyser sending only redacted text while handing back quotes
 * in the original wording.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGeminiAnalyser } from '../../../../src/analysis/gemini';
import { findPhones, redactPii, speakerNameCandidates } from '../../../../src/analysis/redaction';
import { parseDelimitedTranscript, replies, startGeminiStandIn, type GeminiStandIn } from '../../../../../test/support/gemini-stand-in.mjs';
import { analysisInput } from './helpers/analysis-input';

const phonesIn = (text: string) => findPhones(text).map((s) => text.slice(s.start, s.end));

describe('redactPii', () => {
  it('replaces emails with stable placeholders', () => {
    const r = redactPii('Write to ana.lima+work@example.co.uk or ana.lima+work@example.co.uk, or bo@test.io.');
    expect(r.text).toBe('Write to [EMAIL_1] or [EMAIL_1], or [EMAIL_2].');
    expect(r.counts).toEqual({ email: 3, phone: 0, name: 0 });
  });

  it.each([
    ['+1 (555) 123-4567', 'US, international'],
    ['(555) 123-4567', 'US, area code in brackets'],
    ['555-987-6543', 'US, dashes'],
    ['555.987.6543', 'US, dots'],
    ['+44 20 7946 0958', 'UK, international'],
    ['020 7946 0958', 'UK, national'],
    ['06 12 34 56 78', 'France, national'],
    ['+33 6 12 34 56 78', 'France, international'],
    ['0049 30 1234567', 'Germany, 00 prefix'],
    ['+351912345678', 'Portugal, no spaces'],
  ])('finds the phone number %s (%s)', (phone) => {
    expect(phonesIn(`Call me on ${phone} tomorrow.`)).toEqual([phone]);
  });

  it.each([
    'In 2019 we had 30 users and 1,000,000 views.',
    'It ran from 2019-2020, then 1998 – 2004.',
    'The release was on 2024-03-15 or 15.03.2024 or 03/15/2024.',
    'Order 123456789 cost 4999 and took 12 weeks.',
    'Version 3.14159 of 2.5 million lines at 10:30.',
    'We met on 03.04.2024 1400 hours and 05/06/2023 0930.',
  ])('leaves years, counts, dates and plain numbers alone: %s', (text) => {
    const r = redactPii(text);
    expect(r.text).toBe(text);
    expect(r.counts.phone).toBe(0);
  });

  it('replaces the names passed in and names the NER finds, with honorifics left in place', () => {
    const text = 'I asked Priya Raman and Dr. Jonas Weber about it. Maria Silva agreed, and Maria wrote it down.';
    const r = redactPii(text, ['Maria Silva', 'Maria']);
    expect(r.text).toBe('I asked [NAME_3] and Dr. [NAME_4] about it. [NAME_1] agreed, and [NAME_2] wrote it down.');
    expect(r.counts.name).toBe(4);
  });

  it('replaces a name found once everywhere it occurs, also first in a sentence', () => {
    const r = redactPii('Jack set it up. Later I told Jack about the bug.');
    expect(r.text).toBe('[NAME_1] set it up. Later I told [NAME_1] about the bug.');
  });

  it('does not take common words, acronyms or role labels for names', () => {
    const text = 'Great question. Mail me the API docs on Monday. User research is fun, and the interviewer said great things.';
    expect(redactPii(text).text).toBe(text);
  });

  it('restores placeholders in a proposed quote to the original words, and leaves unknown ones', () => {
    const text = 'Maria said: mail maria@example.com or call +44 20 7946 0958.';
    const r = redactPii(text, ['Maria']);
    expect(r.text).toBe('[NAME_1] said: mail [EMAIL_1] or call [PHONE_1].');
    expect(r.restore(r.text)).toBe(text);
    expect(r.restore('call [PHONE_1] or write [email_1 ]')).toBe('call +44 20 7946 0958 or write maria@example.com');
    expect(r.restore('[NAME_9] and [REDACTED]')).toBe('[NAME_9] and [REDACTED]');
  });

  it('skips placeholders that already occur in the text, so restore cannot confuse them', () => {
    const r = redactPii('The form shows [EMAIL_1] where ana@example.com goes.');
    expect(r.text).toBe('The form shows [EMAIL_1] where [EMAIL_2] goes.');
    expect(r.restore(r.text)).toBe('The form shows [EMAIL_1] where ana@example.com goes.');
  });

  it('maps slices of the original text to the redacted text', () => {
    const text = 'Hi.\n\nMail ana@example.com now.\n\nBye.';
    const r = redactPii(text);
    const start = text.indexOf('Mail');
    const end = text.indexOf('now.') + 4;
    expect(r.slice(start, end)).toBe('Mail [EMAIL_1] now.');
    expect(r.slice(end + 2, text.length)).toBe('Bye.');
    expect(r.slice(text.indexOf('example'), end)).toBe('[EMAIL_1] now.'); // a cut placeholder is kept whole
  });

  it('redacts other strings with the same placeholders', () => {
    const r = redactPii('Maria Silva talked.', ['Maria Silva']);
    expect(r.redact('Maria Silva')).toBe('[NAME_1]');
    expect(r.redact('P1')).toBe('P1');
  });

  it('takes names from speaker labels but not role labels', () => {
    const candidates = speakerNameCandidates([
      { label: 'Maria da Silva', aliases: ['MARIA'] },
      { label: 'Interviewer', aliases: ['Int'] },
      { label: 'P1', aliases: [] },
      { label: 'Speaker 2', aliases: [] },
      { label: 'User', aliases: ['[id1]'] },
      { label: 'Unknown speaker', aliases: [] },
    ]);
    expect(candidates).toEqual(['Maria da Silva', 'Maria', 'Silva', 'MARIA']);
  });
});

describe('the Gemini analyser with redaction', () => {
  let standIn: GeminiStandIn;
  beforeAll(async () => {
    standIn = await startGeminiStandIn();
  });
  afterEach(() => standIn.reset());
  afterAll(() => standIn.close());

  const input = analysisInput(
    [
      ['Interviewer', 'Can we follow up later?'],
      ['Ana Lima', 'Sure, email me at ana.lima@example.com or call 555-987-6543. My manager Jonas Weber will join.'],
      ['Interviewer', 'Thanks Ana.'],
      ['Ana Lima', 'In 2019 we had 30 people on the team, and Jonas Weber hired 12 more.'],
    ],
    { Interviewer: 'interviewer', 'Ana Lima': 'participant' },
  );
  const originalText = input.text;

  function analyser(redact: boolean) {
    return createGeminiAnalyser({ apiKey: standIn.apiKey, baseUrl: standIn.url, redactPii: redact });
  }

  it('sends no email, phone number or name, and labels speakers with placeholders', async () => {
    await analyser(true).analyse(input);
    const { rawBody, userText } = standIn.requests[0]!;
    for (const secret of ['ana.lima@example.com', '555-987-6543', 'Jonas', 'Weber', 'Ana Lima', 'Ana']) {
      expect(rawBody).not.toContain(secret);
    }
    const turns = parseDelimitedTranscript(userText)!.turns;
    expect(turns.map((t) => t.speaker)).toEqual(['Interviewer', '[NAME_1]', 'Interviewer', '[NAME_1]']);
    expect(turns[1]!.text).toBe('Sure, email me at [EMAIL_1] or call [PHONE_1]. My manager [NAME_4] will join.');
    expect(turns[3]!.text).toBe('In 2019 we had 30 people on the team, and [NAME_4] hired 12 more.');
  });

  it('sends the original text when redaction is off', async () => {
    await analyser(false).analyse(input);
    expect(standIn.requests[0]!.userText).toContain('ana.lima@example.com');
  });

  it('restores quotes, speakers and titles so quotes match the original stored text', async () => {
    standIn.respondWith(
      replies.json({
        insights: [
          {
            title: '[NAME_1] relies on [NAME_4]',
            description: 'Contact via [EMAIL_1].',
            tag: 'team',
            quotes: [
              { text: 'Sure, email me at [EMAIL_1] or call [PHONE_1].', speaker: '[NAME_1]' },
              { text: 'My manager [NAME_4] will join.', speaker: '[NAME_1]' },
              { text: 'In 2019 we had 30 people', speaker: 'Interviewer' },
            ],
          },
        ],
        groupedTags: [{ groupLabel: 'People', tags: [{ originalTag: 'team', refinedTag: 'team of [NAME_1]' }] }],
      }),
    );
    const result = await analyser(true).analyse(input);
    const insight = result.insights[0]!;
    expect(insight.title).toBe('Ana Lima relies on Jonas Weber');
    expect(insight.description).toBe('Contact via ana.lima@example.com.');
    expect(insight.quotes.map((q) => [q.text, q.speaker])).toEqual([
      ['Sure, email me at ana.lima@example.com or call 555-987-6543.', 'Ana Lima'],
      ['My manager Jonas Weber will join.', 'Ana Lima'],
      ['In 2019 we had 30 people', 'Interviewer'],
    ]);
    for (const quote of insight.quotes) expect(originalText.slice(quote.startHint!, quote.startHint! + quote.text.length)).toBe(quote.text);
    expect(result.groupedTags[0]!.tags[0]!.refinedTag).toBe('team of Ana Lima');
    expect(input.text).toBe(originalText);
    expect(result.notes.some((n) => /1 email address, 1 phone number and \d+ names were replaced/.test(n))).toBe(true);
  });
});
