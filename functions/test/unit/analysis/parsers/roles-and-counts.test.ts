/** Role guessing, word counts, language guesses, text assembly and Markdown clean-up. */
import { describe, expect, it } from 'vitest';
import { guessLanguage } from '../../../../src/analysis/parsers/language-guess';
import { stripInlineMarkdown } from '../../../../src/analysis/parsers/markdown-parser';
import { guessRoles, type SpeakerTurns } from '../../../../src/analysis/parsers/speaker-roles';
import { assembleTurns } from '../../../../src/analysis/parsers/turn-assembly';
import { countWords } from '../../../../src/analysis/parsers/word-count';

const speaker = (label: string, turns: string[], firstTurn = 0, aliases: string[] = []): SpeakerTurns => ({ label, turns, firstTurn, aliases });

describe('guessRoles', () => {
  it('trusts role words in labels (and their aliases)', () => {
    const { roles, notes } = guessRoles([speaker('Moderator', ['Hi.']), speaker('P2', ['Why?', 'How?']), speaker('Bot', ['x'], 2, ['Assistant'])]);
    expect([...roles]).toEqual([
      ['Moderator', 'interviewer'],
      ['P2', 'participant'],
      ['Bot', 'interviewer'],
    ]);
    expect(notes).toEqual([]);
  });

  it('makes the speaker who asks most of the questions the interviewer', () => {
    const { roles, notes } = guessRoles([
      speaker('Dan', ['So what do you use?', 'Why?', 'Okay.', 'And then?'], 0),
      speaker('Participant', ['Mostly notebooks and some plots that we share.', 'Because it is fast.', 'We ship it.'], 1),
    ]);
    expect(roles.get('Dan')).toBe('interviewer');
    expect(roles.get('Participant')).toBe('participant');
    expect(notes).toEqual(['The speaker Dan was taken to be the interviewer because they ask most of the questions; correct this if it is wrong.']);
  });

  it('reads questions from their words in a transcript written without question marks', () => {
    const dan = ['so what tools do you use for this', 'okay', 'and how would you rank them', 'right', 'tell me about the last export'];
    const answers = ['mostly notebooks and some plots that we share with the team', 'by importance mostly', 'it broke the filters so we do it by hand now'];
    const { roles } = guessRoles([speaker('Dan', dan, 0), speaker('Ana', answers, 1)]);
    expect(roles.get('Dan')).toBe('interviewer');
    // With question marks written, only they count: the same words without one ask nothing.
    const punctuated = guessRoles([speaker('Dan', dan, 0), speaker('Ana', [...answers, 'Is that what you meant?'], 1)]);
    expect(punctuated.roles.get('Dan')).toBe('participant');
    // "Do you know" fills: it asks nothing.
    const filling = guessRoles([
      speaker('Ana', ['do you know what i mean it just works', 'okay', 'we ship it weekly do you know', 'yes'], 0),
      speaker('Ben', ['we do the same', 'our team ships it daily', 'fine'], 1),
    ]);
    expect(filling.roles.get('Ana')).toBe('participant');
  });

  it('makes the other of two the interviewer when one is labelled as the participant and says more', () => {
    const { roles, notes } = guessRoles([
      speaker('Sam', ['Right.', 'And the export.', 'Okay, go on.'], 0),
      speaker('P3', ['We mostly use notebooks and share the plots in a deck.', 'The export loses the filters every time.'], 1),
    ]);
    expect(roles.get('Sam')).toBe('interviewer');
    expect(notes).toEqual(['The speaker Sam was taken to be the interviewer because the other speaker is labelled as the participant; correct this if it is wrong.']);
    // Saying more than the participant, or beside a third speaker, they are not taken for the interviewer.
    const talker = guessRoles([speaker('Sam', ['We mostly use notebooks and share every plot in a long weekly deck for the team.'], 0), speaker('P3', ['Yes, the export.'], 1)]);
    expect(talker.roles.get('Sam')).toBe('participant');
    const three = guessRoles([speaker('Sam', ['Right.'], 0), speaker('P3', ['We mostly use notebooks.'], 1), speaker('Kim', ['Sure.'], 2)]);
    expect(three.roles.get('Sam')).toBe('participant');
  });

  it('makes nobody interviewer when nobody stands out, and says so', () => {
    const { roles, notes } = guessRoles([speaker('id1', ['I like it.', 'Yes.']), speaker('id2', ['Me too.']), speaker('id3', ['Hmm.'])]);
    expect([...roles.values()]).toEqual(['participant', 'participant', 'participant']);
    expect(notes).toEqual(['No speaker stands out as the interviewer, so every speaker is marked as a participant.']);
  });

  it('keeps "Unknown speaker" and pseudo-speakers unknown, and a lone labelled speaker a participant', () => {
    const { roles } = guessRoles([speaker('Unknown speaker', ['Intro?']), speaker('Break', ['Ads?', 'More ads?']), speaker('Westwood', ['Hi.'])]);
    expect([...roles]).toEqual([
      ['Unknown speaker', 'unknown'],
      ['Break', 'unknown'],
      ['Westwood', 'participant'],
    ]);
  });
});

describe('countWords and guessLanguage', () => {
  it('counts whitespace-separated tokens with a letter or digit, and CJK characters two to a word', () => {
    expect(countWords("I'm happy -- to pay €200 .")).toBe(5);
    expect(countWords('こんにちは世界 Google です')).toBe(6); // 9 CJK characters → 5, plus "Google"
    expect(countWords('')).toBe(0);
  });

  it.each([
    ['en', 'So I think that the tool is really useful and we would use it for what we do.'],
    ['pt', 'Então eu acho que não está aqui, né? Você vai no GitHub e isso já é muito fácil pra gente.'],
    ['es', 'Pues yo creo que el problema es muy grande y los usuarios también lo saben, pero hay tiempo.'],
    ['fr', "Alors je pense que c'est très bien, mais nous avons des questions sur la qualité du service."],
    ['de', 'Also ich denke, dass das nicht so einfach ist, aber wir haben auch schon eine Lösung und sind sehr froh.'],
    ['ja', '頑張ってサイトを立ち上げたら、せっかくなので検索できるようにしてみませんか。'],
    ['und', '12345 67890 ++ --'],
  ])('guesses %s', (language, text) => {
    expect(guessLanguage(text)).toBe(language);
  });
});

describe('assembleTurns', () => {
  it('joins pieces by their join kind and records offsets and time marks', () => {
    const assembled = assembleTurns(
      [
        { speaker: 'Dan', ts: 5, pieces: [{ text: 'Hello?', join: 'line' }] },
        { speaker: null, pieces: [] },
        { speaker: 'Eve', pieces: [{ text: 'One', join: 'line' }, { text: 'two', join: 'line' }, { text: 'Three.', join: 'paragraph', ts: 9 }] },
      ],
      { merge: 'none' },
    );
    expect(assembled).toEqual({
      text: 'Hello?\n\nOne\ntwo\n\nThree.',
      turns: [
        { speaker: 'Dan', start: 0, end: 6, ts: 5 },
        { speaker: 'Eve', start: 8, end: 23 },
      ],
      timeMarks: [
        { offset: 0, ts: 5 },
        { offset: 17, ts: 9 },
      ],
    });
  });

  it('merges consecutive segments of one speaker when asked (captions)', () => {
    const assembled = assembleTurns(
      [
        { speaker: 'Dan', ts: 1, pieces: [{ text: 'Hello', join: 'space', ts: 1 }] },
        { speaker: 'Dan', ts: 2, pieces: [{ text: 'again.', join: 'space', ts: 2 }] },
      ],
      { merge: 'captions' },
    );
    expect(assembled.text).toBe('Hello again.');
    expect(assembled.turns).toEqual([{ speaker: 'Dan', start: 0, end: 12, ts: 1 }]);
  });
});

describe('stripInlineMarkdown', () => {
  it('keeps the words of emphasis, links and escapes, and nothing else', () => {
    expect(stripInlineMarkdown('A **bold** and *soft* claim, see [the docs](https://x.y) \\[laughs\\] `code` snake_case_name 2*3*4')).toBe(
      'A bold and soft claim, see the docs [laughs] code snake_case_name 2*3*4',
    );
  });
});
