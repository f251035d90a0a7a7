import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorAnalysis } from '../../../src/analysis/anchoring/anchor-analysis';
import { createLocalAnalyser } from '../../../src/analysis/local';
import { parseTranscript } from '../../../src/analysis/parsers';
import { captions, unpunctuated, utterances } from '../../support/auto-captions.mjs';

/**
 * Layouts of real exports, each written as its tool writes it: no clock time, counter, stray mark or label is left in
 * a participant's words, and the times the tool wrote become the turns' times.
 */

const parse = (text: string, fileName: string) => parseTranscript({ bytes: new TextEncoder().encode(text), fileName });
const words = (parsed: Awaited<ReturnType<typeof parse>>) => parsed.turns.map((turn) => [turn.speaker, parsed.text.slice(turn.start, turn.end)]);

describe('the layouts of real exports', () => {
  it('Zoom’s saved closed captions: "[Name] HH:MM:SS" on its own line is the turn’s time, counted from the first', async () => {
    const cc = [
      '[Ana Lima] 19:29:05', 'So tell me about the last time you planned a trip?', '',
      '[Ben Ortiz] 19:29:15', 'um, kind of, I guess it was in May when we went to Lisbon.', 'We booked everything online.', '',
      '[Ana Lima] 19:29:40', 'What was hard about it?', '',
      '[Ben Ortiz] 19:29:48', 'The hotel prices changed every day.', '',
    ].join('\n');
    const parsed = await parse(cc, 'closed_caption.txt');
    expect(parsed.text).not.toMatch(/\d\d:\d\d:\d\d/);
    expect(words(parsed)[1]).toEqual(['Ben Ortiz', 'um, kind of, I guess it was in May when we went to Lisbon.\nWe booked everything online.']);
    expect(parsed.turns.map((turn) => turn.ts)).toEqual([0, 10, 35, 43]);
    expect(parsed.notes).toContain('The times are a clock\u2019s (the first is 19:29:05); they are counted from the first, as a recording of the conversation would be.');
  });

  it('Otter with a time before every line: the times are times, never words, and the footer is nobody’s', async () => {
    const otter = [
      'Sidney Lee  0:00', '0:00 Welcome everyone, thanks for joining.', '0:04 Can you tell us about your setup?', '',
      'Mark Chen  0:09', '0:09 Sure, we run everything on two servers.', '0:13 It works, mostly.', '',
      'Sidney Lee  0:20', '0:20 What breaks first?', '',
      'Mark Chen  0:24', '0:24 The database, always the database.', '',
      'Transcribed by https://otter.ai',
    ].join('\n');
    const parsed = await parse(otter, 'otter.txt');
    expect(parsed.text).not.toMatch(/\b\d:\d\d\b|otter/i);
    expect(words(parsed)[1]).toEqual(['Mark Chen', 'Sure, we run everything on two servers.\nIt works, mostly.']);
    expect(parsed.turns.map((turn) => turn.ts)).toEqual([0, 9, 20, 24]);
    // The time of the second line of a turn marks where its words begin.
    expect(parsed.timeMarks?.some((mark) => mark.ts === 13 && parsed.text.startsWith('It works', mark.offset))).toBe(true);
  });

  it('a line that starts with a time of day keeps it as words where the file writes no time before its lines', async () => {
    const plain = ['Ana: When did you meet?', 'Ben: 10:30 is when we met, at the station.', 'Ana: And then?', 'Ben: We took the train together.'].join('\n');
    const parsed = await parse(plain, 'notes.txt');
    expect(parsed.text).toContain('10:30 is when we met');
  });

  it('Rev’s continuation "(12:30):" of the same speaker leaves no colon in the words', async () => {
    const rev = [
      'Ana Lima (11:46):', 'So what happened next?', '',
      'Ben Ortiz (11:50):', 'We moved the whole team to the new tool.', '',
      '(12:30):', 'It took about three weeks, honestly.', '',
      'Ana Lima (12:45):', 'And how did that go?', '',
      'Ben Ortiz (12:50):', 'Better than expected.',
    ].join('\n');
    const parsed = await parse(rev, 'rev.txt');
    expect(parsed.text).not.toMatch(/^:|\n:/m);
    expect(words(parsed)[1]).toEqual(['Ben Ortiz', 'We moved the whole team to the new tool.\nIt took about three weeks, honestly.']);
    expect(parsed.timeMarks?.some((mark) => mark.ts === 750 && parsed.text.startsWith('It took', mark.offset))).toBe(true);
  });

  it('a label with an organisation after a dash, "**Tiago - Stakin:**", is the speaker Tiago', async () => {
    const md = ['**Ana Lima:** What do you do at your company?', '', '**Tiago - Stakin:** I run the validator operations at Stakin.', '', '**Ana Lima:** And what is hard about it?', '', '**Tiago - Stakin:** Upgrades, every single time.'].join('\n');
    const parsed = await parse(md, 'call.md');
    expect(parsed.speakers.map((s) => s.label)).toEqual(['Ana Lima', 'Tiago']);
    expect(words(parsed)).toEqual([
      ['Ana Lima', 'What do you do at your company?'],
      ['Tiago', 'I run the validator operations at Stakin.'],
      ['Ana Lima', 'And what is hard about it?'],
      ['Tiago', 'Upgrades, every single time.'],
    ]);
  });

  it('a meeting’s title and attendee list, and its closing line, are left out of the turns and named in the notes', async () => {
    const meet = ['Weekly research sync', 'Participantes: Ana Lima, Ben Ortiz', '', 'Ana Lima: How was the launch?', 'Ben Ortiz: It went fine, a few bugs.', 'Ana Lima: Which bugs?', 'Ben Ortiz: Login, mostly.', 'Meeting ended after 00:35:30 👋'].join('\n');
    const parsed = await parse(meet, 'meeting.txt');
    expect(parsed.speakers.map((s) => s.label)).toEqual(['Ana Lima', 'Ben Ortiz']);
    expect(parsed.text).not.toMatch(/Weekly|Participantes|Meeting ended/);
    expect(parsed.notes).toContain('The heading before the conversation was left out, as nobody said it: Weekly research sync; Participantes: Ana Lima, Ben Ortiz');
    expect(parsed.notes.some((note) => note.includes('Meeting ended after 00:35:30'))).toBe(true);
  });

  it('an unlabelled opening said as sentences stays: only a heading is left out', async () => {
    const text = ['Thanks for agreeing to talk with me today. I will record this call.', '', 'Ana Lima: How was the launch?', 'Ben Ortiz: It went fine, a few bugs.', 'Ana Lima: Which bugs?', 'Ben Ortiz: Login, mostly.'].join('\n');
    const parsed = await parse(text, 'call.txt');
    expect(parsed.text).toContain('Thanks for agreeing to talk with me today.');
  });

  it.each([
    ['SubRip', 'captions.srt', ''],
    ['WebVTT', 'captions.vtt', 'WEBVTT\n\n'],
  ])('%s whose blank lines hold spaces: the counters 124–132 are never words', async (_format, fileName, header) => {
    const cues = Array.from({ length: 9 }, (_, i) => {
      const at = `00:10:${String(i * 3).padStart(2, '0')}`;
      const sep = fileName.endsWith('.srt') ? ',' : '.';
      return [`${124 + i}  `, `${at}${sep}000 --> ${at}${sep}900`, `${i % 2 ? 'Ana' : 'Ben'}: words of cue ${i}.`, '  '].join('\r\n');
    });
    const parsed = await parse(header + cues.join('\r\n'), fileName);
    expect(parsed.text).not.toMatch(/\b1(?:2[4-9]|3[0-2])\b/);
    expect(words(parsed)[0]).toEqual(['Ben', 'words of cue 0.']);
  });

  it('a caption whose time cannot be read keeps its words, and the notes say on which line of the file it is', async () => {
    const srt = ['1', '00:00:01,000 --> 00:00:03,000', 'Ana: How was the launch?', '', '2', '00:00:0x,000 --> 00:00:05,000', 'Ben: It went fine, a few bugs.', ''].join('\n');
    const parsed = await parse(srt, 'captions.srt');
    expect(parsed.text).toContain('It went fine, a few bugs.');
    expect(parsed.notes).toContain('One caption has a time that could not be read; its words are kept, timed from the caption before. The timing line, line 6: 00:00:0x,000 --> 00:00:05,000');
  });

  it('a co-host who asks the guest questions is an interviewer too, whatever the file calls her', async () => {
    const turns: string[] = ['Emma: Welcome to the podcast! Today we have a guest with us.'];
    const guest = (i: number) => `Guest: Well, the thing ${i} is that we never planned for it, right? We just shipped and fixed things as they broke, and it mostly worked.`;
    for (let i = 0; i < 10; i++) {
      turns.push(i % 2 === 0 ? `Emma: So what happened with part ${i}? Can you tell us more about that?` : `Sidney: That is wild. My next question is about ${i}: how did your team react to that?`);
      turns.push(guest(i));
      turns.push(i % 2 === 0 ? 'Sidney: Totally, I have seen that too.' : 'Emma: Right, that makes sense.');
      turns.push(guest(i + 10));
    }
    const parsed = await parse(turns.join('\n'), 'podcast.txt');
    const roles = Object.fromEntries(parsed.speakers.map((s) => [s.label, s.role]));
    expect(roles).toEqual({ Emma: 'interviewer', Sidney: 'interviewer', Guest: 'participant' });
    expect(parsed.notes.some((note) => note.startsWith('The speaker Sidney was taken to be a host too'))).toBe(true);
  });

  it('two researchers who ask by turns are both interviewers, though neither stands out alone', async () => {
    const turns: string[] = [];
    for (let i = 0; i < 8; i++) {
      turns.push(i % 2 === 0 ? `Dan: Okay, and for task ${i}, what did you expect the tool to show you first?` : `Eve: Right. When you saw chart ${i}, how did you decide whether to trust it?`);
      turns.push(`Participant: I mostly looked at the axis labels first, because in my own work number ${i} the units are always the confusing part, and then I compared the curve against what I already believed about the model before I trusted anything it said.`);
      turns.push(i % 2 === 0 ? 'Eve: Mm-hm, got it.' : 'Dan: Okay, thanks.');
    }
    const parsed = await parse(turns.join('\n'), 'study.txt');
    const roles = Object.fromEntries(parsed.speakers.map((s) => [s.label, s.role]));
    expect(roles).toEqual({ Dan: 'interviewer', Eve: 'interviewer', Participant: 'participant' });
    expect(parsed.rolesQuestion).toBeUndefined();
  });

  it('two researchers who take the questions in turn, alike in every way, are both interviewers', async () => {
    const turns: string[] = [];
    for (let i = 0; i < 12; i++) {
      turns.push(i % 2 === 0 ? `Dan: What did you expect from step ${i}?` : `Eve: How did you judge step ${i}?`);
      turns.push(`Participant: I read the labels on step ${i} first, because the units are always the confusing part in my own work, and then I compared the result against what I already believed before I trusted it.`);
    }
    const parsed = await parse(turns.join('\n'), 'study.txt');
    const roles = Object.fromEntries(parsed.speakers.map((s) => [s.label, s.role]));
    expect(roles).toEqual({ Dan: 'interviewer', Eve: 'interviewer', Participant: 'participant' });
    expect(parsed.notes).toContain('The speakers Dan and Eve were taken to be the interviewers because many of their turns end by asking the others something; correct this if it is wrong.');
  });

  it('a presenter who asks the audience as much as she talks stays a participant', async () => {
    const turns: string[] = ['Tom: Welcome everyone to the community call.'];
    for (let i = 0; i < 10; i++) {
      turns.push(`Vikas: Here is slide ${i}, the build pipeline and what changed since last month. Does that make sense to everyone here?`);
      turns.push(`Nalin: Yes, we saw the same in part ${i}, and the fix went out last week without trouble.`);
    }
    turns.push('Tom: Thanks, see you all next month.');
    const parsed = await parse(turns.join('\n'), 'meeting.txt');
    expect(parsed.speakers.find((s) => s.label === 'Vikas')?.role).toBe('participant');
  });
});

/** Automatic captions, a cue of two seconds for each text, one after the other. */
function webVtt(texts: readonly string[]): string {
  const at = (second: number) => `00:00:${String(second).padStart(2, '0')}.000`;
  return ['WEBVTT', 'Kind: captions', 'Language: en', '', ...texts.flatMap((text, i) => [`${at(i * 2)} --> ${at(i * 2 + 2)}`, text, ''])].join('\n');
}

describe('automatic captions without punctuation', () => {
  const talk = readFileSync(join(__dirname, '../../fixtures/exports/whisperdiar_txt_speakerN-bracket-mmss_oxide-svb.txt'), 'utf8');
  const spoken = utterances(talk).flatMap((u) => unpunctuated(u.text).split(' '));
  const lines = (text: string) => text.split(/\n+/).map((line) => line.split(' ').length);

  it.each(['rolling', 'plain'] as const)('an hour of %s auto-captions of a real talk is read in lines where the speaker pauses, every word kept', async (layout) => {
    const parsed = await parse(captions(talk, layout), `talk-${layout}.vtt`);
    expect(parsed.text.split(/\s+/)).toEqual(spoken);
    expect(parsed.speakers.map((s) => [s.label, s.role])).toEqual([['Unknown speaker', 'unknown']]);
    const lengths = lines(parsed.text);
    expect(lengths.length).toBeGreaterThan(150);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(45 + 7);
    expect(parsed.notes.some((note) => note.includes('Lines break where the speaker pauses or starts a new thought'))).toBe(true);
  });

  it('a long silence starts a paragraph, and the notes say the captions name nobody', async () => {
    const srt = [
      '1', '00:00:01,000 --> 00:00:03,000', 'so how did you start using the tool', '',
      '2', '00:00:06,500 --> 00:00:09,000', 'well we tried it on one project first', '',
      '3', '00:00:09,000 --> 00:00:11,000', 'and then the whole team moved over to it', '',
      '4', '00:00:11,900 --> 00:00:14,000', 'it took about three weeks to settle in', '',
    ].join('\n');
    const parsed = await parse(srt, 'auto.srt');
    expect(parsed.text).toBe('so how did you start using the tool\n\nwell we tried it on one project first and then the whole team moved over to it\nit took about three weeks to settle in');
    expect(parsed.notes.some((note) => note.includes('the captions name nobody, so who says what is not known'))).toBe(true);
  });

  it('auto-captions’ ">>" starts a paragraph for the unnamed speaker who takes over, and the notes say nobody is named', async () => {
    const parsed = await parse(
      webVtt(['>> so how did you start using the tool', '>> well we tried it on one project first', 'and then the whole team moved over to it', '>> how long did that take']),
      'auto.vtt',
    );
    expect(parsed.text).toBe('so how did you start using the tool\n\nwell we tried it on one project first and then the whole team moved over to it\n\nhow long did that take');
    expect(parsed.speakers.map((s) => [s.label, s.role])).toEqual([['Unknown speaker', 'unknown']]);
    expect(parsed.notes).toContain('Where the captions mark a new speaker (>>) without a name, a paragraph starts; who says what is not known, so any of it may be the interviewer’s.');
  });

  it('a caption that only describes a sound ("[Music]") is nobody’s words; a sound inside someone’s words stays', async () => {
    const parsed = await parse(webVtt(['[Music]', 'so how did you start using the tool', '[Applause]', 'well we tried it on one project first [Laughter] and then', '♪♪']), 'auto.vtt');
    // The applause is a pause: the next words start a line.
    expect(parsed.text).toBe('so how did you start using the tool\nwell we tried it on one project first [Laughter] and then');
    expect(parsed.notes).toContain('Captions that only describe a sound were left out, as nobody said them: [Music], [Applause], ♪♪.');
  });

  it('the same talk without punctuation gives insights within a third of those with it', async () => {
    const found = async (layout: 'punctuated' | 'rolling') => {
      const parsed = await parse(captions(talk, layout), `talk-${layout}.vtt`);
      const input = { documentId: 'd', documentName: 'talk', text: parsed.text, turns: parsed.turns, timeMarks: parsed.timeMarks ?? [], speakers: parsed.speakers, language: parsed.language };
      return anchorAnalysis(input, await createLocalAnalyser({ yieldBetweenBatches: false }).analyse(input)).insights.length;
    };
    const [punctuated, rolling] = [await found('punctuated'), await found('rolling')];
    expect(punctuated).toBeGreaterThan(0);
    expect(rolling).toBeGreaterThanOrEqual(Math.ceil((punctuated * 2) / 3));
  }, 30_000);
});
