/**
 * The analyser's check of its own titles: the defects a researcher would have to rewrite (seen on interviews outside
 * every shared set) are found, and titles a researcher keeps pass. A group whose condensed wordings all fail is
 * titled with one of its sentences in the participant's own words, in quotation marks, never with a broken title.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { insightTitle } from '../../../../src/analysis/local/insight-wording';
import type { Statement } from '../../../../src/analysis/local/statements';
import { titleChecker, type TitleCheck } from '../../../../src/analysis/local/title-check';
import { statementInTurn } from '../helpers/statements';
import { loadWink, type WinkReader } from '../../../../src/analysis/local/wink-model';

let nlp: WinkReader;
let check: TitleCheck;
beforeAll(async () => {
  nlp = await loadWink();
  check = titleChecker(nlp);
});

describe('title check', () => {
  it.each([
    ['They have a client with strange', 'cut-off'],
    ['The other tool they tend to use a good amount is almost', 'cut-off'],
    ['At the same time as you are trying to balance building out larger', 'cut-off'],
    ['They were able to find as much work', 'cut-off'],
    ["They didn't expect how fast", 'cut-off'],
    ['I think in the next few years', 'cut-off'],
    ["They'll they're excited to touse it in their work", 'stutter'],
    ['Looking at actual predictions is does this makes sense', 'stutter'],
    ['They use, the main framework that they use is SHAP values', 'stutter'],
    ["A lot of people are they're gonna do entrepreneurship", 'stutter'],
    ['They see importance plots or plots', 'stutter'],
    ['They would look at like two different scatter plots', 'filler'],
    ['The focus was okay, set the foundation first', 'filler'],
    ['And then the export failed on every large file', 'opener'],
    ['Hence they prioritise tasks that can be checked', 'opener'],
    ["They're not sure", 'names-nothing'],
    ['It was easy to use it', 'names-nothing'],
    ['They go and analyze them', 'names-nothing'],
    ["There's just a lot of things going on", 'names-nothing'],
    ['A lot of the work', 'no-clause'],
    ['From an interpretability standpoint and a compliance standpoint', 'no-clause'],
    ["Does this feature's relationship with the target", 'no-clause'],
    ['What they call the plumbing underneath all applications', 'no-clause'],
    ['Trying to profile a sample', 'no-clause'],
    ['Having a world reserve currency … is very powerful', 'ellipsis'],
    // "[unintelligible 00:33:34.26]" with its brackets and colons gone.
    ['They met with the entrepreneurs 00 3 4.26 and loved their values', 'transcriber-mark'],
    ['They never found a single plot in the whole dashboard that showed them the clusters they were looking for', 'too-long'],
    ['Pricing matters', 'too-short'],
    // The wording check's floor (the wording benchmark's rules): a title ending on a particle or a preposition, and an
    // "it" no noun before it names, are read as a reader of the lint reads them.
    ['They did no EDA on this data set, they jumped straight in', 'cut-off'],
    ['They were trying to understand what a sample looked like', 'cut-off'],
    ['If it breaks, they lose a whole day of work', 'unnamed-reference'],
    ['They want it to be owned by the people as well', 'unnamed-reference'],
    // Stricter than that floor: what a reader would still have to rewrite.
    ['“Medical students, or physicians to write journal articles”', 'no-clause'],
    ['Tons of open source adoption before you can have a great business', 'no-clause'],
    ['What data points are in the brushed section of the plot', 'no-clause'],
    ['3 Using AI for art is garbage', 'opener'],
    ["AI becomes the norm not but because it's cheaper", 'stutter'],
    ['They would frequently use AI to both help them learn', 'cut-off'],
    ['They learned that if they had a few people pay upfront', 'cut-off'],
    ["They didn't want to make him move to the new office", 'unresolved-reference'],
    ["They've been building it for the better part of this year", 'unresolved-reference'],
    ['Keeping the medical team engaged in the project at a level', 'no-clause'],
    ['Trial and error was the best way', 'cut-off'],
    // A phrase pointing at what only the talk before defined, which the title does not pin down.
    ['These spreadsheets save the lab a whole afternoon', 'unresolved-reference'],
    ['They stopped trusting that vendor after the outage', 'unresolved-reference'],
    ['The alternative is twice as expensive per seat', 'unresolved-reference'],
    ['Everything else in the workflow is done by hand', 'unresolved-reference'],
    ['The other editor crashes on large manuscripts', 'unresolved-reference'],
    ['They want the same export again next year', 'unresolved-reference'],
    ['“They never answer our support tickets”', 'unresolved-reference'],
    ['Another option was renting a studio downtown', 'unresolved-reference'],
    ['Pottery is a big one for the weekend market', 'unresolved-reference'],
    ['They love it', 'unresolved-reference'],
    ['Part of it is the commute to the print shop', 'unresolved-reference'],
    ["They're still sorting that out with the landlord", 'unresolved-reference'],
    ['They met plenty of collectors there and sold prints', 'unresolved-reference'],
    ['This was the hardest month for the bakery', 'unresolved-reference'],
    // Not whole: a dependent clause with no main clause, a pair or a count half said, a start given up.
    ['Once the samples arrive at the field station', 'cut-off'],
    ['Because the grant office rejects late receipts', 'cut-off'],
    ['Other than to sell more candles at the fair', 'cut-off'],
    ['They not only paint murals for the library', 'cut-off'],
    ['Two problems with the kiln are its temperature', 'cut-off'],
    ['Their biggest worry was that the pottery wheel', 'cut-off'],
    ['They use the studio to finish the canvases they still', 'cut-off'],
    ['They outsourced the most tedious', 'cut-off'],
    ['Ceramics and they are busy with the kiln every autumn', 'no-clause'],
    ['To be honest, but they would like a larger kiln', 'no-clause'],
    ['Let’s look at the inventory of the bookshop', 'no-clause'],
    ['Repaint the gallery walls before the opening', 'no-clause'],
    ['They wrote about their archive has two thousand letters', 'stutter'],
    ['The ceramics group, is growing every semester', 'stutter'],
    ['What they wanted was they wanted a quieter workshop', 'stutter'],
    ['They sort the seeds, sort the labels by species', 'stutter'],
    ['The I think budget is too small for the festival', 'stutter'],
    ['Their grant to be able to add on to it’s been a relief', 'stutter'],
    ['The orchard grew fast It was hard to keep up', 'two-sentences'],
    ['“I would say mostly the pricing”', 'cut-off'],
    ['Able to help them sell more ceramics online', 'no-clause'],
    ['Using AI for these parts of the thesis feels wrong', 'unresolved-reference'],
    ['Quick answer that saves them a trip to the library', 'no-clause'],
    ['They would not want to damage the vase you made', 'unresolved-reference'],
    ['They liked your idea for the exhibition', 'unresolved-reference'],
    ['They were using was not compatible with the new kiln', 'stutter'],
    ['They sell jam and honey.The second is seasonal', 'two-sentences'],
    ["It's a reference to the old harbour", 'unresolved-reference'],
    ['“Something that is incompatible with a small studio”', 'no-clause'],
    ['They could ask: What are the typical kiln temperatures for porcelain', 'no-clause'],
    ['All of their downtime was because of that API', 'unresolved-reference'],
    ['The volunteers had to read every letter in the archive and identify', 'cut-off'],
    ['“2) Selling prints online is hard”', 'opener'],
    ['They can of plan to close the shop on Mondays', 'stutter'],
    ['They wanted to paint a lighthouse in one', 'unresolved-reference'],
    ['The museum lent theirs for the autumn show', 'unresolved-reference'],
    ["It's to better understand the soil chemistry of the orchard", 'unresolved-reference'],
    ['They call this their slow season for the bakery', 'unresolved-reference'],
    ['They ship the jam to the shop and, given the weather', 'cut-off'],
    ['Once they dried these herbs they would grind them finely', 'unresolved-reference'],
    // Speech carried into a claim: colloquial spellings, hedges, words standing in for what was not said.
    ['They wanna open a second bakery in the spring', 'colloquial'],
    ['The glaze is gonna crack in the cold kiln', 'colloquial'],
    ['They would probably move the workshop to the coast', 'hedged'],
    ['The festival was kind of disappointing for the vendors', 'hedged'],
    ['They sell candles and stuff at the farmers market', 'filler'],
    // Vague: only nouns that stand for any topic.
    ['People take time to learn new things', 'names-nothing'],
    // A thing pointed at ("that summer", "that way"), even where wink reads the "that" as a conjunction; an "it" that
    // cannot be the noun its clause says which of; a noun that is of something never said; a place pointed at.
    ['They used that summer to repaint the gallery', 'unresolved-reference'],
    ['They never felt that way about the bakery', 'unresolved-reference'],
    ['They worry about the damage it does to small galleries', 'unresolved-reference'],
    ['The farmers market is a good example', 'unresolved-reference'],
    ['The potters worry about the overall impact', 'unresolved-reference'],
    ['They would like to sell more candles in here', 'unresolved-reference'],
    // Not whole: a noun and the clause that says which with no verb of the title's own, a "what" that is its own
    // subject, a subject lost before its helper verb, verbs only of phrases, a "what" given up at a comma.
    ['“Jars that the bakery never sold”', 'no-clause'],
    ['“What really is missing, apart from a second kiln”', 'no-clause'],
    ['Are planning to open a second shop in the spring', 'no-clause'],
    ['Working with the volunteers to sort and label the archive', 'no-clause'],
    ['Weeks of effort using nets to mend the boats required', 'no-clause'],
    ['The glaze changes for what, obviously the kiln matters', 'cut-off'],
    // Two articles in a row: a start given up.
    ['They need some a larger kiln for the winter', 'stutter'],
    // An "it" that has something, never named ("It's got … that …"); a verb run straight into
    // a new "it's" clause; a noun, its clause and a participle that works as a preposition, no verb of the title's own.
    ["It's got a kiln that you can rent by the hour", 'unresolved-reference'],
    ["Knowing what the glaze does it's not straightforward", 'stutter'],
    ['Jars of honey that are sold in the market compared to the shop', 'no-clause'],
    ['“Whatever you think are the best glazes for the winter kiln”', 'no-clause'],
    // That something exists, and nothing said of it.
    ['“There are some late payers”', 'no-clause'],
    ["There's the harbour market", 'no-clause'],
    // A word that joins a clause with only adverbs after it: the clause was never said.
    ['Sorting the jars by colour is the most useful cause usually', 'cut-off'],
    // A word lost between a noun said twice: "and" doubles a singular noun only when something fell out between.
    ['The ledger and ledger is kept by the volunteers', 'stutter'],
    ['They price the jars by weight or weight at the market', 'stutter'],
  ])('finds what is wrong with "%s" (%s)', (title, defect) => {
    expect(check(title)).toContain(defect);
  });

  it.each([
    'The team finds ICE plots very hard to read and not useful',
    'With ICE plots, you get an entire line',
    'Building an actual body of work has been challenging',
    'They learned quite a bit about how big companies value small startups',
    '“We export every report to PowerPoint by hand”',
    // A phrase the title pins down, a time, a clause that says which, a dependent clause with its main clause.
    'The tool they use for transcription is too slow',
    'This year the bakery sold more bread than cakes',
    'The problem is that the kiln cannot reach stoneware temperature',
    'Once the samples arrive, the lab freezes them within an hour',
    'The second floor studio gets too little light in winter',
    'They think that daily sketching keeps their linework steady',
    'The cost of storage grew faster than the archive',
    'Two issues with the kiln are its size and its temperature',
    "It's a good idea to label every jar before each delivery",
    'It was hard to find a printer for the zine',
    // A clause after "that", a clause that says which and its own verb, a verb with its object, a noun that names
    // what it is of, a time said from now.
    'They think that pottery classes are too expensive',
    'The glaze that they mix for the winter is too thin',
    'The festivals led them to a new supplier of clay',
    'Their volunteer wanted a larger kiln',
    'Price is the main reason for churn at the bakery',
    'The new kiln has a big impact on the glaze',
    "There's a kiln shortage in the valley",
    'Whatever helps small bakeries helps the whole town',
    'There is a fair bit of admin involved',
    'They struggle to read the histogram difference',
    'These days the bakery sells more bread than cakes',
    'The orchard they planted with their neighbours lost half its trees',
    'Being able to sort the jars by the highlighted colour was useful',
    "It's a pain to price the prints for the festival",
    'It can be hard to price the prints for the festival',
    'Their prices compared to the shop are lower',
    // A word doubled by "and" on purpose: a comparison, an adverb, a length of time, an effort said again.
    'Rent for the studio goes up more and more each year',
    'They watched the glazing tutorial over and over before firing',
    'The bakery uses less and less plastic for its bread',
    'They check every label again and again before a delivery',
    'The glazes got better and better over the winter',
    'They waited years and years for the kiln permit',
    'They tried and tried to fix the old kiln',
  ])('passes a title a researcher keeps: "%s"', (title) => {
    expect(check(title)).toEqual([]);
  });
});

describe('a title in the participant’s own words', () => {
  /** One turn of `text` as the `index`th statement of a group, spanning `sentence` within it. */
  function statementIn(text: string, sentence: string, index: number, kind: Statement['kind'] = 'observation'): Statement {
    return statementInTurn(nlp, text, sentence, index, kind);
  }
  const tag = { key: 'dashboard', display: 'dashboard', words: 2 };

  it('is the clearest sentence of the group’s quotes, verbatim and in quotation marks, when no condensed wording passes the check', () => {
    const text = 'Um, so, like, the, the dashboard, you know. We check the dashboard numbers by hand every Friday, because the export is always stale by then.';
    const broken = statementIn(text, 'Um, so, like, the, the dashboard, you know.', 0);
    const clear = statementIn(text, 'We check the dashboard numbers by hand every Friday, because the export is always stale by then.', 1);
    const cluster = { members: [broken, clear], quoted: [broken, clear], central: broken, kind: 'observation' as const, kindCount: 2, tag, related: [] };
    // Every condensed wording fails here (as one cut too long would): the group's own words title it.
    const title = insightTitle(cluster, { text, check: (t) => (t.startsWith('“') ? check(t) : ['too-long']) }).title;
    expect(title).toBe('“We check the dashboard numbers by hand every Friday”');
    expect(text).toContain(title.slice(1, -1));
    expect(check(title)).toEqual([]);
  });

  it('is quoted too when it comes from a statement of the group that was not', () => {
    const text = 'Um, so, like, the, the dashboard, you know. We check the dashboard numbers by hand every Friday, because the export is always stale by then.';
    const broken = statementIn(text, 'Um, so, like, the, the dashboard, you know.', 0);
    const clear = statementIn(text, 'We check the dashboard numbers by hand every Friday, because the export is always stale by then.', 1);
    const cluster = { members: [broken, clear], quoted: [broken], central: broken, kind: 'observation' as const, kindCount: 2, tag, related: [] };
    expect(insightTitle(cluster, { text, check: (t) => (t.startsWith('“') ? check(t) : ['too-long']) })).toEqual({
      title: '“We check the dashboard numbers by hand every Friday”',
      quote: clear,
    });
  });

  it('is not a remark too short to say a finding without the talk around it', () => {
    const text = 'Um, so, like, the, the dashboard, you know. We grew the team.';
    const broken = statementIn(text, 'Um, so, like, the, the dashboard, you know.', 0);
    const remark = statementIn(text, 'We grew the team.', 1);
    const cluster = { members: [broken, remark], quoted: [broken, remark], central: broken, kind: 'observation' as const, kindCount: 2, tag, related: [] };
    expect(insightTitle(cluster, { text, check: (t) => (t.startsWith('“') ? check(t) : ['too-long']) }).title).not.toBe('“We grew the team”');
  });

  it('starts after the words that lean on the talk before, and raises only the first letter', () => {
    const text = 'And so, yeah, we export every report to PowerPoint by hand, which takes a whole afternoon of the week.';
    const statement = statementIn(text, text, 0);
    const title = insightTitle({ members: [statement], quoted: [statement], central: statement, kind: 'observation', kindCount: 1, tag, related: [] }, { text, check: (t) => (t.startsWith('“') ? check(t) : ['too-long']) }).title;
    expect(title).toBe('“We export every report to PowerPoint by hand”');
  });

  it('is a claim of the group when one passes the check', () => {
    const text = 'I find the dashboard filters really hard to use on a small screen.';
    const statement = statementIn(text, text, 0);
    expect(insightTitle({ members: [statement], quoted: [statement], central: statement, kind: 'observation', kindCount: 1, tag, related: [] }, { text, check }).title).toBe(
      'They find the dashboard filters hard to use on a small screen',
    );
  });

  it('is never a bare tag or a label that names nothing particular: such a group is not drafted', () => {
    const text = 'The dashboard, um, the, you know.';
    const statement = statementIn(text, text, 0);
    expect(insightTitle({ members: [statement], quoted: [statement], central: statement, kind: 'observation', kindCount: 1, tag, related: [] }, { text, check }).title).toBe('');
  });

  it('is labelled by what the group is and a particular thing it names when no sentence of it reads whole', () => {
    const text = 'Automated clusters on the ICE plots, um, the, you know.';
    const statement = statementIn(text, text, 0, 'need');
    expect(insightTitle({ members: [statement], quoted: [statement], central: statement, kind: 'need', kindCount: 1, tag, related: [] }, { text, check }).title).toBe(
      'Wish: clusters on the ICE plots',
    );
    // A phrase is labelled by what its own statement is: a problem said in a group of wishes is a problem.
    const problem = statementIn(text, text, 0, 'pain');
    expect(insightTitle({ members: [problem], quoted: [problem], central: problem, kind: 'need', kindCount: 1, tag, related: [] }, { text, check }).title).toBe(
      'Problem: clusters on the ICE plots',
    );
    // "Goal: the outcome of the work" says no finding.
    const vague = 'The outcome of the work, um, the, you know.';
    const other = statementIn(vague, vague, 0);
    expect(insightTitle({ members: [other], quoted: [other], central: other, kind: 'goal', kindCount: 1, tag, related: [] }, { text: vague, check }).title).toBe('');
  });

  it('is a longer whole sentence of the quotes, in quotation marks, before a label that says less', () => {
    const text = 'Automated clusters on the ICE plots, um, the, you know. We check the dashboard numbers by hand every single Friday morning before the weekly meeting starts.';
    const broken = statementIn(text, 'Automated clusters on the ICE plots, um, the, you know.', 0, 'need');
    const long = statementIn(text, 'We check the dashboard numbers by hand every single Friday morning before the weekly meeting starts.', 1);
    const cluster = { members: [broken, long], quoted: [broken, long], central: broken, kind: 'need' as const, kindCount: 2, tag, related: [] };
    const title = insightTitle(cluster, { text, check: (t) => (t.startsWith('“') ? check(t) : ['too-long']) }).title;
    expect(title).toBe('“We check the dashboard numbers by hand every single Friday morning before the weekly meeting starts”');
    // A long sentence about nothing in particular is not worth its length: the label then.
    const vague = 'Automated clusters on the ICE plots, um, the, you know. We spend most of the week on all the smaller things around the dashboard numbers.';
    const first = statementIn(vague, 'Automated clusters on the ICE plots, um, the, you know.', 0, 'need');
    const things = statementIn(vague, 'We spend most of the week on all the smaller things around the dashboard numbers.', 1);
    const other = { members: [first, things], quoted: [first, things], central: first, kind: 'need' as const, kindCount: 2, tag, related: [] };
    expect(insightTitle(other, { text: vague, check: (t) => (/^(“|Wish: )/.test(t) ? check(t) : ['too-long']) }).title).toBe('Wish: clusters on the ICE plots');
  });

  it('is a claim without the words that add it to the talk before ("also", "then", a closing "too"), never one cut before its verb’s object', () => {
    const title = (said: string) => {
      const statement = statementIn(said, said, 0);
      return insightTitle({ members: [statement], quoted: [statement], central: statement, kind: 'observation', kindCount: 1, tag, related: [] }, { text: said, check }).title;
    };
    expect(title('We also check the dashboard numbers by hand every Friday.')).toBe('They check the dashboard numbers by hand every Friday');
    expect(title('I then wrote up the results of the kiln trials.')).toBe('They wrote up the results of the kiln trials');
    expect(title('We sell the glazed porcelain cups at the harbour market too.')).toBe('They sell the glazed porcelain cups at the harbour market');
    expect(title('Back then we fired every porcelain cup in the old wood kiln.')).toMatch(/^Back then/);
    // Twelve words reach "built"; its object is said after: the claim runs on to it, or is not used.
    expect(title('Once I had the necessary background knowledge of glazes I then built a simple model of the kiln temperatures.')).not.toMatch(/built$/);
    // What a verb asked someone to do, said after an aside, is part of the claim; a purpose after a comma is not.
    expect(title('I convinced one of my old colleagues from the bakery, who is a designer, to really join the pottery studio.')).not.toMatch(/convinced(?!.*join)/);
    expect(title('I often use the old kiln as a drying rack, to save time on busy market days.')).toBe('They often use the old kiln as a drying rack');
  });

  it('is not a claim stopped where the phrase goes on, nor one that tells a wondering, a past wish or others’ view as the participant’s', () => {
    const title = (said: string) => {
      const statement = statementIn(said, said, 0);
      return insightTitle({ members: [statement], quoted: [statement], central: statement, kind: 'observation', kindCount: 1, tag, related: [] }, { text: said, check }).title;
    };
    expect(title('I wonder whether the archive should move to the cloud.')).not.toBe('The archive should move to the cloud');
    expect(title('My editor thinks the second chapter is far too long.')).not.toBe('The second chapter is far too long');
    expect(title('Back then we decided we would rather print every catalogue ourselves.')).not.toMatch(/^They would rather print/);
  });

  /** The title of a group of `sentences` of `text`, all quoted, the first its central statement. */
  function groupTitle(text: string, sentences: readonly string[], kind: Statement['kind']): string {
    const statements = sentences.map((sentence, k) => statementIn(text, sentence, k));
    const cluster = { members: statements, quoted: statements, central: statements[0], kind, kindCount: statements.length, tag, related: [] };
    return insightTitle(cluster, { text, check }).title;
  }

  it('is the whole claim that says most of what the group’s quotes share, not the central statement’s when it names none of it', () => {
    const text = 'We moved into a new office that spring. The dashboard export kept failing on large files. Every Friday the dashboard export failed again.';
    expect(groupTitle(text, ['We moved into a new office that spring.', 'The dashboard export kept failing on large files.', 'Every Friday the dashboard export failed again.'], 'pain')).toBe(
      'The dashboard export kept failing on large files',
    );
  });

  it('prefers, between claims sharing about as much with the group, the one that says more', () => {
    const text = 'We wrote up our results. We started with a literature review of organic solar cells. Solar cells, poor results.';
    expect(groupTitle(text, ['We wrote up our results.', 'We started with a literature review of organic solar cells.', 'Solar cells, poor results.'], 'observation')).toBe(
      'They started with a literature review of organic solar cells',
    );
  });
});
