/**
 * One test per shared fixture (see test/fixtures/transcripts/MANIFEST.md): exact speakers, roles and turn counts,
 * verbatim quotes at their offsets, and the oddity each file was collected for.
 */
import { describe, expect, it } from 'vitest';
import type { ParsedTranscript } from '@verbatim/contract/transcript';
import {
  expectNoLabelsInSpans,
  expectQuote,
  expectWellFormed,
  parseFixture,
  speakerSummary,
  turnContaining,
  turnText,
  turnsOf,
} from './helpers/fixtures';

const NO_LABELS_NOTE = 'No speaker labels were found; the text is kept as one speaker, named Unknown speaker.';

function occurrences(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

/** PDF layout artefacts that must not survive: page counters, lone margin numbers, tabs. */
function expectNoPdfArtefacts(parsed: ParsedTranscript): void {
  expect(parsed.text).not.toMatch(/(^|\n)\d+\s*\/\s*\d+(\n|$)/);
  expect(parsed.text).not.toMatch(/(^|\s)\d{1,3}\n/);
  expect(parsed.text).not.toMatch(/\t/);
  expect(parsed.text).not.toMatch(/ {2}/);
  expect(parsed.text.startsWith('Interview')).toBe(false);
}

describe('shared transcript fixtures', () => {
  it('01 PDPilot P2 (PDF): Dan interviews Participant; layout dropped, lines joined, XXXX kept', async () => {
    const parsed = await parseFixture('01_pdpilot_P2_user-study-interview.pdf');
    expectWellFormed(parsed);
    expect(parsed.format).toBe('pdf');
    expect(speakerSummary(parsed)).toEqual([
      ['Dan', 'interviewer', 81],
      ['Participant', 'participant', 84],
    ]);
    expect(parsed.turns).toHaveLength(165);
    expectNoPdfArtefacts(parsed);
    expectNoLabelsInSpans(parsed, ['Dan', 'Participant']);
    expect(parsed.text.startsWith('Okay. So now I just had, the last part is just an, I have some interview questions')).toBe(true);
    // A turn wrapped over two PDF lines reads as one sentence.
    expectQuote(
      parsed,
      'Some people also call it a marginal plot, but yeah, like just looking at, so if I bin this feature into like 20 buckets, what is the average target?',
      'Participant',
    );
    expectQuote(parsed, 'So a univariate plot, would that just be like a scatter plot comparing like the value to the target?', 'Dan');
    // Redactions and transcription marks stay verbatim.
    expectQuote(parsed, 'What do you mean by XXXXXXXXXX XXXX XX XXX XX XXX XXXXX?', 'Dan');
    expect(parsed.text.match(/X{4,}/g)).toHaveLength(82);
    expect(occurrences(parsed.text, '(unintelligible)')).toBe(5);
    // The line printed at the bottom of page 6 and again at the top of page 7 appears once.
    expect(occurrences(parsed.text, 'the the rain cloud plots would fare well with that')).toBe(1);
    expect(parsed.notes).toContain('Page numbers and margin line numbers from the PDF layout were removed.');
    expect(parsed.encoding).toBe('binary');
    expect(parsed.language).toBe('en');
    expect(parsed.timeMarks).toEqual([]);
  });

  it('04 Anthropic Interviewer science_0012 (TXT): "Assistant:" and "AI:" are one interviewer; [REDACTED] kept', async () => {
    const parsed = await parseFixture('04_anthropic-interviewer_science_0012.txt');
    expectWellFormed(parsed);
    expect(speakerSummary(parsed)).toEqual([
      ['AI', 'interviewer', 10],
      ['User', 'participant', 9],
    ]);
    expect(parsed.speakers[0].aliases).toEqual(['Assistant']);
    expect(parsed.speakers[1].aliases).toEqual([]);
    expect(parsed.notes).toContain('The speaker labels Assistant and AI name the same speaker and were merged.');
    expectNoLabelsInSpans(parsed, ['AI', 'User', 'Assistant']);
    // The first turn (under "Assistant:") runs over several paragraphs.
    const first = turnText(parsed, parsed.turns[0]);
    expect(first.startsWith("Hi there! Thank you so much for taking the time to speak with me today.")).toBe(true);
    expect(first).toContain("There's no right or wrong answer here—we're simply interested");
    expect(first.endsWith('Do you have any questions before we begin?')).toBe(true);
    expectQuote(parsed, 'research surrounding radioactive contamination in [REDACTED] aquifers', 'User');
    expect(occurrences(parsed.text, '[REDACTED]')).toBe(1);
    expect(turnsOf(parsed, 'User')).toContain('No');
    expect(parsed.text.endsWith('Thanks again for your time today!')).toBe(true);
    expect(parsed.turns.every((turn) => turn.ts === undefined)).toBe(true);
  });

  it('05 rAiSE think-aloud (TXT, pt-BR): no labels, so one "Unknown speaker"; "Pergunta N:" is not a speaker', async () => {
    const parsed = await parseFixture('05_raise_Exp_P1_usability-think-aloud_pt-BR.txt');
    expectWellFormed(parsed);
    expect(speakerSummary(parsed)).toEqual([['Unknown speaker', 'unknown', 14]]);
    expect(parsed.notes).toContain(NO_LABELS_NOTE);
    expect(parsed.language).toBe('pt');
    expect(turnText(parsed, parsed.turns[0]).startsWith('Pergunta 1: Quantos pull requests do GitHub estão coletados e disponíveis na ferramenta?\nDepende do repositório, certo?')).toBe(true);
    expectQuote(parsed, 'Pergunta 14: Analisar produtividade dos alunos', 'Unknown speaker');
    expect(parsed.text.endsWith('Mas aí já estou pensando demais.')).toBe(true);
  });

  it('06 eBay interview (SRT): labels only on speaker change are carried forward; cue numbers dropped', async () => {
    const parsed = await parseFixture('06_gvc_eBay-FarhangKassei-Interview-v4.srt');
    expectWellFormed(parsed);
    expect(parsed.format).toBe('srt');
    expect(speakerSummary(parsed)).toEqual([
      ['Schalk', 'interviewer', 13],
      ['Kassei', 'participant', 13],
    ]);
    expectNoLabelsInSpans(parsed, ['Schalk', 'Kassei']);
    const opening = expectQuote(
      parsed,
      "Hello, my name is Chris Schalk. I'm a Google Developer Advocate and I'm here at the Web 2.0 Conference in San Francisco.",
      'Schalk',
    );
    expect(opening.ts).toBe(0.934);
    // Cues 10–12 carry no label: they stay with Kassei, in one turn, without their cue numbers.
    const kassei = expectQuote(
      parsed,
      'And we are here today to announce that eBay is opening up Selling Manager to all developers. And Selling Manager',
      'Kassei',
    );
    expect(kassei.ts).toBe(15.567);
    expect(parsed.text).not.toContain('-->');
    expect(parsed.text).not.toMatch(/\s\d{1,3}\s+\d{2}:\d{2}/);
    expect(parsed.timeMarks).toHaveLength(210);
    expect(parsed.timeMarks?.[1]).toEqual({ offset: parsed.text.indexOf("I'm a Google Developer Advocate"), ts: 1.501, end: 2.968 });
  });

  it('07 Code Conversations (SRT): two speakers inside cue 5, ">> DiBona:", three speakers', async () => {
    const parsed = await parseFixture('07_gvc_CodeConversations-ChrisDiBona.srt');
    expectWellFormed(parsed);
    expect(speakerSummary(parsed)).toEqual([
      ['DiBona', 'participant', 11],
      ['Liu', 'interviewer', 8],
      ['Man', 'participant', 2],
    ]);
    expectNoLabelsInSpans(parsed, ['DiBona', 'Liu', 'Man']);
    // Cue 5: "DiBona: Little chunklets." / "Liu: Just little ones." — two turns with the cue's time.
    const chunklets = parsed.turns.findIndex((turn) => turnText(parsed, turn) === 'Little chunklets.');
    expect(parsed.turns[chunklets]).toMatchObject({ speaker: 'DiBona', ts: 16 });
    expect(parsed.turns[chunklets + 1]).toMatchObject({ speaker: 'Liu', ts: 16 });
    expect(turnText(parsed, parsed.turns[chunklets + 1])).toBe(
      "Just little ones. Because we can't handle anything more. But first we have to ask about the Chrome comic.",
    );
    // ">> DiBona: I should point out" — the marker and label are gone, the words stay.
    const pointOut = expectQuote(parsed, 'I should point out when I heard they were doing comic, I was like...really?', 'DiBona');
    expect(turnText(parsed, pointOut).startsWith('I should point out')).toBe(true);
    expect(parsed.text).not.toContain('>>');
    // "DiBona:...version of Chrome" has no space after the colon.
    expect(turnsOf(parsed, 'DiBona').some((turn) => turn.startsWith('...version of Chrome that Chrome is built from.'))).toBe(true);
    expect(parsed.notes).toContain(
      'The speaker Liu was taken to be the interviewer because they speak briefly between the long answers of others; correct this if it is wrong.',
    );
  });

  it('08 BuddyPoke case study (SRT): one label on the first cue carries through the whole monologue', async () => {
    const parsed = await parseFixture('08_gvc_Developer_Case_Study_Dave_BuddyPoke.srt');
    expectWellFormed(parsed);
    expect(speakerSummary(parsed)).toEqual([['Westwood', 'participant', 1]]);
    expect(parsed.turns[0].ts).toBe(3.767);
    expect(parsed.text.startsWith("Hi. My name is Dave Westwood. I'm the co-founder of BuddyPoke! And the engineer of a team of two.")).toBe(true);
    expect(parsed.timeMarks).toHaveLength(117);
    expect(parsed.wordCount).toBe(847);
  });

  it('10 Founders Talk #91 (Markdown): **Name:** labels, entities decoded, \\[mm:ss\\] stamps become times', async () => {
    const parsed = await parseFixture('10_changelog_founders-talk-91.md');
    expectWellFormed(parsed);
    expect(parsed.format).toBe('md');
    // "**Break:** \[22:29\]" has no words: it is left out rather than guessed as a participant.
    expect(speakerSummary(parsed)).toEqual([
      ['Adam Stacoviak', 'interviewer', 21],
      ['Jack Dorsey', 'participant', 21],
    ]);
    expect(parsed.notes).toContain('The speaker label Break had no words after it and was left out.');
    expectNoLabelsInSpans(parsed, ['Adam Stacoviak', 'Jack Dorsey', 'Break']);
    expect(parsed.text.startsWith("I'm here with Jack Dorsey. Jack, this is your conference")).toBe(true);
    expect(parsed.text).not.toContain('&#39;');
    expect(parsed.text).not.toContain('&quot;');
    expect(parsed.text).not.toContain('**');
    expect(parsed.text).not.toContain('\\[');
    expect(parsed.notes).toContain('276 HTML character codes (such as &#39; or &quot;) were turned into the characters they stand for.');
    expectQuote(parsed, 'that we realized "Oh, there might be something here." We\'re not just building', 'Jack Dorsey');
    expect(occurrences(parsed.text, '[unintelligible 00:33:34.26]')).toBe(1);
    // "**Jack Dorsey:** \[07:54\] Yeah, just on that point" → a turn at 474 s without the stamp.
    const stamped = expectQuote(parsed, "Yeah, just on that point - I think it's really important", 'Jack Dorsey');
    expect(stamped.ts).toBe(474);
    expect(turnText(parsed, stamped).startsWith('Yeah, just on that point')).toBe(true);
    // "\[11:50\] And that was the moment…" opens a paragraph inside a turn: a time mark, not text.
    const moment = parsed.text.indexOf('And that was the moment, especially as Cash App got bigger');
    expect(parsed.timeMarks).toContainEqual({ offset: moment, ts: 710 });
    expect(parsed.timeMarks).toHaveLength(8);
  });

  it('11 Teams fixture (VTT): <v Name> voices and unpadded 0:0:0.0 times', async () => {
    const parsed = await parseFixture('11_webvtt-py_teams_timeframe.vtt');
    expectWellFormed(parsed);
    expect(speakerSummary(parsed)).toEqual([
      ['Yuri Bakulin', 'participant', 1],
      ['Adrian Petrescu', 'participant', 1],
    ]);
    expect(parsed.text).toBe('There you go.\n\nWhy hello there, Yuri.');
    expect(parsed.turns.map((turn) => turn.ts)).toEqual([0, 0.21]);
    expect(parsed.text).not.toContain('<v');
  });

  it('12 YouTube auto-captions (VTT): header, word timestamps and rolling duplicates removed, each word once', async () => {
    const parsed = await parseFixture('12_webvtt-py_youtube_dl_autocaption.vtt');
    expectWellFormed(parsed);
    expect(speakerSummary(parsed)).toEqual([['Unknown speaker', 'unknown', 1]]);
    expect(parsed.text).toBe("yeah what this will happen is I'm telling");
    expect(parsed.turns[0].ts).toBe(286.07);
    expect(parsed.timeMarks).toEqual([
      { offset: 0, ts: 286.07, end: 286.47 },
      { offset: 5, ts: 286.47, end: 304.08 },
      { offset: 10, ts: 304.08, end: 305.069 },
    ]);
    expect(parsed.notes).toContain(
      'These are rolling auto-captions: lines repeated from one caption to the next were kept only once.',
    );
  });

  it('13 Discoverability (SubViewer .sub, Shift-JIS): decoded to Japanese, no speaker invented', async () => {
    const parsed = await parseFixture('13_gvc_ja_Discoverability-gfw-JA_shift-jis.sub');
    expectWellFormed(parsed);
    expect(parsed.format).toBe('sub');
    expect(parsed.encoding).toBe('shift_jis');
    expect(parsed.language).toBe('ja');
    expect(parsed.notes).toContain('The file was not saved as UTF-8; it was read as Shift_JIS (Japanese).');
    expect(speakerSummary(parsed)).toEqual([['Unknown speaker', 'unknown', 1]]);
    expect(parsed.text.startsWith('頑張ってサイトを立ち上げたら、せっかくなので、Google であなたのサイトが検索できるようにしてみませんか。そのためには、')).toBe(true);
    // "ご注意：" (a heading, "Note:") stays in the text and is not taken for a speaker.
    expect(parsed.text).toContain('ご注意：このスライドは XML サイトマップについての説明です。');
    expect(parsed.text).not.toMatch(/[\r\uFFFD]/);
    expect(parsed.text).not.toMatch(/\d\d:\d\d:\d\d/);
    expect(parsed.turns[0].ts).toBe(1);
    expect(parsed.timeMarks).toHaveLength(19);
    expect(parsed.timeMarks?.[1]).toEqual({ offset: parsed.text.indexOf('そのためには、'), ts: 6.521 });
  });

  it('14 QualCoder focus group (TXT): [id1] labels, three participants, typo kept', async () => {
    const parsed = await parseFixture('14_qualcoder_transcript_focus-group.txt');
    expectWellFormed(parsed);
    expect(speakerSummary(parsed)).toEqual([
      ['id1', 'participant', 3],
      ['id2', 'participant', 2],
      ['id3', 'participant', 2],
    ]);
    expect(parsed.text).not.toContain('[id');
    expectQuote(parsed, 'Yes, there was too much needed for the wrtitten assignments.', 'id1');
    expect(turnsOf(parsed, 'id2')).toEqual([
      'I am struggling with the lecture slides. I felt that they were too busy and I switched off.',
      'Hmm, I will ask the tutor for more help as I am really struggling.',
    ]);
  });

  it('15 QualCoder ID1 (DOCX): runs joined into words, € kept, no speaker invented', async () => {
    const parsed = await parseFixture('15_qualcoder_ID1_student-response.docx');
    expectWellFormed(parsed);
    expect(parsed.format).toBe('docx');
    expect(speakerSummary(parsed)).toEqual([['Unknown speaker', 'unknown', 3]]);
    expect(parsed.notes).toContain(NO_LABELS_NOTE);
    expectQuote(parsed, "I'm happy to pay €200.", 'Unknown speaker');
    expectQuote(parsed, 'The structured content, lecture slides and web links have been really good.', 'Unknown speaker');
    expect(parsed.text).not.toMatch(/good\s+\./);
    expect(parsed.text).not.toMatch(/€\s+200/);
    expect(parsed.wordCount).toBe(116);
  });

  it('16 derived VTT of 06: NOTE block dropped, same turns and times as the SRT', async () => {
    const [vtt, srt] = await Promise.all([
      parseFixture('derived/16_DERIVED_gvc_eBay-FarhangKassei-Interview-v4.vtt'),
      parseFixture('06_gvc_eBay-FarhangKassei-Interview-v4.srt'),
    ]);
    expectWellFormed(vtt);
    expect(vtt.format).toBe('vtt');
    expect(vtt.text).not.toContain('DERIVED FILE');
    expect(vtt.text).not.toContain('NOTE');
    expect(vtt.text).toBe(srt.text);
    expect(vtt.turns).toEqual(srt.turns);
    expect(vtt.timeMarks).toEqual(srt.timeMarks);
    expect(speakerSummary(vtt)).toEqual([
      ['Schalk', 'interviewer', 13],
      ['Kassei', 'participant', 13],
    ]);
  });

  it('17 derived DOCX (Anthropic creativity_0082): bold labels, alias merge, 9 [REDACTED] kept', async () => {
    const parsed = await parseFixture('derived/17_DERIVED_anthropic-interviewer_creativity_0082.docx');
    expectWellFormed(parsed);
    expect(speakerSummary(parsed)).toEqual([
      ['AI', 'interviewer', 11],
      ['User', 'participant', 10],
    ]);
    expect(parsed.speakers[0].aliases).toEqual(['Assistant']);
    expectNoLabelsInSpans(parsed, ['AI', 'User', 'Assistant']);
    expect(occurrences(parsed.text, '[REDACTED]')).toBe(9);
    // "AI:" alone in its paragraph: the redacted paragraphs after it are the AI's turn, not the user's.
    const redactedTurn = parsed.turns[4];
    expect(redactedTurn.speaker).toBe('AI');
    expect(turnText(parsed, redactedTurn).startsWith('[REDACTED]\n\n[REDACTED]\n\n[REDACTED][REDACTED][REDACTED]\n\n')).toBe(true);
    expect(turnText(parsed, parsed.turns[3])).toBe(
      'My website is [REDACTED]. Can you take a look at that? It will answer a bunch of questions.',
    );
  });

  it('18 PDPilot P1 (PDF)', async () => {
    const parsed = await parseFixture('18_pdpilot_P1_user-study-interview.pdf');
    expectWellFormed(parsed);
    expect(speakerSummary(parsed)).toEqual([
      ['Dan', 'interviewer', 47],
      ['Participant', 'participant', 47],
    ]);
    expectNoPdfArtefacts(parsed);
    expectNoLabelsInSpans(parsed, ['Dan', 'Participant']);
    expectQuote(parsed, 'Ah, yeah. Not all the time, so it\'s not the main thing we do, but in our initial data explorations, we tend to use ICE plots.', 'Participant');
    // Page 3's last line is printed again on page 4: kept once.
    expect(occurrences(parsed.text, 'that and I thought it was useful. And then I was able to drill down')).toBe(1);
    expect(occurrences(parsed.text, '(unintelligible)')).toBe(8);
  });

  it('19 PDPilot P3 (PDF)', async () => {
    const parsed = await parseFixture('19_pdpilot_P3_user-study-interview.pdf');
    expectWellFormed(parsed);
    expect(speakerSummary(parsed)).toEqual([
      ['Dan', 'interviewer', 61],
      ['Participant', 'participant', 60],
    ]);
    expectNoPdfArtefacts(parsed);
    expectNoLabelsInSpans(parsed, ['Dan', 'Participant']);
    expectQuote(parsed, 'Okay. So you can see the slides again?', 'Dan');
    expect(parsed.text.match(/X{4,}/g)).toHaveLength(17);
    expect(occurrences(parsed.text, "So you don't have to manually resize every time in code")).toBe(1);
  });

  it('20 PDPilot P4 (PDF)', async () => {
    const parsed = await parseFixture('20_pdpilot_P4_user-study-interview.pdf');
    expectWellFormed(parsed);
    expect(speakerSummary(parsed)).toEqual([
      ['Dan', 'interviewer', 54],
      ['Participant', 'participant', 55],
    ]);
    expectNoPdfArtefacts(parsed);
    expectNoLabelsInSpans(parsed, ['Dan', 'Participant']);
    expectQuote(parsed, "Um, I, I, no, I don't really use them.", 'Participant');
    expect(parsed.text.match(/X{4,}/g)).toHaveLength(84);
    expect(turnContaining(parsed, 'Uh, yeah. So it would be a mix of like, like during model development').speaker).toBe('Dan');
  });
});
