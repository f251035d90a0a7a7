/**
 * What a participant's statement is doing: describing a problem, a need, a workaround, a goal, something that
 * works, a feeling, how they work today, or none of these ("observation"). Read from wink's lemmas, negation
 * flags and sentence sentiment plus fixed lexical cues; each kind's score is the sum of its cues' weights.
 */
import { NEGATORS } from './modifier-words';

export type StatementKind = 'pain' | 'need' | 'workaround' | 'goal' | 'positive' | 'emotion' | 'practice' | 'observation';

/** Tie-break order, most actionable first. */
export const KIND_ORDER: readonly StatementKind[] = ['pain', 'need', 'workaround', 'goal', 'positive', 'emotion', 'practice', 'observation'];

/** Theme labels: insights are grouped by the kind of statements behind them. */
export const KIND_THEMES: Record<StatementKind, string> = {
  pain: 'Pain points',
  need: 'Needs and wishes',
  workaround: 'Workarounds',
  goal: 'Goals and motivations',
  positive: 'What works well',
  emotion: 'Feelings',
  practice: 'How they work today',
  observation: 'Recurring topics',
};

/** Score a kind needs: one clear cue, or a weaker cue with sentiment behind it. */
const MIN_STRENGTH = 1;

type Cues = Readonly<Record<string, number>>;

const PAIN: Cues = words(1, [
  'problem', 'issue', 'difficult', 'difficulty', 'hard', 'frustrate', 'frustrating', 'frustrated', 'frustration',
  'annoy', 'annoying', 'annoyed', 'confuse', 'confusing', 'confused', 'confusion', 'struggle', 'pain', 'painful',
  'slow', 'tedious', 'waste', 'poor', 'bad', 'terrible', 'awful', 'horrible', 'broken', 'bug', 'buggy', 'fail',
  'failure', 'error', 'lack', 'limitation', 'complicated', 'cumbersome', 'overwhelming', 'hate', 'tricky',
  'challenge', 'challenging', 'messy', 'clunky', 'unreliable', 'inaccurate', 'expensive', 'hassle', 'stuck',
  'impossible', 'worse', 'worst', 'unclear', 'headache', 'nightmare', 'disappointing', 'useless', 'misleading',
  'wrong', 'crash', 'complain', 'concern', 'downside', 'drawback', 'barrier', 'obstacle', 'bottleneck', 'missing',
  'miss', 'lose', 'lost', 'ethical', 'misquote', 'limited', 'noisy', 'cluttered', 'overload', 'scary', 'bother',
  'trouble', 'tough', 'painstaking', 'laborious', 'ugly', 'unusable', 'unstable', 'laggy', 'lag', 'freeze', 'block',
]);
/** Words that describe a problem when negated ("not reliable", "doesn't work", "didn't like"). */
const NEGATED_POSITIVE: Cues = words(1, [
  'like', 'love', 'work', 'help', 'useful', 'helpful', 'reliable', 'easy', 'good', 'great', 'clear', 'accurate',
  'consistent', 'intuitive', 'understand', 'trust', 'enough', 'obvious', 'possible', 'able', 'support', 'fit',
  'figure', 'tell', 'handle', 'load', 'scale', 'afford', 'access',
]);
/** Spoken filler as often as a verb: counted only when tagged as a verb. */
const VERB_ONLY = new Set(['like', 'love', 'work', 'help', 'understand', 'support', 'fit']);
const NEED: Cues = words(1, ['need', 'want', 'wish', 'hope', 'ideally', 'prefer', 'require', 'requirement', 'necessary', 'essential']);
const WORKAROUND: Cues = {
  ...words(1, ['instead', 'workaround', 'manually', 'manual', 'hack', 'spreadsheet', 'excel', 'script', 'supplement', 'fallback', 'trick', 'paste']),
  ...words(0.5, ['myself', 'ourselves', 'copy', 'export', 'combine', 'switch']),
};
const GOAL: Cues = words(1, ['goal', 'aim', 'purpose', 'objective', 'priority', 'intend', 'mission', 'vision', 'ambition', 'motivation']);
const POSITIVE: Cues = words(1, [
  'useful', 'helpful', 'easy', 'intuitive', 'like', 'love', 'nice', 'great', 'awesome', 'amazing', 'cool', 'clear',
  'fantastic', 'excellent', 'powerful', 'convenient', 'handy', 'valuable', 'effective', 'efficient', 'fast',
  'quick', 'reliable', 'accurate', 'simple', 'smooth', 'impressive', 'perfect', 'benefit', 'advantage', 'improve',
]);
const EMOTION: Cues = words(1, [
  'feel', 'feeling', 'excite', 'excited', 'exciting', 'happy', 'glad', 'enjoy', 'fun', 'proud', 'worry', 'worried',
  'afraid', 'scared', 'nervous', 'anxious', 'fear', 'surprise', 'surprised', 'surprising', 'disappointed',
  'overwhelmed', 'relieved', 'relief', 'comfortable', 'uncomfortable', 'distrust', 'emotional', 'passionate',
  'thrilled', 'grateful', 'stress', 'stressful', 'stressed', 'upset', 'angry', 'sad', 'curious', 'confident',
  'hesitant', 'skeptical', 'sceptical', 'trust',
]);
const PRACTICE: Cues = words(1, [
  'usually', 'typically', 'normally', 'always', 'often', 'generally', 'tend', 'routine', 'workflow', 'habit',
  'regularly', 'currently', 'daily', 'weekly', 'sometimes', 'process',
]);

/** Nouns that say what kind a statement is ("a problem", "the goal"), never what it is about: not tags. */
export const KIND_NOUNS: ReadonlySet<string> = new Set([
  'problem', 'issue', 'difficulty', 'frustration', 'pain', 'challenge', 'limitation', 'drawback', 'downside', 'barrier',
  'obstacle', 'concern', 'hassle', 'headache', 'nightmare', 'failure', 'trouble', 'benefit', 'advantage', 'goal', 'aim',
  'purpose', 'objective', 'priority', 'motivation', 'need', 'requirement', 'wish', 'hope', 'workaround', 'hack',
  'trick', 'fallback', 'feeling', 'emotion', 'fear', 'worry', 'relief', 'stress', 'excitement', 'surprise', 'habit',
  'routine', 'confusion', 'struggle', 'lack',
]);

function words(weight: number, list: readonly string[]): Record<string, number> {
  return Object.fromEntries(list.map((word) => [word, weight]));
}

const PATTERNS: readonly { kind: StatementKind; pattern: RegExp; weight: number }[] = [
  { kind: 'need', pattern: /\bwould (really |definitely )?(like|love|prefer|want)\b/, weight: 1.5 },
  { kind: 'need', pattern: /\bwould (be|have been) (really |very |so |super |much |a lot )?(nice|great|helpful|useful|good|cool|awesome|amazing|better|ideal|handy|easy|easier|simple|simpler|clearer|faster|quicker|convenient)\b/, weight: 1.5 },
  { kind: 'need', pattern: /\b(it'd|that'd|i'd|we'd) (be|love|like|want)\b/, weight: 1.5 },
  { kind: 'need', pattern: /\bif (only|i could|we could|it could|you could|there was|there were|it had|it would)\b/, weight: 1 },
  { kind: 'need', pattern: /\b(should|could) (be|have|let|allow|show|support|include|give)\b/, weight: 0.5 },
  { kind: 'need', pattern: /\b(game changer|magic wand|looking for)\b/, weight: 1 },
  // What they could not do ("I couldn't find a way to use it", "…, but I couldn't."); not a question they had no answer
  // to ("I can't think of anything", "I can't remember"), nor eagerness ("I can't wait").
  { kind: 'pain', pattern: /\b(?:can['’]t|cannot|couldn['’]t|can not|could not)\b(?! (?:really )?(?:think|remember|recall|imagine|say|wait|agree|help|complain|believe|stress|emphasi[sz]e)\b)/, weight: 1 },
  { kind: 'workaround', pattern: /\b(work(ed|ing)? around|by hand|end(ed)? up|rather than|instead of|on (my|our) own|go in myself)\b/, weight: 1.2 },
  { kind: 'goal', pattern: /\b(trying to|try to|tried to|in order to|so that|so (we|i) can|the idea (is|was)|the point (is|was))\b/, weight: 1 },
  { kind: 'goal', pattern: /\bwant(ed)? to (understand|know|see|find|figure|build|make|learn|identify|study|create|get|determine|compare)\b/, weight: 1 },
  { kind: 'goal', pattern: /\bmy (main |primary |first )?(goal|aim|focus)\b/, weight: 1 },
  // What a tool or practice is used for: "we typically use them to identify trends", "used it for debugging".
  { kind: 'goal', pattern: /\b(use|uses|used|using) (?:[\w'-]+ ){1,3}?(to|for) \w+/, weight: 1 },
  { kind: 'practice', pattern: /\b(we|i) (usually |typically |normally |always |often |generally |just |also )?(use|do|look|check|run|start|go|work|plot|compute|build|write|read)\b/, weight: 0.8 },
  { kind: 'practice', pattern: /\b(every (day|week|morning|time)|right now|at the moment|these days|day to day)\b/, weight: 0.8 },
];

/**
 * A problem word under a negation that wink does not carry to it: "don't think there's (really) any issues", "never
 * had a problem", "no problems", "not an issue".
 */
const DENIABLE = new Set(['issue', 'problem', 'difficulty', 'trouble', 'complaint', 'concern']);
const DENIED_PROBLEM = new RegExp(
  "(?:(?:n't|\\bnot|\\bnever)\\s+(?:(?:think|believe|feel|see|seen|have|had|has|get|got|run|ran|into|find|found|notice|noticed|experience|experienced|there's|there|is|are|was|were|been|really|actually)\\s+){0,4}(?:any|a|an|much|many)|\\bno|\\bnot an?|\\bwithout any)" +
    '\\s+(?:real |major |big |particular |serious )?(?:issues?|problems?|difficult(?:y|ies)|troubles?|complaints?|concerns?)\\b',
  'g',
);

/** The tokens of one statement as the classifier reads them. */
export interface KindInput {
  lemmas: readonly string[];
  normals: readonly string[];
  pos: readonly string[];
  negated: readonly boolean[];
  /** Lower-case text of the statement, for multi-word cues. */
  lowerText: string;
  /** Most extreme sentence sentiment in the statement. */
  sentiment: number;
}

export interface KindReading {
  kind: StatementKind;
  /** Score of the winning kind (0 for observations). */
  strength: number;
}

const RELATIVE = new Set(['that', 'which']);
/** Words that open a new clause: a negation before them does not reach past them. */
const CLAUSE_BREAKS = new Set(['that', 'which', 'because', 'but', 'and', 'so', 'when', 'if', 'while', 'although', 'though', 'whereas']);
/** Words a negation reaches after it (wink carries it to the end of the sentence). */
const NEGATION_REACH = 5;
const SUBJECTS = new Set(['i', 'we', 'you', 'they', 'he', 'she', 'people']);

/** "…that we want…", "…which they need…": the wish belongs to a relative clause describing something. */
function describesAThing(normals: readonly string[], i: number): boolean {
  return i >= 2 && SUBJECTS.has(normals[i - 1]) && RELATIVE.has(normals[i - 2]);
}

/** Verbs that say what the speaker thinks, wants or says rather than what they do ("we think", "I want", "I mean"). */
const NOT_DOING = new Set([
  'think', 'feel', 'guess', 'know', 'mean', 'believe', 'like', 'love', 'hate', 'want', 'need', 'hope', 'wish', 'say',
  'suppose', 'imagine', 'remember', 'understand', 'agree', 'prefer', 'expect', 'assume', 'wonder', 'bet', 'reckon', 'forget',
  'find', 'see', 'get', 'have', 'be', 'go', 'let', 'try', 'would', 'could', 'should', 'can', 'will', 'might', 'may',
]);
/** Words that may stand between "we" and what they do ("we just use", "we don't really look"; "I kind of plot" too). */
const BETWEEN_SUBJECT_AND_VERB = new Set(['just', 'also', 'usually', 'typically', 'normally', 'always', 'often', 'generally', 'mostly', 'primarily', 'mainly', 'really', 'actually', 'basically', 'still', 'then', 'sometimes', 'do', 'does', "don't", 'not', "n't", 'never', 'first', 'all']);

/**
 * How they work: "we" or "I" and a verb in the plain present ("we sort by that", "we fit a decision tree", "we don't do
 * much feature selection"), or what the team is at ("we're working on…"), as distinct from what happened in the
 * session ("I found", "we used") or an opinion ("I think"). One such clause is a cue for practice.
 */
function saysWhatTheyDo(input: KindInput): boolean {
  for (let i = 0; i < input.normals.length; i++) {
    // "we're working on the outcomes analysis": what the team is doing these days.
    if (input.normals[i] === 'we' && /^('re|are)$/.test(input.normals[i + 1] ?? '') && input.pos[i + 2] === 'VERB' && input.normals[i + 2].endsWith('ing')) {
      if (!NOT_DOING.has(input.lemmas[i + 2].toLowerCase())) return true;
    }
    if (input.normals[i] !== 'we' && input.normals[i] !== 'i') continue;
    let k = i + 1;
    let lastDo = -1;
    for (; k < input.normals.length; k++) {
      if (/^(kind|sort)$/.test(input.normals[k]) && input.normals[k + 1] === 'of') k++;
      else if (!BETWEEN_SUBJECT_AND_VERB.has(input.normals[k])) break;
      else if (/^do(es)?$/.test(input.normals[k])) lastDo = k;
    }
    const verb = input.normals[k];
    // wink may read a verb after "we" as a noun ("we sort by that"); a verb said in its past form is not its lemma.
    const plainPresent = verb !== undefined && /^(VERB|NOUN)$/.test(input.pos[k]) && verb === input.lemmas[k].toLowerCase();
    if (plainPresent && !NOT_DOING.has(verb)) return true;
    // "we don't really do too much feature selection": "do" is the verb.
    if (!plainPresent && lastDo >= 0 && input.pos[k] !== 'VERB') return true;
  }
  return false;
}

/** "it's really like someone has to …", "I'm like, …": after "be", "like" likens or quotes; it is never the verb. */
function likensAfterBe(input: KindInput, i: number): boolean {
  if (input.lemmas[i] !== 'like') return false;
  let k = i - 1;
  while (k >= 0 && input.pos[k] === 'ADV') k--;
  return k >= 0 && input.lemmas[k] === 'be';
}

export function classifyStatement(input: KindInput): KindReading {
  const score: Record<StatementKind, number> = {
    pain: 0, need: 0, workaround: 0, goal: 0, positive: 0, emotion: 0, practice: 0, observation: 0,
  };
  let problemWords = 0;
  let negator = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < input.lemmas.length; i++) {
    const lemma = input.lemmas[i];
    const normal = input.normals[i];
    if (NEGATORS.has(lemma) || NEGATORS.has(normal)) negator = i;
    else if (CLAUSE_BREAKS.has(normal)) negator = Number.NEGATIVE_INFINITY;
    // wink marks every word after a negation to the end of the sentence; a negation reaches only a few words of its
    // own clause ("doesn't really work", not "…tools to help that" eleven words on).
    const negated = input.negated[i] && i - negator <= NEGATION_REACH;
    if (VERB_ONLY.has(lemma) && (input.pos[i] !== 'VERB' || likensAfterBe(input, i))) continue;
    if (negated && (NEGATED_POSITIVE[lemma] ?? NEGATED_POSITIVE[normal])) {
      score.pain += 1;
      continue;
    }
    score.pain += negated ? 0 : (PAIN[lemma] ?? PAIN[normal] ?? 0);
    if (!negated && DENIABLE.has(lemma)) problemWords++;
    // "I needed to process the data" tells what happened, not what is wanted; "a feature that we want to investigate"
    // names a thing by what is done with it.
    if (!negated && !normal.endsWith('ed') && !describesAThing(input.normals, i)) score.need += NEED[lemma] ?? 0;
    score.workaround += WORKAROUND[lemma] ?? WORKAROUND[normal] ?? 0;
    score.goal += GOAL[lemma] ?? 0;
    if (!negated) score.positive += POSITIVE[lemma] ?? POSITIVE[normal] ?? 0;
    score.emotion += EMOTION[lemma] ?? EMOTION[normal] ?? 0;
    score.practice += PRACTICE[lemma] ?? PRACTICE[normal] ?? 0;
  }
  for (const { kind, pattern, weight } of PATTERNS) if (pattern.test(input.lowerText)) score[kind] += weight;
  if (saysWhatTheyDo(input)) score.practice = Math.max(score.practice, MIN_STRENGTH);
  // A problem denied ("I don't think there's really any issues", "no problem at all") is none.
  const denied = Math.min(problemWords, [...input.lowerText.matchAll(DENIED_PROBLEM)].length);
  score.pain = Math.max(0, score.pain - denied);
  // Sentiment alone is weak evidence ("contamination" reads as negative): it tips a cue over, never makes a kind.
  if (input.sentiment <= -0.3) score.pain += input.sentiment <= -0.6 ? 0.75 : 0.5;
  if (input.sentiment >= 0.5) score.positive += 0.5;
  if (score.pain > 0 && score.positive > 0 && input.sentiment < 0) score.positive = 0;
  if (score.positive > 0 && score.pain > 0 && input.sentiment > 0.3) score.pain = Math.max(0, score.pain - 1);

  let best: StatementKind = 'observation';
  let strength = MIN_STRENGTH - 1e-9;
  for (const kind of KIND_ORDER) {
    if (kind === 'observation') continue;
    if (score[kind] > strength) {
      best = kind;
      strength = score[kind];
    }
  }
  return best === 'observation' ? { kind: best, strength: 0 } : { kind: best, strength };
}
