// Close matches that keep the meaning: takes participants' sentences from the shared transcripts and proposes each
// back as an analyser might — tidied (hesitations and repeats dropped), with two words of no meaning left out, with
// one word of no meaning changed — and with its meaning turned around (a negation added or taken away, a number
// changed, a name swapped, a word turned into its opposite, pieces spliced across a negation or across turns, a
// content word changed or left out). The opposites and splices are the realistic Gemini stand-in's own
// (test/support/gemini-misquotes.mjs); anchoring never reads its table. Each splice is also set in quotation marks in
// a title: the marks must come off.
// Prints, per kind of proposal, how many anchored exact / normalised / fuzzy, how many were refused for changing the
// meaning (and why), and how many were not found. The first three should anchor; every other should be refused
// (refused or not found: never stored).
//
//   npm run bench -- anchoring-meaning          (ANCHORING_LIB=path/to/anchoring/index.js compares another build)
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { createRequire } from 'node:module';
import { antonymOf, splice } from '../test/support/gemini-misquotes.mjs';
import { listFixtures, requireCompiled } from './lib/support.mjs';

const [{ parseTranscript }, compiled] = requireCompiled('parsers/index.js', 'anchoring/index.js');
const { anchorAnalysis } = process.env.ANCHORING_LIB ? createRequire(import.meta.url)(process.env.ANCHORING_LIB) : compiled;

const PER_FILE = 40;
const HESITATION = /^(um+|uh+|uhm|er+|erm|hm+|mm+|mhm|ah)$/i;
const NEGATION = /^(not|no|never|nothing|without|cannot|\w+n['’]t)$/i;
const AUXILIARY = /^(is|was|are|were|would|will|can|could|should|do|does|did|have|has|had)$/i;
const NUMBER = /\d/;
const plain = (word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
const isName = (word, k) => k > 0 && /^\p{Lu}/u.test(plain(word)) && plain(word) !== 'I' && !/^I['’]/.test(plain(word));
const weighty = (word, k) => NEGATION.test(plain(word)) || NUMBER.test(word) || isName(word, k) || HESITATION.test(plain(word));
/** Words of no meaning a careful quoter may drop or swap (the bench's own short list: articles, fillers, amplifiers). */
const LIGHT = /^(the|a|an|and|so|just|really|very|actually|basically|of|to|that)$/i;
const LIGHT_SWAP = { the: 'a', a: 'the', an: 'the', and: 'and then', so: 'well', just: 'really', really: 'very', very: 'really', actually: 'basically', basically: 'actually', of: 'of', to: 'to', that: 'the' };

/** The proposals made from one sentence (words split on spaces), by kind; a kind that cannot be made is left out. */
function variants(words, elsewhere) {
  const out = {};
  const tidied = words.filter((word, k) => !HESITATION.test(plain(word)) && !(k > 0 && plain(word).toLowerCase() === plain(words[k - 1]).toLowerCase()));
  if (tidied.length < words.length) out.tidied = tidied.join(' ');
  const inner = words.map((word, k) => k).filter((k) => k > 1 && k < words.length - 2 && !weighty(words[k], k));
  if (words.length >= 11 && inner.length >= 2) {
    const drop = new Set([inner[Math.floor(inner.length / 3)], inner[Math.floor((2 * inner.length) / 3)]]);
    if (drop.size === 2) out['any two words out'] = words.filter((_, k) => !drop.has(k)).join(' ');
  }
  if (inner.length >= 1) {
    const k = inner[Math.floor(inner.length / 2)];
    out['any word changed'] = words.map((word, i) => (i === k ? 'quite' : word)).join(' ');
  }
  const light = words.map((word, k) => k).filter((k) => k > 0 && k < words.length - 1 && LIGHT.test(plain(words[k])));
  if (light.length >= 2) out['two light words out'] = words.filter((_, k) => k !== light[0] && k !== light[light.length - 1]).join(' ');
  const swap = light.find((k) => LIGHT_SWAP[plain(words[k]).toLowerCase()] !== plain(words[k]).toLowerCase());
  if (swap !== undefined) out['a light word swapped'] = words.map((word, k) => (k === swap ? word.replace(plain(word), LIGHT_SWAP[plain(word).toLowerCase()]) : word)).join(' ');
  const content = inner.filter((k) => !LIGHT.test(plain(words[k])) && plain(words[k]).length > 3);
  if (content.length >= 1) out['content word out'] = words.filter((_, k) => k !== content[Math.floor(content.length / 2)]).join(' ');
  const opposite = antonymOf(words.join(' '));
  if (opposite) out['opposite word'] = opposite;
  const negated = words.findIndex((word) => NEGATION.test(plain(word)));
  const auxiliary = words.findIndex((word) => AUXILIARY.test(plain(word)));
  if (negated >= 0) out['negation flipped'] = words.filter((_, k) => k !== negated).join(' ');
  else if (auxiliary >= 0) out['negation flipped'] = [...words.slice(0, auxiliary + 1), 'not', ...words.slice(auxiliary + 1)].join(' ');
  const number = words.findIndex((word) => /\d/.test(word));
  if (number >= 0) out['number changed'] = words.map((word, k) => (k === number ? word.replace(/\d+/, (n) => String(Number(n) + 7)) : word)).join(' ');
  const name = words.findIndex((word, k) => isName(word, k));
  if (name >= 0) out['name swapped'] = words.map((word, k) => (k === name ? 'Zephyrix' : word)).join(' ');
  const spliced = splice(words.join(' '), elsewhere);
  if (spliced) out.spliced = spliced;
  return out;
}

const KEEP = ['tidied', 'two light words out', 'a light word swapped'];
const TURNED = ['opposite word', 'number changed', 'spliced'];
const KINDS = [...KEEP, 'any two words out', 'any word changed', 'content word out', 'negation flipped', 'name swapped', ...TURNED];
const totals = Object.fromEntries(KINDS.map((kind) => [kind, { proposed: 0, exact: 0, normalised: 0, fuzzy: 0, refused: 0, negation: 0, number: 0, name: 0, content: 0, unfound: 0 }]));
const splicesInMarks = { proposed: 0, kept: 0 };
const files = listFixtures();
for (const path of files) {
  const parsed = await parseTranscript({ bytes: new Uint8Array(readFileSync(path)), fileName: basename(path) });
  const input = { documentId: 'd', documentName: basename(path), text: parsed.text, turns: parsed.turns, timeMarks: parsed.timeMarks ?? [], speakers: parsed.speakers, language: parsed.language };
  const quotable = new Set(parsed.speakers.filter((s) => s.role === 'participant').map((s) => s.label));
  const sentences = parsed.turns
    .filter((turn) => quotable.has(turn.speaker))
    .flatMap((turn) => parsed.text.slice(turn.start, turn.end).split(/(?<=[.!?])\s+/))
    .map((sentence) => sentence.trim().split(/\s+/))
    .filter((words) => words.length >= 8 && words.length <= 40);
  const step = Math.max(1, Math.floor(sentences.length / PER_FILE));
  for (let i = 0; i < sentences.length; i += step) {
    // Another turn's sentence, for a splice across turns.
    const elsewhere = sentences.filter((_, k) => Math.abs(k - i) > 3).slice(0, 1).map((w) => w.join(' '));
    for (const [kind, text] of Object.entries(variants(sentences[i], elsewhere))) {
      const result = anchorAnalysis(input, { insights: [{ title: 't', description: 'd', tag: 'x', quotes: [{ text }] }] });
      const row = totals[kind];
      row.proposed++;
      const quote = result.insights[0]?.quotes[0];
      // An older build records no `match`: its steps say how the one quote was found.
      if (quote) row[quote.match ?? Object.entries(result.steps).find(([, n]) => n > 0)[0]]++;
      else if ((result.stats.droppedChangedMeaning ?? 0) > 0) {
        row.refused++;
        for (const [why, n] of Object.entries(result.meaningChanges ?? {})) row[why] += n;
      } else row.unfound++;
      if (kind === 'spliced') {
        // The same splice set in quotation marks in a title (the quote itself exact): are the marks kept?
        const titled = anchorAnalysis(input, { insights: [{ title: `One said “${text}”`, description: 'd', tag: 'x', quotes: [{ text: sentences[i].join(' ') }] }] });
        splicesInMarks.proposed++;
        if (titled.insights[0]?.title.includes('“')) splicesInMarks.kept++;
      }
    }
  }
}

console.log(`${files.length} transcripts, up to ${PER_FILE} participant sentences each (8–40 words)`);
console.log(['proposal'.padEnd(20), 'proposed', 'exact', 'normalised', 'fuzzy', 'refused (negation/number/name/content)', 'not found'].join(' │ '));
for (const kind of KINDS) {
  const r = totals[kind];
  console.log(
    [kind.padEnd(20), String(r.proposed).padStart(8), String(r.exact).padStart(5), String(r.normalised).padStart(10), String(r.fuzzy).padStart(5), `${r.refused} (${r.negation}/${r.number}/${r.name}/${r.content})`.padStart(38), String(r.unfound).padStart(9)].join(' │ '),
  );
}
const sum = (kinds, field) => kinds.reduce((n, kind) => n + (field === 'never stored' ? totals[kind].refused + totals[kind].unfound : totals[kind][field]), 0);
console.log(`\nkept meaning, anchored: ${sum(KEEP, 'exact') + sum(KEEP, 'normalised') + sum(KEEP, 'fuzzy')} of ${sum(KEEP, 'proposed')} (goal: all)`);
console.log(`splices in a title's quotation marks refused (marks taken off): ${splicesInMarks.proposed - splicesInMarks.kept} of ${splicesInMarks.proposed} (goal: all)`);
for (const kind of TURNED) console.log(`${kind} proposals refused: ${sum([kind], 'never stored')} of ${sum([kind], 'proposed')} (goal: all; ${totals[kind].refused} for the meaning, ${totals[kind].unfound} not found)`);
