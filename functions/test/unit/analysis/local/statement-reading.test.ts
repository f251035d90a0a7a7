/**
 * How the built-in analyser reads single statements and their place in the conversation: a follow-up question keeps
 * an answer on its subject, a subordinate clause standing alone is a weak quote, and a title drawn from a relative
 * clause ("…, in which I've tried…") reads as a clause of its own. What something is used for is a purpose, and a thing
 * named by what is done with it ("a feature that we want to investigate") is no wish; a product's
 * screen is not the session's. A reaction to the interviewer's answer to the participant's own question weighs less
 * than an answer to the interviewer's question.
 * A quote leaves out the openers and empty tails around what the participant says ("So, um, yeah, …", "…, you know, so
 * yeah.").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { condensedClaim, condenseStatement } from '../../../../src/analysis/local/condense-statement';
import { insightTitle } from '../../../../src/analysis/local/insight-wording';
import { labelTitle } from '../../../../src/analysis/local/title-label';
import { titleChecker } from '../../../../src/analysis/local/title-check';
import { classifyStatement } from '../../../../src/analysis/local/statement-kinds';
import { placeStatements } from '../../../../src/analysis/local/conversation-places';
import { weighForInsight } from '../../../../src/analysis/local/statement-weights';
import { statementsOfTurn, type Statement } from '../../../../src/analysis/local/statements';
import { readTurn } from '../../../../src/analysis/local/turn-tokens';
import { loadWink, type WinkReader } from '../../../../src/analysis/local/wink-model';
import { transcript, type TurnSpec } from '../helpers/transcripts';

let nlp: WinkReader;
beforeAll(async () => {
  nlp = await loadWink();
});

const ROLES = { Dan: 'interviewer', Ana: 'participant' } as const;

/** The participant's (Ana's) statements of a small transcript. */
function participantStatements(input: ReturnType<typeof transcript>): Statement[] {
  const statements: Statement[] = [];
  input.turns.forEach((turn, index) => {
    if (turn.speaker !== 'Ana') return;
    const tokens = readTurn(nlp, input.text, turn, index);
    if (!tokens) throw new Error('unreadable turn');
    for (const statement of statementsOfTurn(tokens, input.text, { excluded: new Set() })) statements.push({ ...statement, index: statements.length });
  });
  return statements;
}

/** The participant's statements of a small transcript, with their places in the conversation. */
function placed(turns: readonly TurnSpec[]) {
  const input = transcript(turns, ROLES);
  const statements = participantStatements(input);
  return placeStatements(statements, input, new Set(['Ana'])).map(({ statement, position }) => ({ text: input.text.slice(statement.start, statement.end), position }));
}

describe('place in the conversation', () => {
  /** Steps from an answer to the next one with `question` asked in between. */
  function gap(question: string): number {
    const [first, second] = placed([
      ['Dan', 'How do you explore a new model?'],
      ['Ana', 'In our first data explorations we tend to use ICE plots for the numeric features.'],
      ['Dan', question],
      ['Ana', 'We plot the average prediction against each feature and compare the lines by eye.'],
    ]);
    return second.position - first.position;
  }

  it('keeps an answer on its subject across a follow-up question that takes up its words', () => {
    expect(gap('And do you use both PDP and ICE plots?')).toBe(1);
  });

  it('moves to a new subject after a new question, one that takes up nothing of the answer', () => {
    expect(gap('What does your team do when a release is late?')).toBe(3);
  });

  it('treats a long question as a new subject even when it takes up a word of the answer', () => {
    expect(gap('Thinking back to the last project you shipped, how did the people who read your plots react when the results surprised them?')).toBe(3);
  });
});

describe('statements', () => {
  /** A participant's one-turn transcript and its tokens. */
  function read(sentence: string) {
    const input = transcript([['Ana', sentence]], ROLES);
    const tokens = readTurn(nlp, input.text, input.turns[0], 0);
    if (!tokens) throw new Error('unreadable turn');
    return { input, tokens };
  }

  function salienceOf(sentence: string): number {
    const { input, tokens } = read(sentence);
    return statementsOfTurn(tokens, input.text, { excluded: new Set() })[0].salience;
  }

  it('weighs a subordinate clause standing alone below the same words as a whole clause', () => {
    const whole = salienceOf('So we are trying to explain discrepancies between multiple graphs.');
    const alone = salienceOf('So when we are trying to explain discrepancies between multiple graphs.');
    expect(alone).toBeLessThan(whole - 0.5);
  });

  function phrases(sentence: string): string[] {
    const { input, tokens } = read(sentence);
    return statementsOfTurn(tokens, input.text, { excluded: new Set() })[0].keyphrases.map((phrase) => phrase.key);
  }

  it('takes an activity that is its clause\'s subject as a phrase of the statement, not a verb in progress', () => {
    expect(phrases('When I looked at only the highest price cars, so yeah highlighting was very useful.')).toContain('highlighting');
    expect(phrases('We were highlighting the rows of the highest price cars by hand.')).not.toContain('highlighting');
    expect(phrases('What we were doing was comparing the highest price cars.')).not.toContain('doing');
  });

  it('takes a compound written with hyphens whole into the phrase it modifies', () => {
    expect(phrases("I've never really used the two-way plots in my own work.")).toEqual(['two-way plot', 'plot']);
    expect(phrases('Users pick a 3-D avatar for their real-time dashboard.')).toEqual(expect.arrayContaining(['3-d avatar', 'real-time dashboard']));
    expect(phrases('Users pick a 3-D avatar for their real-time dashboard.')).not.toContain('time dashboard');
    // A compound with no word after it is no modifier, and none of its parts is a phrase.
    expect(phrases('Our team always reads the plots two-way.')).toEqual(['team', 'plot']);
    expect(phrases('There is a lot of self-directed learning in this course.')).toEqual(['self-directed learning', 'learning', 'course']);
  });

  it('takes no verb for a phrase when a hedge before it made it read as a noun', () => {
    expect(phrases('Maybe I would kind of distrust those rankings after a while.')).toEqual(['ranking']);
    expect(phrases('We sort of review the lecture slides before the exam.')).not.toContain('review');
    expect(phrases('It is a kind of plot the whole team likes.')).toContain('plot');
  });

  it('takes no phrase from the verb a "let\'s" leads to, whatever it was read as', () => {
    expect(phrases("Let's, let's, you know, further dig into a table or a data source.")).toEqual(['table', 'data source', 'data', 'source']);
    expect(phrases('Let us see the big picture of the churn data.')).toEqual(expect.arrayContaining(['picture', 'churn data']));
  });

  it('titles a relative clause as a clause of its own', () => {
    const text = 'I do have other interests like songwriting, in which I have attempted to use AI for the generation of lyrics.';
    const { tokens } = read(text);
    const title = condenseStatement(tokens, 0, tokens.values.length - 1);
    expect(title).not.toMatch(/^in which/i);
    expect(title).toMatch(/^They have attempted to use AI for the generation of lyrics$|^They have other interests like songwriting$/);
  });

  function titleOf(sentence: string): string {
    const { tokens } = read(sentence);
    return condenseStatement(tokens, 0, tokens.values.length - 1);
  }

  it('titles a reason given for something said before as the claim it is, without the frame that leans on it', () => {
    expect(titleOf("I think it's just because we went through so much, so much information.")).toBe('They went through so much information');
    expect(titleOf("That's why we use PDPs for compliance.")).toBe('They use PDPs for compliance');
    // A reason that is only a phrase keeps its frame.
    expect(titleOf("It's because of the outliers in the data.")).toBe("It's because of the outliers in the data");
  });

  it('titles an account introduced by "it\'s like" as the account, but keeps a likeness to a thing', () => {
    expect(titleOf("It's really like someone has to sit there and compare all the charts by hand.")).toBe(
      'Someone has to sit there and compare all the charts by hand',
    );
    // Not a clause that merely follows "that is" ("that is something I want to look at is, …").
    expect(titleOf('That is something I want to look at, given this feature, all the other interactions with it.')).not.toMatch(/^Something/);
    expect(titleOf('It was like we had no way to share the board with the client.')).toBe('They had no way to share the board with the client');
    expect(titleOf("It's like they never read the weekly report.")).toBe('They never read the weekly report');
    // Before how something is, "like" is a filler.
    expect(titleOf("The export? It's like really slow for big projects.")).toBe("It's slow for big projects");
    expect(titleOf('It was like super confusing at first.')).toBe('It was super confusing at first');
    // A likeness keeps its "like": without it the title would say the thing is a spreadsheet.
    expect(titleOf("It's like a spreadsheet that never saves your filters.")).toBe("It's like a spreadsheet that never saves your filters");
    expect(titleOf("It's what they want from the weekly report.")).toMatch(/^It's what they want/);
  });

  it('keeps the claim of a long statement whole, leaving out intensifiers and the opinion frame rather than its predicate', () => {
    expect(titleOf('I thought being able to filter the export by customer segment was also really quite useful.')).toBe(
      'Being able to filter the export by customer segment was useful',
    );
  });

  it('leaves out a manner adverb before cutting, but not one that changes the claim', () => {
    expect(titleOf('I gradually learned the interview process is something that I allow to happen.')).toBe(
      'They learned the interview process is something that they allow to happen',
    );
    expect(titleOf('We only ever export the survey results to the shared drive at the end of every quarter.')).toMatch(/^They only/);
  });

  it('cuts a statement still too long before a phrase, not inside one', () => {
    expect(titleOf('So the main problem for me is trying to reconcile all of the invoices that arrive from our three suppliers every month.')).toBe(
      'The main problem is trying to reconcile the invoices',
    );
    // A comparison is one phrase: cut before its first "as", not between the two.
    expect(titleOf("We're trying to open up the aperture as wide as we can with the new plan.")).toBe("They're trying to open up the aperture");
  });

  it('keeps a preposition that ends the sentence after its verb, and drops the pause after one', () => {
    expect(titleOf('That is the dashboard everyone on the team relies on.')).toBe('That is the dashboard everyone on the team relies on');
    expect(titleOf('I never expected how fast it could be until, well, the live demo.')).toBe('They never expected how fast it could be until the live demo');
  });

  it('titles what is believed, not the belief, and keeps "OK" when it says what something is', () => {
    expect(titleOf('I firmly believe, and the quality numbers bear out, that our search gives the best answers on the web.')).toBe(
      'Their search gives the best answers on the web',
    );
    expect(titleOf("I think the onboarding videos are OK but I don't like the quizzes.")).toBe("The onboarding videos are OK but they don't like the quizzes");
    expect(titleOf("The other thing I'm proud of is that the whole team ships every week.")).toMatch(/^The other thing they're proud of/);
  });

  it('leaves out a clause the title cannot finish, and does not cut before "that" when it only points at a thing', () => {
    expect(titleOf('So I think we started with the export because in our real work reports, like that is just where we always start.')).toBe(
      'They started with the export',
    );
    expect(titleOf("With two numeric columns I'd say the correlation should be enough to give you that answer straight away.")).toBe(
      'With two numeric columns the correlation should be enough',
    );
    // "to try and understand" is one action: cut before it, not inside it.
    expect(titleOf("Then that's when we might pull out the two way plots to try and understand what the model learned about price.")).toBe(
      "That's when they might pull out the two way plots",
    );
  });

  it('shows no comma where only a filler was set off ("gave us, you know, a boost")', () => {
    expect(titleOf('It gave us, you know, a real boost for rapid deployment.')).toBe('It gave them a real boost for rapid deployment');
  });

  it('keeps what a number counts: a currency sign before or after it, a percent sign after it', () => {
    expect(titleOf("I'm happy to pay €200 for the course.")).toBe("They're happy to pay €200 for the course");
    expect(titleOf('It cut our costs by 30% last year.')).toBe('It cut their costs by 30% last year');
    expect(titleOf('The price went up 20 % and we pay £40 per seat.')).toBe('The price went up 20% and they pay £40 per seat');
    expect(titleOf('We pay 200€ per month for the tool.')).toBe('They pay 200€ per month for the tool');
  });

  it('does not cut off the clause that says which thing a denial is about: no title rather than a false one', () => {
    expect(titleOf('We have nobody on the team who can maintain the pipeline every single week.')).toBe(
      'They have nobody on the team who can maintain the pipeline',
    );
    // "They never found a single plot in the whole dashboard" would deny what was not denied.
    expect(titleOf('We never found a single plot in the whole dashboard that showed the interactions clearly.')).toBe('');
  });

  it('titles a claim with what takes it back in its sentence, or not at all', () => {
    expect(titleOf("We expected the export to work, but it never did.")).toBe('They expected the export to work, but it never did');
    expect(titleOf("The plots looked fine, but they weren't.")).toBe("The plots looked fine, but they weren't");
    expect(titleOf('I found it useful, but nobody else did.')).toBe('They found it useful, but nobody else did');
    // Too long to hold what takes it back: "It's supposed to be the fastest way to find patterns" would say the opposite.
    expect(titleOf("It's supposed to be the fastest way to find patterns across all the interviews, but nobody uses it.")).toBe('');
    // A contrast that says something of its own takes nothing back.
    expect(titleOf("The filters were useful in every task, but I didn't explore the clusters much.")).toBe('The filters were useful in every task');
  });

  it('keeps the condition a claim holds under, or gives no title when it is too long to say', () => {
    expect(titleOf('I would use it every day, if it could export to PowerPoint.')).toBe('They would use it every day, if it could export to PowerPoint');
    // "They would use the tool every day" would turn a wish into a habit; "… if it could export" cuts the condition.
    expect(titleOf('I would use the tool every day if it could export to PowerPoint directly.')).toBe('');
    expect(titleOf('I would recommend it to my team unless they need the transcription part.')).toBe('');
    // An empty condition may go, and an "if" that asks whether is no condition.
    expect(titleOf('I would like to eject the widget into its own window, if that is possible.')).toBe('They would like to eject the widget into its own window');
    expect(titleOf('We always check if the model picked up the seasonal trend in the data.')).toBe('They always check if the model picked up the seasonal trend');
  });

  it('leaves out the frame of a clause said after "is" when the clause then fits whole, and only then', () => {
    expect(titleOf("The other thing I'm really proud of is this is not a strategy that came from me.")).toBe('This is not a strategy that came from them');
    expect(titleOf("What I'm most excited about is we continue to build out things as a potential to positively reinforce another aspect of the platform.")).toBe(
      "What they're most excited about is they continue to build out things",
    );
  });

  it('keeps a pronoun a verb or a closing preposition takes, but not the "for me" of a view', () => {
    expect(titleOf('Nobody ever told us.')).toBe('Nobody ever told them');
    expect(titleOf('The strategy came from me.')).toBe('The strategy came from them');
    expect(titleOf('It works well for me.')).toBe('It works well');
  });

  it('keeps "like" where it means "such as" or says what something resembles, and drops it where it fills', () => {
    expect(titleOf('It allowed us to build something like Cash App for individuals.')).toBe('It allowed them to build something like Cash App for individuals');
    expect(titleOf('We have like PDPs and marginal plots to compare.')).toBe('They have PDPs and marginal plots to compare');
    expect(titleOf("'Cause I was trying to understand what a customer looked like when we spotted something odd in the numbers.")).toBe(
      'They were trying to understand what a customer looked like',
    );
  });

  it('never leaves words out of a title behind an ellipsis: a subject too long for one gives way to a clause that fits', () => {
    expect(
      titleOf('So having a shared research library that is owned by the whole team and tagged in the way that we tag interviews I think is very, very powerful, and it saves us weeks.'),
    ).toBe('It saves them weeks');
    // A subject that fits needs no ellipsis.
    expect(titleOf('The research library that we share is very powerful.')).toBe('The research library that they share is very powerful');
  });

  it('leaves out a start broken off on an article or "to"', () => {
    expect(titleOf('I thought that the being able to, the tagging feature itself was particularly useful.')).toBe('The tagging feature itself was particularly useful');
    expect(titleOf('We use it to, we run it every week to check the churn numbers.')).toBe('They run it every week to check the churn numbers');
  });

  it('reads a hesitation as a break in speech written without punctuation, and only there', () => {
    expect(titleOf("it's not um it's a browser extension thing that runs on every page")).toBe("It's a browser extension thing that runs on every page");
    expect(titleOf('we tried the export um it kept failing on large files')).toBe('It kept failing on large files');
    // Within a phrase, the break is not shown; written punctuation is left to say where clauses end.
    expect(titleOf('we use the um export every week')).toBe('They use the export every week');
    expect(titleOf("It's not, um, it's a browser extension thing that runs on every page.")).toBe("It's a browser extension thing that runs on every page");
  });

  it('reads a clause broken off and resumed after an aside as one clause', () => {
    expect(titleOf('I thought the export was, for how many rows it had to write, I thought it was quite fast.')).toBe('They thought the export was quite fast');
    // Resumed by saying its last words again; the aside is no title.
    expect(titleOf("With the survey, you get a score for what, obviously it's a rough guess, but for what the, what the customer feels.")).toBe(
      'You get a score for what the customer feels',
    );
  });

  it('titles the main clause, not a phrase whose only verb is in a clause of its own', () => {
    expect(titleOf("So, I would say maybe not that I was lost, but maybe I think the filters led me down, maybe a bit of a rabbit hole where there's just a few odd rows.")).toBe(
      'The filters led them down a bit of a rabbit hole',
    );
    expect(titleOf('With the survey tool, you get a score for what, obviously it is a rough guess, but for what the, what the respondents think of each screen.')).not.toMatch(
      /^For what/,
    );
  });

  it('does not cut between a verb and what it needs, nor inside a phrase: it leaves out the clause instead', () => {
    expect(titleOf('I think this tool is good for me as I have wanted to learn about survey analysis for a long while now.')).toBe('This tool is good');
    // "a lot | of time" is one phrase.
    expect(titleOf('But that is very annoying because this survey has so many questions that it would have taken a lot of time to.')).not.toMatch(/a lot$/);
  });

  it('cuts before a participle that says more of the noun before it', () => {
    expect(titleOf('We put the interview notes into one big spreadsheet sorted by the date of the call and the client name.')).toBe(
      'They put the interview notes into one big spreadsheet',
    );
  });

  it('keeps the whole word where a speaker broke one off and said it again', () => {
    expect(titleOf('I was just use-- using the old export to-- to count my invoices.')).toBe('They were using the old export to count their invoices');
    expect(titleOf('We ex-- exported everything into one sheet.')).toBe('They exported everything into one sheet');
  });

  it('says a contracted word said twice once, without the pause between', () => {
    expect(titleOf("Let's, let's, you know, start with the billing dashboard and the export.")).toBe("Let's start with the billing dashboard and the export");
  });

  it('leaves out a preposition broken off before a clause, not one a verb takes', () => {
    expect(titleOf('We do the same thing on, like, so, when we upgrade the billing models.')).toBe('They do the same thing when they upgrade the billing models');
    expect(titleOf('It really depends on, well, when we upgrade the billing models.')).toBe('It depends on when they upgrade the billing models');
  });

  it('does not end on a verb that a pause cut from its object', () => {
    expect(titleOf("When we went live, uh, we sort of didn't fully understand, um, the architecture of the storage plans and how the billing scales.")).toBe(
      "They didn't understand the architecture of the storage plans",
    );
  });

  it('words a condition left open as the wish it is, not the praise before it', () => {
    expect(titleOf("To be honest, I think the board is quite well rounded, however, the only thing I would say, if you could pin the themes to the top.")).toBe(
      'They would like to pin the themes to the top',
    );
    expect(titleOf('The export is fine, if we could just keep the filters of every saved view.')).toBe('They would like to keep the filters of every saved view');
    // A condition with its consequence, a hedge of what follows, or a turn of the conversation is no wish.
    expect(titleOf("If you could export the rows, you'd see the trend in the churn data right away.")).not.toMatch(/would like/);
    expect(titleOf("If I could just think off the top of my head, I'd say the export is the slowest part.")).not.toMatch(/would like/);
    expect(titleOf('Okay, the filters are done, so if we could go to the export screen and its settings.')).not.toMatch(/would like/);
  });

  it('words a wish named by what it is as the wish it says', () => {
    expect(titleOf('So additional capabilities I would like to see is maybe some export feature for the boards.')).toBe(
      'They would like to see some export feature for the boards',
    );
    expect(titleOf("I think what I'd love is, you know, some way to compare two projects side by side.")).toBe('They would love some way to compare two projects side by side');
    expect(titleOf('The only improvement I would want is better labels on the axes.')).toBe('They would want better labels on the axes');
    expect(titleOf("What I'd like to do is export the quotes with their timestamps.")).toBe('They would like to export the quotes with their timestamps');
    expect(titleOf("What I'd want is export the quotes with timestamps.")).toBe('They would want to export the quotes with timestamps');
    expect(titleOf('The one thing I would love is being able to share a view.')).toBe('They would love being able to share a view');
    // Not a wish said after what names it: what the wished-for thing is like, one word, a wish stopped short, or "what" asking.
    expect(titleOf('The thing I would want is not there yet.')).not.toMatch(/^They would/);
    expect(titleOf('The feature I would want is missing from the board.')).not.toMatch(/^They would/);
    expect(titleOf('The things I would like are fine.')).not.toMatch(/^They would/);
    expect(titleOf("What I'd like is, uh, well.")).not.toMatch(/^They would/);
    expect(titleOf('I asked them what we would want to see, and the board is what came back.')).not.toMatch(/^They would/);
  });

  it('leaves out a contrast whose verb the title cannot hold', () => {
    expect(titleOf('I think the export screen, I do not fully understand it, but the saved filters, how they kind of stack together.')).toBe(
      'They do not fully understand the export screen',
    );
  });

  it('leaves out a condition or a purpose whose rest the title cannot hold', () => {
    expect(titleOf('But usually I just look at the summary dashboard to understand, I guess, uh, in, you know, how each region and the totals compare.')).toBe(
      'Usually they look at the summary dashboard',
    );
    expect(titleOf('At some point I was thinking that if I exported all of the responses and then deleted some of them, it would work.')).not.toMatch(/if they exported/);
  });

  it('gives its subject to a statement whose verb follows a phrase set off by a comma, unless it is said to the listener', () => {
    expect(titleOf('From the billing report, get a list of late invoices, focus on the largest ones.')).toBe('From the billing report, they get a list of late invoices');
    expect(titleOf('With the mobile app, you know, ask Priya, as she can probably answer it best.')).not.toMatch(/they ask/);
    expect(titleOf("Let's start with the billing dashboard and the export.")).toBe("Let's start with the billing dashboard and the export");
  });

  it('ends a sentence where the transcript wrote no full stop: a clause with its verb, then a pronoun and "be"', () => {
    expect(titleOf('So when we close the month we export every invoice to a spreadsheet it was honestly a nightmare.')).toBe(
      'It was a nightmare',
    );
    // A clause that describes the noun is not a new sentence.
    expect(titleOf('We rebuilt the dashboard they were using in the spring.')).toBe('They rebuilt the dashboard they were using in the spring');
  });

  it('leaves out "say" offering an example, not "say" the verb', () => {
    expect(titleOf('The new export was quick versus like say the old billing screen.')).toBe('The new export was quick versus the old billing screen');
    expect(titleOf('I would compare it with, say, the old billing screen.')).toBe('They would compare it with the old billing screen');
    expect(titleOf('I say the old billing screen is broken.')).toBe('They say the old billing screen is broken');
  });

  it('leaves the subject out of a phrase set off before its clause when the clause says it again', () => {
    expect(titleOf('I think you going into the billing code, you always kind of know something breaks.')).toBe(
      'Going into the billing code, you always know something breaks',
    );
    expect(titleOf('I remember you going into the billing code, they said nothing was broken.')).not.toMatch(/^Going/);
  });

  it('ends a title on an adjective and its verb ("hard to read"), which need nothing more', () => {
    expect(titleOf('The team finds the exports very hard to read and so we rebuild them by hand every week.')).toBe('The team finds the exports very hard to read');
    // Adjectives joined to that predicate belong to it.
    expect(titleOf('The team finds the exports very hard to read and not useful and so we rebuild them by hand.')).toBe(
      'The team finds the exports very hard to read and not useful',
    );
  });

  it('names the group a speaker speaks for as the subject, its verb agreeing', () => {
    expect(titleOf('Honestly, we as a team try to avoid the weekly export.')).toBe('The team tries to avoid the weekly export');
    expect(titleOf("We as a company don't trust the churn numbers.")).toBe("The company doesn't trust the churn numbers");
    // Past tense and modals need no change.
    expect(titleOf('We as a team would like a shared tag list.')).toBe('The team would like a shared tag list');
  });

  it('names a topic set off at the start where the title only has its pronoun', () => {
    expect(titleOf('Heat maps in general, I just always find very, I think we as a team find them very just hard to read and so we use tables.')).toBe(
      'The team finds heat maps very hard to read',
    );
    expect(titleOf('The billing page, I never understood it and I still avoid it.')).toBe('They never understood the billing page and they still avoid it');
    // A pronoun of the other number is not the topic.
    expect(titleOf('The billing page, I never liked them, those sales calls.')).not.toMatch(/liked (the )?billing page/);
  });

  it('names a set-off topic that a phrase says which of, and one set off after a clause, where the title only has its pronoun', () => {
    expect(titleOf('The invoices with a late fee, I never check them.')).toBe('They never check the invoices with a late fee');
    expect(titleOf('It would be easy because I could just say, okay, anything with a price above 4000, I never want it in the report.')).toBe(
      'They never want anything with a price above 4000 in the report',
    );
    // After a noun the comma goes on with a list or an apposition, not a topic: "the team" is no "it".
    expect(titleOf('We asked the support team, the people in Berlin, they said it was fine.')).not.toMatch(/said the people/);
  });

  const texts = new Map<Statement, string>();
  /** How a group's titles are worded and checked, with `central`'s sentence as the transcript. */
  const wording = (central: Statement) => ({ text: texts.get(central) ?? '', check: titleChecker(nlp) });

  /** One sentence as the `index`th statement of a group. */
  function statementOf(sentence: string, index: number): Statement {
    const { tokens } = read(sentence);
    const statement: Statement = {
      index, turnIndex: index, speaker: 'Ana', start: 0, end: sentence.length, words: sentence.split(' ').length, kind: 'observation',
      strength: 0, sentiment: 0, keyphrases: [], salience: 1, source: { tokens, from: 0, to: tokens.values.length - 1 },
    };
    texts.set(statement, sentence);
    return statement;
  }

  it('titles a group from the first quote that states a claim when its central statement states none', () => {
    const phrase = statementOf('You know, for years, in the case of the billing page and the reports both.', 0);
    const claim = statementOf('I think the billing page and the reports are both over two years old.', 1);
    const tag = { key: 'billing page', display: 'billing page', words: 2 };
    const cluster = { members: [phrase, claim], quoted: [phrase, claim], central: phrase, kind: 'observation' as const, kindCount: 2, tag, related: [] };
    expect(insightTitle(cluster, wording(phrase)).title).toBe('The billing page and the reports are both over two years old');
    // Alone, a phrase that states nothing is no title, and "the billing page" names nothing particular for a label:
    // the group is not drafted.
    expect(insightTitle({ ...cluster, members: [phrase], quoted: [phrase] }, wording(phrase)).title).toBe('');
  });

  it('titles a group from a quote that reads on its own when its central statement refers back to what was said before', () => {
    const tag = { key: 'invoice', display: 'invoice', words: 1 };
    const titled = (central: string, other: string) => {
      const [first, second] = [statementOf(central, 0), statementOf(other, 1)];
      return insightTitle({ members: [first, second], quoted: [first, second], central: first, kind: 'observation', kindCount: 2, tag, related: [] }, wording(first)).title;
    };
    const other = 'We check every invoice against the bank statement by hand.';
    expect(titled('We do the same thing when we close the quarter.', other)).toBe('They check every invoice against the bank statement by hand');
    expect(titled("That's where the invoices come from.", other)).toBe('They check every invoice against the bank statement by hand');
    expect(titled("It's when we close the quarter.", other)).toBe('They check every invoice against the bank statement by hand');
    // A reason given for what was said before is a claim of its own once its frame is left out.
    expect(titled("It's because the invoices arrive so late.", other)).toBe('The invoices arrive so late');
    // A central statement that stands is the title, and a comparison made on the spot stands.
    expect(titled('The invoices arrive three weeks late.', other)).toBe('The invoices arrive three weeks late');
    expect(titled('The invoices look the same as the receipts.', other)).toBe('The invoices look the same as the receipts');
  });

  it('does not title a group with a phrase cut off before what its last word stands for ("a way | to …")', () => {
    const tag = { key: 'export', display: 'export', words: 1 };
    const [cut, whole] = [
      statementOf('I was trying to think of a way on how to use the export for billing, trying to, but I could not.', 0),
      statementOf("I couldn't find a way to use the export for billing.", 1),
    ];
    const cluster = { members: [cut, whole], quoted: [cut, whole], central: cut, kind: 'observation' as const, kindCount: 2, tag, related: [] };
    // The central statement read whole (up to 16 words), or another quote's claim: never the phrase cut at "a way".
    expect(insightTitle(cluster, wording(cut)).title).toMatch(/^(?:They were trying to think of a way on how to use|They couldn't find a way to use) the export for billing$/);
    // Alone, the cut phrase ("They were trying to think of a way") is no title: the statement runs on to where its phrase
    // ends, up to 16 words.
    expect(insightTitle({ ...cluster, members: [cut], quoted: [cut] }, wording(cut)).title).toBe('They were trying to think of a way on how to use the export for billing');
    // A sentence that ends on the word says all it means, but names nothing: the other quote's claim titles the group.
    const always = statementOf('We always find a way.', 0);
    expect(insightTitle({ ...cluster, central: always, quoted: [always, whole] }, wording(always)).title).toBe("They couldn't find a way to use the export for billing");
  });

  it('marks a claim cut before the phrase that completes it, and titles its group with a claim said whole', () => {
    const claimOf = (sentence: string) => {
      const { tokens } = read(sentence);
      return condensedClaim(tokens, 0, tokens.values.length - 1);
    };
    // Cut before "on the six month mortality rate …", which says what the research was of: it stops short.
    expect(claimOf('I did research on the effectiveness of an intervention program on the six month mortality rate of elderly patients in nursing homes.')).toMatchObject({
      title: 'They did research on the effectiveness of an intervention program',
      stopsShort: true,
    });
    // Stopped at a pause, before a new clause with its own subject: nothing of this claim is left behind.
    expect(claimOf('We visited nursing homes across the whole northern region of the country, and the staff were always very welcoming to us there.').stopsShort).toBeUndefined();
    const tag = { key: 'intervention', display: 'intervention', words: 1 };
    const [cut, whole] = [
      statementOf('I did research on the effectiveness of an intervention program on the six month mortality rate of elderly patients in nursing homes.', 0),
      statementOf('Intervention programs lowered mortality in nursing homes.', 1),
    ];
    const cluster = { members: [cut, whole], quoted: [cut, whole], central: cut, kind: 'observation' as const, kindCount: 2, tag, related: [] };
    expect(insightTitle(cluster, wording(cut)).title).toBe('Intervention programs lowered mortality in nursing homes');
  });

  it('titles a group with a claim that names its thing before one that says only "certain …"', () => {
    const tag = { key: 'elements', display: 'elements', words: 1 };
    const [vague, named] = [statementOf('I get stuck on certain elements of the drawing.', 0), statementOf('I get stuck on the hands of the characters.', 1)];
    const cluster = { members: [vague, named], quoted: [vague, named], central: vague, kind: 'pain' as const, kindCount: 2, tag, related: [] };
    expect(insightTitle(cluster, wording(vague)).title).toBe('They get stuck on the hands of the characters');
  });

  it('heads a label with a wish when its statement says one, whatever kind it was read as', () => {
    const hoped = { ...statementOf('I hope it will give me useful drawing tips.', 0), kind: 'positive' as const };
    const liked = { ...statementOf('It gives me useful drawing tips.', 1), kind: 'positive' as const };
    expect(labelTitle('positive', [hoped], 'tips', titleChecker(nlp))).toMatch(/^Wish: /);
    expect(labelTitle('positive', [liked], 'tips', titleChecker(nlp))).toMatch(/^What works: /);
  });

  it('says whether a title states a claim: a subject and its verb, not a phrase', () => {
    const claimOf = (sentence: string) => {
      const { tokens } = read(sentence);
      return condensedClaim(tokens, 0, tokens.values.length - 1);
    };
    expect(claimOf('You know, for years, in the case of the billing page and the reports both.')).toEqual({ title: 'In the case of the billing page and the reports both', claim: false });
    expect(claimOf('Being developed in-house in a very focused manner, for years.').claim).toBe(false);
    expect(claimOf('I found highlighting to be very useful.').claim).toBe(true);
    expect(claimOf('Highlighting the rows was very useful.').claim).toBe(true);
    expect(claimOf('Primarily look at the one-way plots.')).toEqual({ title: 'They primarily look at the one-way plots', claim: true });
    // A word read as a verb that names what its subject is ("web spammers would …") gets no "they".
    expect(claimOf('Then web spammers would get hold of it, and that would be a very big problem.').title).toMatch(/^Web spammers would get hold/);
    // Said to the listener: no claim about the speaker.
    expect(claimOf('With the mobile app, you know, ask Priya, as she can probably answer it best.').claim).toBe(false);
  });

  function kindOf(sentence: string) {
    const { tokens } = read(sentence);
    return classifyStatement({
      lemmas: tokens.lemmas,
      normals: tokens.normals,
      pos: tokens.pos,
      negated: tokens.negated,
      lowerText: sentence.toLowerCase(),
      sentiment: 0,
    }).kind;
  }

  it('reads what something is used for as a purpose', () => {
    expect(kindOf('I used the dashboard for exploring the data before modelling.')).toBe('goal');
  });

  it('reads a problem denied as no problem, and a negation only within its own few words', () => {
    expect(kindOf("I don't think there's really any issues generating the reports now that we have some internal tools to help with that.")).not.toBe('pain');
    expect(kindOf('We never had a problem with the exports.')).not.toBe('pain');
    expect(kindOf("It doesn't really work for us.")).toBe('pain');
    expect(kindOf('It doesn’t really work for us.')).toBe('pain'); // a typographic apostrophe, as transcripts often have
    expect(kindOf('The export is a big problem for our team.')).toBe('pain');
  });

  it('reads what they could not do as a problem, but not a question they had no answer to', () => {
    expect(kindOf('I was trying to think of a way to use the histogram difference, but I couldn’t.')).toBe('pain');
    expect(kindOf("I couldn't find a way to use it in this analysis.")).toBe('pain');
    expect(kindOf("You can't really interpret those plots on their own.")).toBe('pain');
    expect(kindOf("I can't think of anything else I would change.")).not.toBe('pain');
    expect(kindOf("I can't remember which notebook we ran.")).not.toBe('pain');
  });

  it('reads what they do in the plain present, or what the team is at, as how they work today; not what happened in the session or an opinion', () => {
    for (const practice of [
      'We sort by that or by feature importance or something like that.',
      "We don't really do too much feature selection or removing of correlated variables.",
      'So we fit a decision tree where the target is the difference between the two scores.',
      "We're working on the outcomes analysis for a model at the moment.",
      'I kind of plot the residuals against each feature.',
    ]) {
      expect(kindOf(practice), practice).toBe('practice');
    }
    for (const other of [
      'I sorted the plots by the highlighted line similarity in the session.',
      'I think the ranking of the plots by importance makes a lot of sense.',
      'We would fit a decision tree on the residuals if the tool let us.',
    ]) {
      expect(kindOf(other), other).not.toBe('practice');
    }
  });

  it('reads a wish as a need, and a thing named by what is done with it ("a feature that we want to investigate") as no wish', () => {
    expect(kindOf('We want a button that selects all the features at once.')).toBe('need');
    expect(kindOf('We already have a feature in mind that we want to investigate and we bring up its plot.')).not.toBe('need');
    // What would be easy with something they do not have is a wish, not praise of what they have.
    expect(kindOf('If I had a filter for this, it would be easy, I could just leave the big orders out.')).toBe('need');
    expect(kindOf('The filter was easy, I could just leave the big orders out.')).toBe('positive');
  });

  it('reads "like" after "be" as likening, never as liking', () => {
    expect(kindOf("It's really like someone has to sit there and compare all these charts.")).not.toBe('positive');
    expect(kindOf('We really liked the saved filters.')).toBe('positive');
  });

  it('weighs a remark about the product’s screen like any other, and one about sharing the screen in the call as an aside', () => {
    const input = transcript(
      [
        ['Dan', 'What would you change?'],
        ['Ana', 'I would put the whole widget on a second screen to play with the plots in full size. I would share my screen to play with the plots in full size.'],
      ],
      ROLES,
    );
    const tokens = readTurn(nlp, input.text, input.turns[1], 1);
    if (!tokens) throw new Error('unreadable turn');
    const statements = statementsOfTurn(tokens, input.text, { excluded: new Set() }).map((statement, index) => ({ ...statement, index }));
    const weighed = weighForInsight(statements, input, new Set(['Ana']));
    const weightOf = (fragment: string) => weighed.find((s) => input.text.slice(s.start, s.end).includes(fragment))?.salience ?? Number.NaN;
    expect(weightOf('second screen')).toBeGreaterThan(weightOf('share my screen') + 0.5);
  });
});

describe('reading the question back', () => {
  /** Whether the participant's statement that starts with `start` is kept for insights after the given question. */
  function keptAfter(question: string, answer: string, start: string): boolean {
    const input = transcript([['Dan', question], ['Ana', answer]], ROLES);
    return weighForInsight(participantStatements(input), input, new Set(['Ana'])).some((s) => input.text.slice(s.start, s.end).startsWith(start));
  }

  it('keeps an answer to a yes-or-no question that states what was asked as its own claim', () => {
    expect(keptAfter('Okay. So next, were the filtering capabilities useful to your analysis?', 'Yeah. The filtering capabilities were useful, especially for the two-way plots.', 'The filtering capabilities')).toBe(true);
    expect(keptAfter('And do you use both PDP and ICE plots in your work?', 'Yeah, we use PDP and ICE plots in our work every week.', 'we use PDP')).toBe(true);
  });

  it('leaves out the question read back, and the interviewer’s own claim repeated after a request or a tag', () => {
    expect(keptAfter('What additional capabilities would you want the tool to have?', 'Additional capabilities that we would want the tool to have.', 'Additional capabilities')).toBe(false);
    expect(keptAfter('Can you explain that, because a scatter plot could also show every single instance?', 'A scatter plot could also show every single instance.', 'A scatter plot')).toBe(false);
    expect(keptAfter('So a scatter plot could also show every single instance, right?', 'A scatter plot could also show every single instance.', 'A scatter plot')).toBe(false);
  });
});

describe('who is asking', () => {
  const ANSWER = 'Our training sample is sixty million rows, so the browser crashes long before the plots are drawn.';

  /** The salience of the participant's last statement (the same words) after the given exchange. */
  function weightAfter(turns: readonly TurnSpec[]): number {
    const input = transcript([...turns, ['Ana', ANSWER]], ROLES);
    const weighed = weighForInsight(participantStatements(input), input, new Set(['Ana']));
    return weighed.find((s) => input.text.slice(s.start, s.end).startsWith('Our training sample'))?.salience ?? Number.NaN;
  }

  const EXPLANATION = 'So the upper limit is not super high, we top out around low thousands because the lines get cluttered and the brushing slows down.';
  /** The same words answering the interviewer's question. */
  const answered = () =>
    weightAfter([
      ['Dan', 'What are the biggest limitations of the tool for your work?'],
      ['Ana', 'Mostly speed, I would say, when the plots are recomputed.'],
    ]);

  it('weighs a reaction to the interviewer’s answer to the participant’s own question below an answer', () => {
    const reaction = weightAfter([
      ['Dan', 'What are the biggest limitations of the tool for your work?'],
      ['Ana', 'Mostly speed, I would say. What is the upper limit on the number of rows?'],
      ['Dan', EXPLANATION],
    ]);
    expect(reaction).toBeLessThan(answered() - 0.5);
  });

  it('still counts an answer when the participant’s question was a tag or a check that they were understood', () => {
    for (const ending of ['Mostly speed when the plots are recomputed, right?', 'Mostly speed when the plots are recomputed. Does that make sense?']) {
      const weight = weightAfter([
        ['Dan', 'What are the biggest limitations of the tool for your work?'],
        ['Ana', ending],
        ['Dan', EXPLANATION],
      ]);
      expect(weight, ending).toBeCloseTo(answered(), 1);
    }
  });

  it('counts an answer again once the interviewer asks', () => {
    const weight = weightAfter([
      ['Dan', 'What are the biggest limitations of the tool for your work?'],
      ['Ana', 'Mostly speed, I would say. What is the upper limit on the number of rows?'],
      ['Dan', EXPLANATION],
      ['Ana', 'Okay, that is fair for a first version.'],
      ['Dan', 'And how large are the data sets you usually work with?'],
    ]);
    expect(weight).toBeCloseTo(answered(), 1);
  });
});

describe('quoted spans', () => {
  /** The quoted text of each of the participant's statements in one answer. */
  function quotes(answer: string): string[] {
    const input = transcript([['Dan', 'What do you use them for?'], ['Ana', answer]], ROLES);
    return participantStatements(input).map((statement) => input.text.slice(statement.start, statement.end));
  }

  it('starts where the statement does, without the openers that lean on the talk before it', () => {
    expect(quotes('So, um, yeah, and then we plot the average prediction against each feature value.')).toEqual(['we plot the average prediction against each feature value.']);
    expect(quotes('Like I said, the cluster descriptions were really helpful for our team.')).toEqual(['the cluster descriptions were really helpful for our team.']);
    expect(quotes('But honestly the export button was hard to find in the toolbar.')).toEqual(['the export button was hard to find in the toolbar.']);
    expect(quotes('And, in fact, that has happened with two other open-source projects we created.')).toEqual(['that has happened with two other open-source projects we created.']);
    expect(quotes('All those mistakes will not be repeated by our team.\n\nSo we took that experience and built the register on our public API.')).toEqual([
      'All those mistakes will not be repeated by our team.',
      'we took that experience and built the register on our public API.',
    ]);
  });

  it('ends where the statement does, without a tail that adds nothing', () => {
    expect(quotes('We usually copy old notebooks to recreate the plots by hand, you know, so yeah.')).toEqual(['We usually copy old notebooks to recreate the plots by hand']);
    expect(quotes('We compare the charts against the business rules, or something like that.')).toEqual(['We compare the charts against the business rules']);
    expect(quotes('I found the highlighted lines quite useful for comparing models. I\'m sorry.')).toEqual(['I found the highlighted lines quite useful for comparing models.']);
  });

  it('keeps a tail that says something, and words that are the statement itself', () => {
    expect(quotes('We compare the charts against the business rules, and the team signs them off.')).toEqual(['We compare the charts against the business rules, and the team signs them off.']);
    expect(quotes('Well-designed plots helped us explain the model to the risk committee.')).toEqual(['Well-designed plots helped us explain the model to the risk committee.']);
  });

  it('leaves out an empty start and a transcription mark, never a clause the rest depends on', () => {
    expect(quotes("Specifically, I can't think of any, but I'd say, we never thought of brushing a section of the plot.")).toEqual(["we never thought of brushing a section of the plot."]);
    expect(quotes('I just, I would say more limitations, because these models are very complex.')).toEqual(['I would say more limitations, because these models are very complex.']);
    expect(quotes('(unintelligible) To be honest, I think the widget should open in its own window.')).toEqual(['I think the widget should open in its own window.']);
    expect(quotes('If so, we would rather export the plots straight into our slide decks.')).toEqual(['If so, we would rather export the plots straight into our slide decks.']);
    expect(quotes('There can be, um, a lot of correlated variables and interaction terms in our models.')).toEqual(['There can be, um, a lot of correlated variables and interaction terms in our models.']);
  });

  it('never quotes a sentence the speaker broke off inside a phrase', () => {
    expect(quotes('The model has fit the outliers in the training data, some crazy, you know, yeah.')).toEqual([]);
    expect(quotes('I went through all the options in the filtering panel and.')).toEqual([]);
    expect(quotes('We export the ranking plots to our team wiki every week. And then the.')).toEqual(['We export the ranking plots to our team wiki every week.']);
  });

  it('ends a quote before a conjunction the speaker trailed off on, and keeps a sentence that ends whole', () => {
    expect(quotes('Most of my time goes into the smaller projects, like the ranking plots, and...')).toEqual(['Most of my time goes into the smaller projects, like the ranking plots']);
    expect(quotes("For now, let's just pick a preset for the whole team.")).toEqual(["For now, let's just pick a preset for the whole team."]);
    expect(quotes('For the first data set, we just picked a preset.')).toEqual(['For the first data set, we just picked a preset.']);
    expect(quotes('We have taken all of that engineering complexity on.')).toEqual(['We have taken all of that engineering complexity on.']);
  });

  it('keeps the opener when leaving it out would leave too little to stand alone', () => {
    expect(quotes('And so the red colours confused people.')).toEqual(['And so the red colours confused people.']);
  });
});
