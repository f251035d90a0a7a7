/** Speaker labels: which line starts are labels, which are not, and how spellings of one speaker merge. */
import { describe, expect, it } from 'vitest';
import { isNameLike, readLineStart } from '../../../../src/analysis/parsers/label-match';
import { resolveLabels } from '../../../../src/analysis/parsers/label-resolver';
import type { LabelCandidate } from '../../../../src/analysis/parsers/label-match';
import { parseTranscript } from '../../../../src/analysis/parsers';
import type { ParsedTranscript } from '@verbatim/contract/transcript';

const candidates = (...names: string[]): LabelCandidate[] => names.map((name) => ({ name, style: 'plain', rest: 'x' }));

async function parseText(text: string, fileName = 'interview.txt'): Promise<ParsedTranscript> {
  return parseTranscript({ bytes: new Uint8Array(Buffer.from(text, 'utf8')), fileName });
}

function turns(parsed: ParsedTranscript): [string, string][] {
  return parsed.turns.map((turn) => [turn.speaker, parsed.text.slice(turn.start, turn.end)]);
}

describe('readLineStart', () => {
  it.each([
    ['Dan: Okay. So now', { name: 'Dan', style: 'plain', rest: 'Okay. So now' }],
    ['Participant:', { name: 'Participant', style: 'plain', rest: '' }],
    ['**Adam Stacoviak:** I am here', { name: 'Adam Stacoviak', style: 'bold', rest: 'I am here' }],
    ['**Jack Dorsey**: Yes', { name: 'Jack Dorsey', style: 'bold', rest: 'Yes' }],
    ['[id1] hello, I like the course.', { name: 'id1', style: 'bracket', rest: 'hello, I like the course.' }],
    ['DiBona:...version of Chrome', { name: 'DiBona', style: 'plain', rest: '...version of Chrome' }],
    ['Dr. Smith: Welcome', { name: 'Dr. Smith', style: 'plain', rest: 'Welcome' }],
    ['田中：こんにちは。', { name: '田中', style: 'plain', rest: 'こんにちは。' }],
  ])('reads %j as a label candidate', (line, expected) => {
    expect(readLineStart(line).label).toEqual(expected);
  });

  it('reads timestamps written before, inside and after the label', () => {
    expect(readLineStart('[00:01:02] Dan: Hello').label).toEqual({ name: 'Dan', style: 'plain', rest: 'Hello', ts: 62 });
    expect(readLineStart('Dan (01:02): Hello').label).toEqual({ name: 'Dan', style: 'plain', rest: 'Hello', ts: 62 });
    expect(readLineStart('**Jack Dorsey:** \\[07:54\\] Yeah').label).toEqual({ name: 'Jack Dorsey', style: 'bold', rest: 'Yeah', ts: 474 });
    expect(readLineStart('Speaker 1  0:03').label).toEqual({ name: 'Speaker 1', style: 'plain', rest: '', ts: 3 });
  });

  it('strips the >> speaker-change mark', () => {
    expect(readLineStart('>> DiBona: I should point out')).toEqual({
      label: { name: 'DiBona', style: 'plain', rest: 'I should point out' },
      speakerChange: true,
      body: 'DiBona: I should point out',
    });
    expect(readLineStart('>> So how is it')).toEqual({ label: null, speakerChange: true, body: 'So how is it' });
  });

  it.each([
    'The thing is: it depends.',
    'Okay. So: here we go.',
    'https://example.com is the site',
    '10:30 is when we met',
    'Ratio 3:1 was fine',
    'and then he said: no',
    '[12:34] a timestamp, not a label',
  ])('does not read %j as a label', (line) => {
    expect(readLineStart(line).label).toBeNull();
  });

  it('knows a name from a sentence', () => {
    expect(isNameLike('Farhang Kassei')).toBe(true);
    expect(isNameLike('Speaker 2')).toBe(true);
    expect(isNameLike('Ana de Souza')).toBe(true);
    expect(isNameLike('interviewer')).toBe(true);
    expect(isNameLike('Okay. So')).toBe(false);
    expect(isNameLike('The thing is')).toBe(false);
    expect(isNameLike('One Two Three Four Five')).toBe(false);
  });
});

describe('resolveLabels', () => {
  it('accepts recurring labels and known role words, not a one-off word in running text', () => {
    const labels = resolveLabels(candidates('Dan', 'Participant', 'Dan', 'Moderator', 'Monday', 'Bob Smith', 'Speaker 3'), 'text');
    expect(labels.canonical('Dan')).toBe('Dan');
    expect(labels.canonical('Participant')).toBe('Participant');
    expect(labels.canonical('Moderator')).toBe('Moderator');
    // Seen once: a full name or a numbered speaker is a label once others were found; a lone word is speech.
    expect(labels.canonical('Bob Smith')).toBe('Bob Smith');
    expect(labels.canonical('Speaker 3')).toBe('Speaker 3');
    expect(labels.canonical('Monday')).toBeNull();
    expect(resolveLabels(candidates('Bob Smith'), 'text').canonical('Bob Smith')).toBeNull();
    expect(resolveLabels(candidates('Bob Smith'), 'text').found).toBe(false);
  });

  it('never accepts task prompts, notes or common words', () => {
    const labels = resolveLabels(candidates('Pergunta 1', 'Pergunta 2', 'Note', 'Note', 'Dan', 'Dan', 'So', 'Question 3'), 'text');
    expect(labels.canonical('Pergunta 1')).toBeNull();
    expect(labels.canonical('Pergunta 2')).toBeNull();
    expect(labels.canonical('Note')).toBeNull();
    expect(labels.canonical('So')).toBeNull();
    expect(labels.canonical('Question 3')).toBeNull();
    expect(labels.canonical('Dan')).toBe('Dan');
  });

  it('merges a near-miss spelling into the frequent label and keeps it as an alias', () => {
    const labels = resolveLabels(candidates('Participant', 'Dan', 'Particpant', 'Participant', 'Dan', 'Participant'), 'text');
    expect(labels.canonical('Particpant')).toBe('Participant');
    expect(labels.aliases.get('Participant')).toEqual(['Particpant']);
    expect(labels.notes).toEqual(['The speaker label Particpant looks like a misspelling of Participant; the two were merged.']);
  });

  it('does not merge two real speakers whose names are close (Daniel, Daniela)', () => {
    const labels = resolveLabels(candidates('Daniel', 'Daniela', 'Daniel', 'Daniela', 'Daniel', 'Daniela'), 'text');
    expect(labels.canonical('Daniel')).toBe('Daniel');
    expect(labels.canonical('Daniela')).toBe('Daniela');
  });

  it('does not merge labels that differ by a number (Speaker 1, Speaker 2)', () => {
    const labels = resolveLabels(candidates('Speaker 1', 'Speaker 2', 'Speaker 1', 'Speaker 1', 'Speaker 1', 'Speaker 2'), 'text');
    expect(labels.canonical('Speaker 2')).toBe('Speaker 2');
  });

  it('merges "Assistant" into "AI" (one interviewer under two labels)', () => {
    const labels = resolveLabels(candidates('Assistant', 'User', 'AI', 'User', 'AI'), 'text');
    expect(labels.canonical('Assistant')).toBe('AI');
    expect(labels.aliases.get('AI')).toEqual(['Assistant']);
  });

  it('merges a lone surname into the one full name it belongs to, keeping the full name', () => {
    const labels = resolveLabels(candidates('Chris Schalk', 'Kassei', 'Schalk', 'Kassei', 'Schalk'), 'text');
    expect(labels.canonical('Schalk')).toBe('Chris Schalk');
    expect(labels.aliases.get('Chris Schalk')).toEqual(['Schalk']);
  });

  it('merges case variants', () => {
    const labels = resolveLabels(candidates('DAN', 'Dan', 'Dan'), 'text');
    expect(labels.canonical('DAN')).toBe('Dan');
    expect(labels.aliases.get('Dan')).toEqual(['DAN']);
  });

  it('in captions accepts a one-off capitalised name but not a one-off CJK heading', () => {
    expect(resolveLabels(candidates('Westwood'), 'captions').canonical('Westwood')).toBe('Westwood');
    expect(resolveLabels(candidates('ご注意'), 'captions').canonical('ご注意')).toBeNull();
    expect(resolveLabels(candidates('Look'), 'captions').canonical('Look')).toBeNull();
  });

  it('never takes [REDACTED] or [inaudible] for a bracketed speaker id', () => {
    const bracket = (name: string): LabelCandidate => ({ name, style: 'bracket', rest: 'x' });
    const labels = resolveLabels([bracket('REDACTED'), bracket('REDACTED'), bracket('inaudible'), bracket('inaudible'), bracket('id1'), bracket('id1')], 'text');
    expect(labels.canonical('REDACTED')).toBeNull();
    expect(labels.canonical('inaudible')).toBeNull();
    expect(labels.canonical('id1')).toBe('id1');
  });
});

describe('labels in whole transcripts', () => {
  it('keeps a one-off "Monday:" inside speech as speech', async () => {
    const parsed = await parseText('Interviewer: What did you do?\nParticipant: Lots.\nMonday: we shipped.\nInterviewer: And then?');
    expect(turns(parsed)[1]).toEqual(['Participant', 'Lots.\nMonday: we shipped.']);
    expect(parsed.speakers.map((s) => s.label)).toEqual(['Interviewer', 'Participant']);
  });

  it('keeps "Note:" inside speech as speech', async () => {
    const parsed = await parseText('Interviewer: What happened?\nParticipant: I went.\nNote: this matters.\nThen I left.\nInterviewer: Why?');
    expect(turns(parsed)).toEqual([
      ['Interviewer', 'What happened?'],
      ['Participant', 'I went.\nNote: this matters.\nThen I left.'],
      ['Interviewer', 'Why?'],
    ]);
  });

  it('never invents a speaker for unlabelled text: one "Unknown speaker", one turn per paragraph', async () => {
    const parsed = await parseText('I went to the shop.\nIt was closed: annoying.\n\nSo I came back.');
    expect(parsed.speakers).toEqual([{ label: 'Unknown speaker', role: 'unknown', aliases: [], turnCount: 2, wordCount: 13 }]);
    expect(turns(parsed)).toEqual([
      ['Unknown speaker', 'I went to the shop.\nIt was closed: annoying.'],
      ['Unknown speaker', 'So I came back.'],
    ]);
  });

  it('marks text before the first label as "Unknown speaker" rather than guessing', async () => {
    const parsed = await parseText('Recorded on Zoom.\n\nDan: Hello?\nEve: Hi.\nDan: Ready?\nEve: Yes.');
    expect(turns(parsed)[0]).toEqual(['Unknown speaker', 'Recorded on Zoom.']);
    expect(parsed.notes).toContain('Some text has no speaker label; it is marked as Unknown speaker rather than guessed.');
  });

  it('reads a label alone on its line with the words indented below it', async () => {
    const parsed = await parseText('Dan:\n\tSo\twhat do you use?\nParticipant:\n\tMostly\tspreadsheets.\n');
    expect(turns(parsed)).toEqual([
      ['Dan', 'So what do you use?'],
      ['Participant', 'Mostly spreadsheets.'],
    ]);
  });

  it('keeps Otter-style "Name  0:03" headings out of the text and their times on the turns', async () => {
    const parsed = await parseText('Speaker 1  0:03\nHello there, how are you?\n\nSpeaker 2  0:10\nGood thanks.\n\nSpeaker 1  1:02\nAnd next?');
    expect(parsed.turns.map((turn) => [turn.speaker, turn.ts])).toEqual([
      ['Speaker 1', 3],
      ['Speaker 2', 10],
      ['Speaker 1', 62],
    ]);
    expect(parsed.text).toBe('Hello there, how are you?\n\nGood thanks.\n\nAnd next?');
  });

  it('gives a one-off "**Break:**" its own speaker with role unknown when it has words', async () => {
    const parsed = await parseText(
      '**Host:** Welcome?\n\n**Guest:** Thanks.\n\n**Break:** A word from our sponsor.\n\n**Host:** Back. Why?\n\n**Guest:** Because.',
      'show.md',
    );
    expect(parsed.speakers.map((s) => [s.label, s.role])).toEqual([
      ['Host', 'interviewer'],
      ['Guest', 'participant'],
      ['Break', 'unknown'],
    ]);
  });
});
