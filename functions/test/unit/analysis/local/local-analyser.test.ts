/**
 * The local analyser over every shared fixture transcript (see test/fixtures/transcripts/MANIFEST.md): each saved
 * quote is the transcript's own span inside one participant turn, no interviewer text is quoted, the output is
 * deterministic, and every interview of 1,000+ words yields insights under at least two themes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { anchorAnalysis, type AnchorResult } from '../../../../src/analysis/anchoring';
import { createLocalAnalyser, KIND_THEMES, LOCAL_ANALYSER_NOTE, NO_PARTICIPANT_NOTE, nonEnglishNotice } from '../../../../src/analysis/local';
import { passageTitle } from '../../../../src/analysis/local/non-english';
import { unspacedTitle } from '../../../../src/analysis/local/unspaced-passages';
import { groupInsightsByTheme } from '@verbatim/contract/themes';
import type { AnalysisInput, AnalysisProgress, InterviewAnalysis } from '@verbatim/contract/insight';
import { quoteMoments } from '@verbatim/contract/quote-moments';
import type { ParsedTranscript } from '@verbatim/contract/transcript';
import { parseTranscript } from '../../../../src/analysis/parsers';
import { parseFixture } from '../../parsers/helpers/fixtures';
import { inputFromParsed, transcript } from '../helpers/transcripts';

interface Expected {
  words: number;
  insights: number;
  themes: string[];
  /** Quotes proposed and anchored (the local analyser proposes exact spans: none is dropped). */
  quotes: number;
}

const T = KIND_THEMES;
/** Per fixture: parsed word count, insights, themes in order, quotes. */
const FIXTURES: Record<string, Expected> = {
  '01_pdpilot_P2_user-study-interview.pdf': { words: 4663, insights: 15, themes: [T.pain, T.need, T.goal, T.positive, T.practice, T.observation], quotes: 43 },
  '04_anthropic-interviewer_science_0012.txt': { words: 1050, insights: 4, themes: [T.pain, T.need, T.goal, T.practice], quotes: 14 },
  '05_raise_Exp_P1_usability-think-aloud_pt-BR.txt': { words: 1305, insights: 6, themes: ["Repositório", "Usuário", "Pull", "Jobs", "Produtividade", "Intervalo"], quotes: 17 },
  '06_gvc_eBay-FarhangKassei-Interview-v4.srt': { words: 1239, insights: 5, themes: [T.goal, T.positive, T.practice, T.observation], quotes: 16 },
  '07_gvc_CodeConversations-ChrisDiBona.srt': { words: 1240, insights: 7, themes: [T.need, T.positive, T.emotion, T.practice, T.observation], quotes: 23 },
  '08_gvc_Developer_Case_Study_Dave_BuddyPoke.srt': { words: 847, insights: 5, themes: [T.pain, T.goal, T.practice, T.observation], quotes: 15 },
  '10_changelog_founders-talk-91.md': { words: 5706, insights: 15, themes: [T.pain, T.need, T.workaround, T.goal, T.positive, T.emotion, T.practice, T.observation], quotes: 56 },
  '11_webvtt-py_teams_timeframe.vtt': { words: 7, insights: 0, themes: [], quotes: 0 },
  '12_webvtt-py_youtube_dl_autocaption.vtt': { words: 8, insights: 0, themes: [], quotes: 0 },
  '13_gvc_ja_Discoverability-gfw-JA_shift-jis.sub': { words: 415, insights: 5, themes: ['リンク', 'XML', '検索', 'Url', 'HTML'], quotes: 12 },
  '14_qualcoder_transcript_focus-group.txt': { words: 163, insights: 3, themes: [T.pain], quotes: 5 },
  '15_qualcoder_ID1_student-response.docx': { words: 116, insights: 1, themes: [T.goal], quotes: 4 },
  '18_pdpilot_P1_user-study-interview.pdf': { words: 2908, insights: 11, themes: [T.pain, T.need, T.goal, T.positive, T.emotion, T.practice, T.observation], quotes: 36 },
  '19_pdpilot_P3_user-study-interview.pdf': { words: 3893, insights: 15, themes: [T.pain, T.need, T.goal, T.positive, T.practice, T.observation], quotes: 43 },
  '20_pdpilot_P4_user-study-interview.pdf': { words: 4742, insights: 15, themes: [T.pain, T.need, T.workaround, T.positive, T.emotion, T.practice, T.observation], quotes: 46 },
  'derived/16_DERIVED_gvc_eBay-FarhangKassei-Interview-v4.vtt': { words: 1239, insights: 5, themes: [T.goal, T.positive, T.practice, T.observation], quotes: 16 },
  'derived/17_DERIVED_anthropic-interviewer_creativity_0082.docx': { words: 1719, insights: 5, themes: [T.pain, T.goal, T.positive, T.practice], quotes: 19 },
};

/** The interviews of 1,000 words or more (by parsed word count), which must yield at least two themes. */
const LONG_INTERVIEWS = [
  '01_pdpilot_P2_user-study-interview.pdf',
  '04_anthropic-interviewer_science_0012.txt',
  '05_raise_Exp_P1_usability-think-aloud_pt-BR.txt',
  '06_gvc_eBay-FarhangKassei-Interview-v4.srt',
  '07_gvc_CodeConversations-ChrisDiBona.srt',
  '10_changelog_founders-talk-91.md',
  '18_pdpilot_P1_user-study-interview.pdf',
  '19_pdpilot_P3_user-study-interview.pdf',
  '20_pdpilot_P4_user-study-interview.pdf',
  'derived/16_DERIVED_gvc_eBay-FarhangKassei-Interview-v4.vtt',
  'derived/17_DERIVED_anthropic-interviewer_creativity_0082.docx',
];

interface Run {
  parsed: ParsedTranscript;
  input: AnalysisInput;
  analysis: InterviewAnalysis;
  anchored: AnchorResult;
}

const runs = new Map<string, Run>();

beforeAll(async () => {
  const analyser = createLocalAnalyser();
  for (const [name, index] of Object.keys(FIXTURES).map((n, i) => [n, i] as const)) {
    const parsed = await parseFixture(name);
    const input = inputFromParsed(parsed, `doc-${index}`, name);
    const analysis = await analyser.analyse(input);
    runs.set(name, { parsed, input, analysis, anchored: anchorAnalysis(input, analysis) });
  }
}, 30_000);

/** A short transcript written line by line ("Speaker: what they said"), parsed, analysed and anchored. */
async function analyseLines(lines: readonly string[]): Promise<{ parsed: ParsedTranscript; anchored: AnchorResult }> {
  const parsed = await parseTranscript({ bytes: new TextEncoder().encode(lines.join('\n')), fileName: 'said.txt' });
  const input = inputFromParsed(parsed, 'doc-said');
  return { parsed, anchored: anchorAnalysis(input, await createLocalAnalyser().analyse(input)) };
}

function run(name: string): Run {
  const found = runs.get(name);
  if (!found) throw new Error(`fixture ${name} was not analysed`);
  return found;
}

/** The time of the cue or turn holding a quote's first word (see `momentAt`), worked out independently here. */
function cueTime(input: AnalysisInput, start: number, turnIndex: number): number | undefined {
  const turn = input.turns[turnIndex];
  const marks = input.timeMarks.filter((mark) => mark.offset <= start);
  const mark = marks[marks.length - 1];
  if (mark && mark.offset >= turn.start) return mark.ts;
  return turn.ts ?? mark?.ts;
}

describe.each(Object.keys(FIXTURES))('local analyser on %s', (name) => {
  it('saves only verbatim quotes inside one quotable turn, of that turn’s speaker', () => {
    const { input, anchored } = run(name);
    const roles = new Map(input.speakers.map((speaker) => [speaker.label, speaker.role]));
    const hasParticipant = input.speakers.some((speaker) => speaker.role === 'participant');
    const hasInterviewer = input.speakers.some((speaker) => speaker.role === 'interviewer');
    for (const insight of anchored.insights) {
      expect(insight.quotes.length).toBeGreaterThan(0);
      for (const quote of insight.quotes) {
        expect(quote.text).toBe(input.text.slice(quote.start, quote.end));
        expect(quote.text).toBe(quote.text.trim());
        expect(quote.documentId).toBe(input.documentId);
        const containing = input.turns.flatMap((turn, index) => (turn.start <= quote.start && quote.end <= turn.end ? [index] : []));
        expect(containing).toHaveLength(1);
        const turn = input.turns[containing[0]];
        expect(quote.speaker).toBe(turn.speaker);
        const role = roles.get(turn.speaker);
        if (hasParticipant) expect(role).toBe('participant');
        else {
          expect(role).toBe('unknown');
          expect(hasInterviewer).toBe(false);
        }
        // Its own first word's moment: at or after the time of the cue holding it, before the next time known.
        const cue = cueTime(input, quote.start, containing[0]);
        if (cue === undefined) expect(quote.ts).toBeUndefined();
        else {
          expect(quote.ts).toBe(quoteMoments(quote, input.turns, input.timeMarks, { text: input.text })?.start);
          expect(quote.ts).toBeGreaterThanOrEqual(cue);
          const next = input.timeMarks.find((mark) => mark.offset > quote.start)?.ts ?? input.turns[containing[0] + 1]?.ts;
          if (next !== undefined && next >= cue) expect(quote.ts).toBeLessThanOrEqual(next);
        }
      }
    }
  });

  it('quotes no interviewer text', () => {
    const { input, anchored } = run(name);
    const interviewerTurns = input.turns.filter((turn) => input.speakers.find((s) => s.label === turn.speaker)?.role === 'interviewer');
    for (const quote of anchored.insights.flatMap((insight) => insight.quotes)) {
      for (const turn of interviewerTurns) expect(quote.end <= turn.start || quote.start >= turn.end).toBe(true);
    }
  });

  it('gives the expected insights, themes and quote counts, every quote anchored', () => {
    const { parsed, analysis, anchored } = run(name);
    const expected = FIXTURES[name];
    expect(parsed.wordCount).toBe(expected.words);
    expect(anchored.insights).toHaveLength(expected.insights);
    expect(groupInsightsByTheme(anchored.insights, analysis.groupedTags).map((section) => section.theme)).toEqual(expected.themes);
    expect(anchored.stats).toEqual({
      proposed: expected.quotes,
      anchored: expected.quotes,
      droppedUnanchored: 0,
      droppedInterviewer: 0,
      droppedChangedMeaning: 0,
      droppedQuestions: 0,
      droppedInsights: 0,
      fuzzy: 0,
    });
    expect(anchored.steps).toEqual({ exact: expected.quotes, normalised: 0, fuzzy: 0 });
    expect(anchored.insights.flatMap((insight) => insight.quotes).filter((quote) => quote.match !== 'exact')).toEqual([]);
  });

  it('tags each insight uniquely, with a theme for every tag (none under Other)', () => {
    const { analysis } = run(name);
    const tags = analysis.insights.map((insight) => insight.tag.toLowerCase());
    expect(new Set(tags).size).toBe(tags.length);
    const grouped = analysis.groupedTags.flatMap((group) => group.tags.map((tag) => tag.originalTag.toLowerCase()));
    expect([...grouped].sort()).toEqual([...tags].sort());
  });

  it('describes each insight with what its quotes say, or not at all: never a count or a template', () => {
    const { analysis } = run(name);
    for (const insight of analysis.insights) {
      const passages = /^(One|\d+) passages? mentions?/.exec(insight.description);
      if (passages) {
        // Languages the analyser does not read: how many passages mention the tag.
        const count = passages[1] === 'One' ? 1 : Number(passages[1]);
        expect(count).toBeGreaterThanOrEqual(insight.quotes.length);
        if (insight.description.includes('did not interpret')) expect(insight.description).toContain(`“${insight.tag}”`);
        continue;
      }
      expect(insight.description).not.toMatch(/makes this point|statements? of one answer|[“”"]/);
      if (insight.description === '') continue;
      expect(insight.description.endsWith('.')).toBe(true);
      // Every sentence is said in the quotes: most of its meaningful words are words of them.
      const quoted = insight.quotes.map((quote) => quote.text.toLowerCase()).join(' ');
      for (const sentence of insight.description.split(/(?<=\.) /)) {
        const words = (sentence.toLowerCase().match(/[\p{L}]{5,}/gu) ?? []).filter((word) => !/^(they|their|theirs|themselves)$/.test(word));
        const found = words.filter((word) => quoted.includes(word.slice(0, Math.max(4, word.length - 2))));
        expect(found.length, `${sentence} / ${quoted}`).toBeGreaterThanOrEqual(Math.ceil(words.length * 0.6));
      }
    }
  });

  it('is deterministic: a fresh analyser gives the same analysis', async () => {
    const { input, analysis } = run(name);
    expect(await createLocalAnalyser().analyse(input)).toEqual(analysis);
  });
});

describe('local analyser: themes and languages', () => {
  it('lists the interviews of 1,000+ words by parsed word count', () => {
    const long = Object.keys(FIXTURES).filter((name) => run(name).parsed.wordCount >= 1000);
    expect(long).toEqual(LONG_INTERVIEWS);
  });

  it.each(LONG_INTERVIEWS)('%s yields insights under at least two themes', (name) => {
    const { analysis, anchored } = run(name);
    const themes = groupInsightsByTheme(anchored.insights, analysis.groupedTags).map((section) => section.theme);
    expect(themes.length).toBeGreaterThanOrEqual(2);
    expect(themes).not.toContain('Other');
  });

  it('titles a passage in another language without the words that open it by leaning on the talk before', () => {
    expect(passageTitle('Então, a resposta é que eu não sei o nome do usuário.', 'pt')).toBe('A resposta é que eu não sei o nome do usuário');
    expect(passageTitle('Bueno, pues el informe tarda demasiado en cargar.', 'es')).toBe('El informe tarda demasiado en cargar');
    expect(passageTitle('Alors euh le tableau de bord est trop lent.', 'fr')).toBe('Le tableau de bord est trop lent');
    expect(passageTitle('Also, ja, der Export dauert viel zu lange.', 'de')).toBe('Der Export dauert viel zu lange');
    // Words that say something stay ("Não …"), and a short passage keeps its words.
    expect(passageTitle('Não está indicado aqui se esse é todo o intervalo.', 'pt')).toBe('Não está indicado aqui se esse é todo o intervalo');
    expect(passageTitle('Então, não sei.', 'pt')).toBe('Então, não sei');
    // Japanese, Chinese and Korean, split into words by the runtime: the first sentence, at most 16 words.
    expect(unspacedTitle('えー、じゃあ、サイトマップを送信すると Google がページを認識できます。', 'ja')).toBe('サイトマップを送信すると Google がページを認識できます');
    expect(unspacedTitle('那么，导出功能太慢了。', 'zh')).toBe('导出功能太慢了');
    expect(unspacedTitle('Google に全てのページを認識させたい場合は、XML サイトマップを送信してください。', 'ja')).toBe('Google に全てのページを認識させたい場合は、XML サイトマップを …');
    expect(unspacedTitle('はい。', 'ja')).toBe('はい');
    expect(unspacedTitle('저희 팀은 보고서 내보내기 기능이 너무 느리다고 생각해요. 오래 기다려야 해요.', 'ko')).toBe('저희 팀은 보고서 내보내기 기능이 너무 느리다고 생각해요');
    // Words set apart by spaces (Korean) are at most 12, as in an English title.
    expect(unspacedTitle('저희 팀은 보고서 내보내기 기능이 너무 느리다고 생각해요 그리고 정말 오래 기다려야 하고 필터 조건이 사라져요.', 'ko')).toBe(
      '저희 팀은 보고서 내보내기 기능이 너무 느리다고 생각해요 그리고 정말 오래 기다려야 …',
    );
  });

  it('says plainly that Portuguese is read only for recurring words, and titles insights with a passage’s own words', () => {
    const { analysis, anchored } = run('05_raise_Exp_P1_usability-think-aloud_pt-BR.txt');
    expect(analysis.notes).toEqual([nonEnglishNotice('pt')]);
    expect(analysis.notes[0]).toBe(
      'This interview is in Portuguese; Verbatim only analysis reads English best, so insights here are limited to passages grouped by words that recur in them, each titled with the opening words of a sentence of one of its passages. It did not judge what the passages mean, their sentiment or what kind of statement each is.',
    );
    for (const insight of anchored.insights) {
      // The opening words of a sentence of the passage, less those that lean on the talk before ("Então, …").
      const opening = insight.title.replace(/ …$/, '');
      const quote = insight.quotes.map((q) => q.text).find((text) => text.toLowerCase().includes(opening.toLowerCase())) ?? '';
      const at = quote.toLowerCase().indexOf(opening.toLowerCase());
      expect(at, insight.title).toBeGreaterThanOrEqual(0);
      expect(quote.slice(0, at), insight.title).toMatch(/(?:^|[.!?;]\s+)(?:(?:então|aí|e|mas|bom|tipo|né)[,.]?\s+)*$/i);
      expect(insight.title, insight.title).not.toMatch(/^(então|aí|e|mas|bom|tipo|né)\b/i);
      expect(insight.description).toContain('Verbatim only analysis did not interpret the Portuguese');
    }
    expect(anchored.insights.map((insight) => insight.title)).toContain('A resposta é que eu não sei o nome do usuário envolvido …');
    // A sentence that fits whole before the first one cut (" …").
    expect(anchored.insights.map((insight) => insight.title)).toContain('Não entendi esse formato também, unir barra repositório');
    // The task prompts read out ("Pergunta 3: …") are not the participant's words.
    for (const quote of anchored.insights.flatMap((insight) => insight.quotes)) expect(quote.text.startsWith('Pergunta')).toBe(false);
  });

  it('groups Japanese passages by the words that recur in them, split without spaces, and says what it did not do', () => {
    const { analysis, anchored } = run('13_gvc_ja_Discoverability-gfw-JA_shift-jis.sub');
    expect(analysis.notes).toEqual([nonEnglishNotice('ja')]);
    expect(analysis.notes[0]).toBe(
      'This interview is in Japanese; Verbatim only analysis reads English best, so insights here are limited to passages grouped by words that recur in them, each titled with the opening words of a sentence of one of its passages. It did not judge what the passages mean, their sentiment or what kind of statement each is.',
    );
    for (const insight of anchored.insights) {
      // The title opens one of its quotes (the first whose opening clause fits whole, if one does); the tag is a whole
      // word of every quote, not a particle or a verb's stem.
      expect(insight.quotes.some((quote) => quote.text.startsWith(insight.title.replace(/ …$/, ''))), insight.title).toBe(true);
      for (const quote of insight.quotes) expect(quote.text, insight.tag).toContain(insight.tag);
      expect(insight.tag).not.toMatch(/\p{Script=Hiragana}/u);
      expect(insight.description).toContain('Verbatim only analysis did not interpret the Japanese');
    }
    const link = anchored.insights.find((insight) => insight.tag === 'リンク');
    expect(link?.quotes.map((quote) => quote.text)).toContain('良質なサイトがひとつでもあなたのサイトに向けて関連性のあるリンクを張っていれば、たいてい Google はあなたのサイトを認識して登録します。');
  });

  it('splits Chinese into words to group its passages: the word they share, not a pronoun, and never the interviewer', async () => {
    const { parsed, anchored } = await analyseLines([
      '访谈者：你们团队平时怎么导出报告？',
      '受访者：我们团队觉得这个工具的导出功能太慢了，每次都要等很久。导出以后表格的格式也经常乱掉，还要手动调整。',
      '访谈者：还有别的问题吗？',
      '受访者：有的，筛选条件在导出的时候会丢失，所以我们只好每周重新设置一遍筛选条件。',
    ]);
    expect(parsed.language).toBe('zh');
    expect(anchored.insights.map((insight) => [insight.title, insight.tag, insight.quotes.map((quote) => [quote.speaker, quote.text])])).toEqual([
      [
        '我们团队觉得这个工具的导出功能太慢了，每次都要等很久',
        '导出',
        [
          ['受访者', '我们团队觉得这个工具的导出功能太慢了，每次都要等很久。'],
          ['受访者', '导出以后表格的格式也经常乱掉，还要手动调整。'],
          ['受访者', '有的，筛选条件在导出的时候会丢失，所以我们只好每周重新设置一遍筛选条件。'],
        ],
      ],
    ]);
  });

  it('groups Korean passages by the word they share, with or without its particle, not by a verb ending they all have ("해요")', async () => {
    const { parsed, anchored } = await analyseLines([
      '진행자: 보고서는 어떻게 내보내세요?',
      '참여자: 저희 팀은 보고서 내보내기 기능이 너무 느리다고 생각해요. 보고서 내보내기 할 때마다 오래 기다려야 해요.',
      '진행자: 다른 문제는요?',
      '참여자: 필터 조건이 보고서 내보내기 할 때 사라져서 매주 필터 조건을 다시 설정해야 해요.',
    ]);
    expect(parsed.language).toBe('ko');
    expect(anchored.insights.map((insight) => [insight.title, insight.tag, insight.quotes.length])).toEqual([['저희 팀은 보고서 내보내기 기능이 너무 느리다고 생각해요', '내보내기', 3]]);
    expect(anchored.insights[0].description).toContain('often alongside “보고서”;');
    // A word is one word with or without the particle joined to it ("보고서를", "보고서에").
    const { anchored: grouped } = await analyseLines([
      '진행자: 보고서는 어떻게 내보내세요?',
      '참여자: 저희 팀은 보고서를 내보낼 때 항상 오래 기다려요.',
      '진행자: 다른 문제는요?',
      '참여자: 보고서에 들어가는 차트도 색깔이 잘 안 보여요.',
    ]);
    expect(grouped.insights.map((insight) => [insight.tag, insight.quotes.length])).toEqual([['보고서', 2]]);
  });

  it('tells English interviews what it is', () => {
    expect(run('01_pdpilot_P2_user-study-interview.pdf').analysis.notes).toEqual([LOCAL_ANALYSER_NOTE]);
  });

  it('words P2’s finding on ICE plots as a claim from the participant’s own words, not a keyword template', () => {
    const insight = run('01_pdpilot_P2_user-study-interview.pdf').anchored.insights.find((candidate) => candidate.tag === 'ICE plot');
    expect(insight?.title).toBe('The team finds ICE plots very hard to read and not useful');
    expect(insight?.quotes.map((quote) => quote.text).join(' ')).toContain('I think we as a team find them very just hard to read and not useful');
  });

  it('never tags an insight with a speaker’s name', () => {
    const tags = run('06_gvc_eBay-FarhangKassei-Interview-v4.srt').analysis.insights.map((insight) => insight.tag.toLowerCase());
    expect(tags.some((tag) => tag.includes('kassei') || tag.includes('schalk'))).toBe(false);
  });
});

describe('local analyser: progress and edge cases', () => {
  it('reports progress per batch of turns, ending at the total', async () => {
    const { input } = run('01_pdpilot_P2_user-study-interview.pdf');
    const progress: AnalysisProgress[] = [];
    await createLocalAnalyser().analyse(input, (step) => progress.push(step));
    // 84 participant turns in batches of 16, then the clustering step.
    expect(progress).toEqual([
      { done: 16, total: 85 },
      { done: 32, total: 85 },
      { done: 48, total: 85 },
      { done: 64, total: 85 },
      { done: 80, total: 85 },
      { done: 85, total: 85 },
    ]);
  });

  it('quotes nobody when only the interviewer is labelled, and says so', async () => {
    const input = transcript(
      [
        ['Dan', 'What slows your team down the most when you review the models every week?'],
        ['Guest', 'The export is painfully slow and it crashes whenever the dataset is large.'],
      ],
      { Dan: 'interviewer', Guest: 'unknown' },
    );
    expect(await createLocalAnalyser().analyse(input)).toEqual({ insights: [], groupedTags: [], notes: [NO_PARTICIPANT_NOTE] });
  });

  it('reads an interview transcribed without punctuation: finds its interviewer, and quotes the participant in parts of a readable length', async () => {
    // P2 as speech recognition without punctuation writes it: "Dan: so what tools do you use for that …".
    const { parsed } = run('01_pdpilot_P2_user-study-interview.pdf');
    const plain = parsed.turns.map((turn) => `${turn.speaker}: ${parsed.text.slice(turn.start, turn.end).replace(/[.,;:!?]/g, '').toLowerCase()}`).join('\n\n');
    const unpunctuated = await parseTranscript({ bytes: new TextEncoder().encode(plain), fileName: 'p2-asr.txt' });
    expect(unpunctuated.speakers.map((speaker) => [speaker.label, speaker.role])).toEqual([
      ['Dan', 'interviewer'],
      ['Participant', 'participant'],
    ]);
    const input = inputFromParsed(unpunctuated, 'doc-asr');
    const analysis = await createLocalAnalyser().analyse(input);
    const anchored = anchorAnalysis(input, analysis);
    expect(anchored.insights.length).toBeGreaterThanOrEqual(12);
    const quotes = anchored.insights.flatMap((insight) => insight.quotes);
    expect(quotes.length).toBe(analysis.insights.flatMap((insight) => insight.quotes).length);
    for (const quote of quotes) {
      expect(quote.speaker).toBe('Participant');
      expect(quote.text.split(/\s+/).length, quote.text).toBeLessThanOrEqual(70);
    }
  });

  it('proposes exact spans that start after hesitations', async () => {
    const input = transcript(
      [
        ['Dan', 'How is the export?'],
        ['Ana', 'Um, so, the export is really slow and it crashes on large datasets every single time. Uh, the export also loses our filters, which is frustrating.'],
      ],
      { Dan: 'interviewer', Ana: 'participant' },
    );
    const analysis = await createLocalAnalyser().analyse(input);
    const quotes = analysis.insights.flatMap((insight) => insight.quotes.map((quote) => quote.text));
    expect(quotes).toEqual([
      'the export is really slow and it crashes on large datasets every single time.',
      'the export also loses our filters, which is frustrating.',
    ]);
    expect(analysis.insights.map((insight) => [insight.title, insight.tag])).toEqual([['The export loses their filters, which is frustrating', 'export']]);
  });
});
