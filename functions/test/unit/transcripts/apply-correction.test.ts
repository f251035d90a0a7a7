import { describe, expect, it } from 'vitest';
import type { Quote } from '@verbatim/contract/insight';
import type { InterviewSpeaker } from '@verbatim/contract/project';
import type { SpeakerRole, TimeMark, Turn } from '@verbatim/contract/transcript';
import { applyCorrection, cleanTurnText, type TranscriptState } from '../../../src/transcripts/apply-correction';

/** A transcript of `turns` ([speaker, words]) as the parser stores it: turns joined by a blank line. */
function transcript(turns: Array<[string, string]>, roles: Record<string, SpeakerRole>, timeMarks: TimeMark[] = []): TranscriptState {
  let text = '';
  const stored: Turn[] = turns.map(([speaker, words], i) => {
    if (i > 0) text += '\n\n';
    const turn = { speaker, start: text.length, end: text.length + words.length, ts: i * 10 };
    text += words;
    return turn;
  });
  const speakers: InterviewSpeaker[] = Object.entries(roles).map(([label, role]) => ({ label, role, aliases: [], turnCount: 0, wordCount: 0 }));
  return { text, turns: stored, timeMarks, speakers };
}

/** The quote of `words` in turn `index` (its first occurrence there). */
function quoteOf(t: TranscriptState, index: number, words: string): Quote {
  const turn = t.turns[index];
  const start = t.text.indexOf(words, turn.start);
  if (start < 0 || start + words.length > turn.end) throw new Error(`“${words}” is not in turn ${index}`);
  return { text: words, documentId: 'd1', speaker: turn.speaker, start, end: start + words.length, ts: turn.ts, match: 'exact' };
}

const interview = () =>
  transcript(
    [
      ['Interviewer', 'How did the new dashbord work for your team?'],
      ['Ana', 'Honestly the dashbord saved us hours every week. We stopped building reports by hand.'],
      ['Interviewer', 'What would you change?'],
      ['Ana', 'The export is slow, and the colours are hard to read on a projector.'],
    ],
    { Interviewer: 'interviewer', Ana: 'participant' },
  );

/** A quote is sacred: its text is exactly its span of the text, inside one turn of its speaker. */
function expectVerbatim(quote: Quote | null, t: { text: string; turns: Turn[] }) {
  expect(quote).not.toBeNull();
  const q = quote!;
  expect(t.text.slice(q.start, q.end)).toBe(q.text);
  const turn = t.turns.find((x) => x.start <= q.start && q.end <= x.end);
  expect(turn?.speaker).toBe(q.speaker);
}

describe('a corrected word re-anchors the quotes around it', () => {
  it('a word fixed inside a quote: the quote reads the corrected word, and later quotes keep their words at their new places', () => {
    const before = interview();
    const inside = quoteOf(before, 1, 'the dashbord saved us hours every week');
    const later = quoteOf(before, 3, 'The export is slow');
    const after = applyCorrection(before, [{ index: 1, text: 'Honestly the dashboard saved us hours every week. We stopped building reports by hand.' }], []);

    const moved = after.reanchor(inside);
    expect(moved).toMatchObject({ text: 'the dashboard saved us hours every week', start: inside.start, end: inside.end + 1, speaker: 'Ana', ts: inside.ts, match: 'exact' });
    expectVerbatim(moved, after);
    const shifted = after.reanchor(later);
    expect(shifted).toMatchObject({ text: 'The export is slow', start: later.start + 1 });
    expectVerbatim(shifted, after);
    expect(after.turns[3].start).toBe(before.turns[3].start + 1);
  });

  it('words inserted before a quote move it; inserted inside it, they become part of it; inserted after it, it is unchanged', () => {
    const before = interview();
    const quote = quoteOf(before, 1, 'saved us hours every week');
    const insertedBefore = applyCorrection(before, [{ index: 1, text: 'Honestly the new dashbord saved us hours every week. We stopped building reports by hand.' }], []);
    expect(insertedBefore.reanchor(quote)).toMatchObject({ text: 'saved us hours every week', start: quote.start + 4 });

    const insertedInside = applyCorrection(before, [{ index: 1, text: 'Honestly the dashbord saved us many hours every week. We stopped building reports by hand.' }], []);
    expect(insertedInside.reanchor(quote)).toMatchObject({ text: 'saved us many hours every week', start: quote.start });

    const insertedAfter = applyCorrection(before, [{ index: 1, text: 'Honestly the dashbord saved us hours every week. We simply stopped building reports by hand.' }], []);
    expect(insertedAfter.reanchor(quote)).toMatchObject({ text: 'saved us hours every week', start: quote.start, end: quote.end });
  });

  it('words deleted inside a quote leave it; its first words deleted, it starts at the next word kept', () => {
    const before = interview();
    const quote = quoteOf(before, 1, 'the dashbord saved us hours every week');
    const deletedInside = applyCorrection(before, [{ index: 1, text: 'Honestly the dashbord saved hours every week. We stopped building reports by hand.' }], []);
    expect(deletedInside.reanchor(quote)?.text).toBe('the dashbord saved hours every week');
    const deletedFirst = applyCorrection(before, [{ index: 1, text: 'Honestly dashbord saved us hours every week. We stopped building reports by hand.' }], []);
    expect(deletedFirst.reanchor(quote)?.text).toBe('dashbord saved us hours every week');
    const deletedLast = applyCorrection(before, [{ index: 1, text: 'Honestly the dashbord saved us hours every. We stopped building reports by hand.' }], []);
    expect(deletedLast.reanchor(quote)?.text).toBe('the dashbord saved us hours every');
  });

  it('a quote whose words were all deleted is removed; the quotes beside it stay', () => {
    const before = interview();
    const gone = quoteOf(before, 1, 'We stopped building reports by hand.');
    const kept = quoteOf(before, 1, 'saved us hours');
    const after = applyCorrection(before, [{ index: 1, text: 'Honestly the dashbord saved us hours every week.' }], []);
    expect(after.reanchor(gone)).toBeNull();
    expect(after.reanchor(kept)?.text).toBe('saved us hours');
  });

  it('a punctuation change at a quote’s edge stays outside it', () => {
    const before = interview();
    const quote = quoteOf(before, 3, 'the colours are hard to read on a projector');
    const after = applyCorrection(before, [{ index: 3, text: 'The export is slow, and the colours are hard to read on a projector!' }], []);
    expect(after.reanchor(quote)?.text).toBe('the colours are hard to read on a projector');
  });

  it('a rewritten run of words maps word for word', () => {
    const before = interview();
    const quote = quoteOf(before, 3, 'colours are hard');
    const after = applyCorrection(before, [{ index: 3, text: 'The export is slow, and the colors were hard to read on a projector.' }], []);
    expect(after.reanchor(quote)?.text).toBe('colors were hard');
  });

  it('counts the words again and moves the time marks with the words they time', () => {
    const plain = interview();
    const marks = [
      { offset: 0, ts: 0 },
      { offset: plain.text.indexOf('every'), ts: 12, end: 15.5 },
      { offset: plain.turns[2].start, ts: 20 },
    ];
    const before = { ...plain, timeMarks: marks };
    const after = applyCorrection(before, [{ index: 1, text: 'Honestly the dashboard really saved us hours every week. We stopped building reports by hand.' }], []);
    // A caption's end time stays with its mark.
    expect(after.timeMarks).toEqual([
      { offset: 0, ts: 0 },
      { offset: marks[1].offset + 8, ts: 12, end: 15.5 },
      { offset: marks[2].offset + 8, ts: 20 },
    ]);
    expect(after.text.slice(after.timeMarks[1].offset).startsWith('every')).toBe(true);
    expect(after.wordCount).toBe(applyCorrection(before, [], []).wordCount + 1);
    expect(after.speakers.find((s) => s.label === 'Ana')).toMatchObject({ turnCount: 2, wordCount: 15 + 14 });
  });

  it('keeps offsets in UTF-16 through accents, emoji and Japanese', () => {
    const before = transcript(
      [
        ['Interviewer', 'Et le café ?'],
        ['Léa', 'Le café 😀 était naïf, mais 很好 vraiment.'],
        ['Yui', 'この製品はとても便利です。毎日使っています。'],
      ],
      { Interviewer: 'interviewer', Léa: 'participant', Yui: 'participant' },
    );
    const french = quoteOf(before, 1, 'café 😀 était naïf');
    const japanese = quoteOf(before, 2, 'とても便利です');
    const after = applyCorrection(
      before,
      [
        { index: 1, text: 'Le café 😀😀 était naïve, mais 很好 vraiment.' },
        { index: 2, text: 'この製品はとても便利でした。毎日使っています。' },
      ],
      [],
    );
    expect(after.reanchor(french)?.text).toBe('café 😀😀 était naïve');
    expect(after.reanchor(japanese)?.text).toBe('とても便利でした');
    expectVerbatim(after.reanchor(french), after);
    expectVerbatim(after.reanchor(japanese), after);
    // Decomposed accents are stored composed, and blank space cleaned, as the parser stores them.
    expect(cleanTurnText('Le cafe\u0301  est   bon\r\n\r\n\r\n\tvraiment ')).toBe('Le café est bon\n\nvraiment');
  });
});

/** A machine's transcript: one interviewer, and one participant split over two labels, the second saying `third`. */
const machineTranscript = (third: string) =>
  transcript(
    [
      ['Speaker 1', 'Tell me about the rollout.'],
      ['Speaker 2', 'It went well at first.'],
      ['Speaker 3', third],
    ],
    { 'Speaker 1': 'interviewer', 'Speaker 2': 'participant', 'Speaker 3': 'participant' },
  );

describe('a renamed speaker', () => {
  it('is renamed in the turns, the speakers and every quote of theirs', () => {
    const before = interview();
    const quote = quoteOf(before, 3, 'The export is slow');
    const after = applyCorrection(before, [], [{ from: 'Ana', to: 'Ana Costa' }]);
    expect(after.speakers.map((s) => [s.label, s.role])).toEqual([
      ['Interviewer', 'interviewer'],
      ['Ana Costa', 'participant'],
    ]);
    expect(after.turns.map((t) => t.speaker)).toEqual(['Interviewer', 'Ana Costa', 'Interviewer', 'Ana Costa']);
    expect(after.reanchor(quote)).toMatchObject({ speaker: 'Ana Costa', text: 'The export is slow', start: quote.start });
    expect(after.text).toBe(before.text);
  });

  it('renamed to another speaker’s name, is merged into them: one speaker, both counts, quotes under the one name', () => {
    const before = machineTranscript('Then the reminders broke and nobody trusted them.');
    const quote = quoteOf(before, 2, 'nobody trusted them');
    const after = applyCorrection(before, [], [{ from: 'Speaker 3', to: 'Speaker 2' }]);
    expect(after.speakers).toEqual([
      { label: 'Speaker 1', role: 'interviewer', aliases: [], turnCount: 1, wordCount: 5 },
      { label: 'Speaker 2', role: 'participant', aliases: [], turnCount: 2, wordCount: 5 + 8 },
    ]);
    expect(after.reanchor(quote)).toMatchObject({ speaker: 'Speaker 2', text: 'nobody trusted them' });
  });

  it('merged into the interviewer, their quotes are removed: the interviewer’s words are never quoted', () => {
    const before = machineTranscript('And then? Did the reminders break?');
    const after = applyCorrection(before, [], [{ from: 'Speaker 3', to: 'Speaker 1' }]);
    expect(after.speakers.map((s) => [s.label, s.role, s.turnCount])).toEqual([
      ['Speaker 1', 'interviewer', 2],
      ['Speaker 2', 'participant', 1],
    ]);
    expect(after.reanchor(quoteOf(before, 2, 'Did the reminders break?'))).toBeNull();
    expect(after.reanchor(quoteOf(before, 1, 'It went well'))?.speaker).toBe('Speaker 2');
  });

  it('two names swapped in one correction are swapped, not merged', () => {
    const before = interview();
    const after = applyCorrection(before, [], [
      { from: 'Ana', to: 'Interviewer' },
      { from: 'Interviewer', to: 'Ana' },
    ]);
    expect(after.speakers.map((s) => [s.label, s.role])).toEqual([
      ['Ana', 'interviewer'],
      ['Interviewer', 'participant'],
    ]);
  });
});

/** A small seeded generator, so a failure can be run again. */
function random(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

const VOCABULARY = ['we', 'the', 'dashboard', 'café', 'naïve', '😀', '便利', 'です', 'reports,', 'hand.', 'never', 'I', "don't", 'colours', '—', '...', 'hours'];

describe('after any correction', () => {
  it('every quote kept is exactly its span of the new text, inside one turn of its speaker, and quotes in untouched turns keep their words', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const pick = random(seed);
      const words = (n: number) => Array.from({ length: n }, () => VOCABULARY[pick(VOCABULARY.length)]);
      const turnCount = 2 + pick(4);
      const before = transcript(
        Array.from({ length: turnCount }, (_, i) => [i % 2 === 0 ? 'Interviewer' : 'Ana', words(1 + pick(12)).join(pick(5) === 0 ? '\n' : ' ')] as [string, string]),
        { Interviewer: 'participant', Ana: 'participant' },
      );
      const quotes: Quote[] = [];
      for (const turn of before.turns) {
        const a = turn.start + pick(turn.end - turn.start);
        const b = a + 1 + pick(turn.end - a);
        quotes.push({ text: before.text.slice(a, b), documentId: 'd1', speaker: turn.speaker, start: a, end: b });
      }
      const edited = new Set<number>();
      const edits = Array.from({ length: 1 + pick(2) }, () => {
        const index = pick(turnCount);
        edited.add(index);
        const old = before.text.slice(before.turns[index].start, before.turns[index].end).split(' ');
        const next = [...old];
        for (let k = 0; k < 1 + pick(4); k++) {
          const at = pick(next.length + 1);
          const op = pick(3);
          if (op === 0) next.splice(at, 0, VOCABULARY[pick(VOCABULARY.length)]);
          else if (op === 1 && next.length > 1) next.splice(Math.min(at, next.length - 1), 1);
          else next[Math.min(at, next.length - 1)] = VOCABULARY[pick(VOCABULARY.length)];
        }
        return { index, text: next.join(' ') };
      });
      const unique = [...new Map(edits.map((e) => [e.index, e])).values()];
      const after = applyCorrection(before, unique, pick(3) === 0 ? [{ from: 'Ana', to: 'Ana Costa' }] : []);

      expect(after.turns.map((t) => after.text.slice(t.start, t.end))).toEqual(
        before.turns.map((t, i) => unique.find((e) => e.index === i) ? cleanTurnText(unique.find((e) => e.index === i)!.text) : before.text.slice(t.start, t.end)),
      );
      quotes.forEach((quote, i) => {
        const moved = after.reanchor(quote);
        if (moved === null) {
          expect(edited.has(i)).toBe(true);
          return;
        }
        expectVerbatim(moved, after);
        if (!edited.has(i)) expect(moved.text).toBe(quote.text);
      });
      for (let k = 1; k < after.timeMarks.length; k++) expect(after.timeMarks[k].offset).toBeGreaterThan(after.timeMarks[k - 1].offset);
    }
  });
});
