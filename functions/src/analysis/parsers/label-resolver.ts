/**
 * Decides which label candidates of a transcript are speakers, and merges spellings of one speaker.
 *
 * A candidate is a speaker label when it is a voice tag, a known role word ("Interviewer", "Participant"), or
 * recurs (two or more times). A label seen once also counts in captions, where a label can only sit at a cue line's
 * start, when it is a capitalised name and not a common word ("Westwood:"); and in running text once other labels
 * of the same style were found, when it cannot be an ordinary word before a colon (bold, bracketed, alone on its
 * line, a full name, a numbered speaker, a pseudo-speaker such as "Break"). Colon words that introduce something
 * else ("Note:", "Pergunta 3:") and transcription marks ("[REDACTED]") are never labels.
 *
 * Merges: near-miss spellings (edit distance ≤ 2, both ≥ 6 characters, rare variant), alias groups ("Assistant" and
 * "AI"), case variants, and a lone first or last name with the one full name it belongs to ("Schalk" → "Chris Schalk").
 */
import { editDistance } from './edit-distance';
import type { LabelCandidate, LabelStyle } from './label-match';
import {
  ALIAS_GROUPS,
  isAnnotation,
  isCommonWord,
  isNeverASpeaker,
  isPseudoSpeaker,
  isRoleWord,
  roleWords,
} from './speaker-vocabulary';

export type LabelMode = 'text' | 'captions';

export interface ResolvedLabels {
  /** The canonical label for a candidate name, or null when it is not a speaker label. */
  canonical(name: string): string | null;
  /** Canonical label → other spellings merged into it, in order of first appearance. */
  aliases: ReadonlyMap<string, string[]>;
  /** True when at least one label was accepted. */
  found: boolean;
  notes: string[];
}

interface Group {
  key: string;
  count: number;
  firstIndex: number;
  /** The styles seen, as bits of STYLE_BIT. */
  styles: number;
  /** Some occurrence stands alone on its line, the words following below. */
  alone: boolean;
  spellings: Spellings;
  /** Keys of groups merged into this one. */
  absorbed: string[];
  knownRole: boolean;
  accepted: boolean;
  /** Display label fixed by a merge (the full name wins over a lone surname). */
  preferred?: string;
  /** Every occurrence is a lower-case handle (`nflaig`), not a name-shaped label. */
  handle: boolean;
  /** What the tool wrote after the name (`Host`, `Besu`), in order of first appearance. */
  suffixes: string[];
}

/**
 * How often each spelling of a label was seen, in order of first appearance. Most labels have one spelling, so the
 * map is made only for a second one (a file can hold a million distinct labels).
 */
class Spellings {
  private first = '';
  private firstCount = 0;
  private more: Map<string, number> | null = null;

  add(spelling: string, count: number): void {
    if (this.firstCount === 0 || spelling === this.first) {
      this.first = spelling;
      this.firstCount += count;
      return;
    }
    this.more ??= new Map();
    this.more.set(spelling, (this.more.get(spelling) ?? 0) + count);
  }

  entries(): [string, number][] {
    const all: [string, number][] = this.firstCount > 0 ? [[this.first, this.firstCount]] : [];
    if (this.more) all.push(...this.more);
    return all;
  }
}

function keyOf(name: string): string {
  return name.toLowerCase();
}

function displayOf(group: Group): string {
  if (group.preferred !== undefined) return group.preferred;
  let best = '';
  let bestCount = -1;
  for (const [spelling, count] of group.spellings.entries()) {
    if (count > bestCount) {
      best = spelling;
      bestCount = count;
    }
  }
  return best;
}

function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

const STYLE_BIT: Readonly<Record<LabelStyle, number>> = { plain: 1, bold: 2, bracket: 4, voice: 8 };

function hasStyle(group: Group, style: LabelStyle): boolean {
  return (group.styles & STYLE_BIT[style]) !== 0;
}

/** Role words long enough for near-miss matching, each with the set of its characters. */
const LONG_ROLE_WORDS = roleWords()
  .filter((word) => word.length >= 6)
  .map((word) => ({ word, chars: new Set(word) }));

/**
 * Within two edits of a role word. Each character of `key` that the word lacks costs an edit, so a key with three
 * such characters is rejected before the edit distance is computed (this runs for every distinct label).
 */
function isFuzzyRoleWord(key: string): boolean {
  if (key.length < 6) return false;
  return LONG_ROLE_WORDS.some(({ word, chars }) => {
    if (Math.abs(key.length - word.length) > 2) return false;
    let foreign = 0;
    for (const char of key) if (!chars.has(char) && ++foreign > 2) return false;
    return editDistance(key, word, 2) <= 2;
  });
}

/**
 * Near-miss spellings are looked for among the most frequent labels only: a real transcript has far fewer speakers,
 * and a file of a million labels must not compare each with each.
 */
const MAX_NEAR_MISS_TARGETS = 100;

/** The `limit` groups with the highest counts (earliest first among equals), in their original order. */
function mostFrequent(groups: readonly Group[], limit: number): Group[] {
  if (groups.length <= limit) return [...groups];
  const top = new Set([...groups].sort((a, b) => b.count - a.count || a.firstIndex - b.firstIndex).slice(0, limit));
  return groups.filter((group) => top.has(group));
}

/**
 * A label seen once in running text is trusted only when it cannot be an ordinary word before a colon: set in bold
 * or brackets, alone on its line, a pseudo-speaker ("Break"), a full name ("Bob Smith") or a numbered speaker
 * ("Speaker 3"). A lone plain word followed by speech ("Monday: we went…") stays speech.
 */
function isDeliberateOneOff(group: Group, display: string): boolean {
  if (hasStyle(group, 'bold') || hasStyle(group, 'bracket') || group.alone) return true;
  return isPseudoSpeaker(display) || display.includes(' ') || /\d/.test(display);
}

export function resolveLabels(candidates: readonly LabelCandidate[], mode: LabelMode): ResolvedLabels {
  const groups = new Map<string, Group>();
  candidates.forEach((candidate, index) => {
    const { name, style } = candidate;
    if (style === 'bracket' ? isAnnotation(name) : isNeverASpeaker(name)) return;
    const key = keyOf(name);
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        count: 0,
        firstIndex: index,
        styles: 0,
        alone: false,
        spellings: new Spellings(),
        absorbed: [],
        knownRole: isRoleWord(name) || isFuzzyRoleWord(key),
        accepted: false,
        handle: candidate.handle === true,
        suffixes: [],
      };
      groups.set(key, group);
    }
    group.handle &&= candidate.handle === true;
    if (candidate.suffix && !group.suffixes.includes(candidate.suffix)) group.suffixes.push(candidate.suffix);
    group.count++;
    group.styles |= STYLE_BIT[style];
    if (candidate.rest === '') group.alone = true;
    group.spellings.add(name, 1);
  });

  const notes: string[] = [];
  const redirect = new Map<string, string>(); // absorbed key → absorbing key

  const absorb = (into: Group, from: Group) => {
    into.count += from.count;
    for (const [spelling, count] of from.spellings.entries()) into.spellings.add(spelling, count);
    into.styles |= from.styles;
    into.alone ||= from.alone;
    into.absorbed.push(from.key, ...from.absorbed);
    into.knownRole ||= from.knownRole;
    into.handle &&= from.handle;
    for (const suffix of from.suffixes) if (!into.suffixes.includes(suffix)) into.suffixes.push(suffix);
    into.firstIndex = Math.min(into.firstIndex, from.firstIndex);
    redirect.set(from.key, into.key);
    for (const key of from.absorbed) redirect.set(key, into.key);
    groups.delete(from.key);
  };

  // Near-miss spellings: a rare variant within two edits of a much more frequent label (or of the role word).
  const roleWordSet = new Set(roleWords());
  const targets = mostFrequent(
    [...groups.values()].filter((g) => g.key.length >= 6 && (g.count > 1 || roleWordSet.has(g.key))),
    MAX_NEAR_MISS_TARGETS,
  );
  // A variant has the same digits as its target ("Speaker 2" is no misspelling of "Speaker 3").
  const targetsByDigits = new Map<string, Group[]>();
  for (const big of targets) {
    const digits = digitsOf(big.key);
    const same = targetsByDigits.get(digits);
    if (same) same.push(big);
    else targetsByDigits.set(digits, [big]);
  }
  const byCountAsc = [...groups.values()].sort((a, b) => a.count - b.count || b.firstIndex - a.firstIndex);
  for (const small of byCountAsc) {
    if (!groups.has(small.key) || small.key.length < 6) continue;
    let target: Group | null = null;
    for (const big of targetsByDigits.get(digitsOf(small.key)) ?? []) {
      if (big === small || !groups.has(big.key)) continue;
      // The variant must be rarer, or as rare while the other is the correctly spelled role word.
      const bigIsRoleWord = roleWordSet.has(big.key) && !roleWordSet.has(small.key);
      if (big.count < small.count || (big.count === small.count && !bigIsRoleWord)) continue;
      if (small.count > Math.max(2, big.count / 5)) continue;
      if (editDistance(small.key, big.key, 2) > 2) continue;
      if (!target || big.count > target.count || (big.count === target.count && roleWordSet.has(big.key))) target = big;
    }
    if (target) {
      const before = displayOf(small);
      absorb(target, small);
      notes.push(`The speaker label ${before} looks like a misspelling of ${displayOf(target)}; the two were merged.`);
    }
  }

  // Acceptance.
  const isAcceptedAlone = (group: Group): boolean => {
    if (hasStyle(group, 'voice')) return true;
    if (group.handle) return false; // a handle counts only beside name-shaped labels (below)
    if (group.knownRole) return true;
    if (group.count >= 2) return true;
    // Captions: a name-shaped label once at a line start counts, but only in a cased script (`Westwood:`); in
    // Chinese or Japanese a one-off `…：` is as likely a heading ("ご注意：") as a name.
    if (mode === 'captions') {
      const display = displayOf(group);
      return display.length > 1 && /^[\p{Lu}\p{Lt}]/u.test(display) && !isCommonWord(display);
    }
    return false;
  };
  for (const group of groups.values()) group.accepted = isAcceptedAlone(group);
  let acceptedStyles = 0;
  for (const group of groups.values()) if (group.accepted) acceptedStyles |= group.styles;
  if (acceptedStyles !== 0) {
    for (const group of groups.values()) {
      if (group.accepted) continue;
      const display = displayOf(group);
      const sameStyle = (group.styles & acceptedStyles) !== 0;
      if (!sameStyle || display.length <= 1 || isCommonWord(display)) continue;
      // A handle (`nflaig:`) is a speaker where names label the other lines the same way, and it recurs.
      group.accepted = group.handle ? group.count >= 2 : isDeliberateOneOff(group, display);
    }
  }
  for (const group of [...groups.values()]) if (!group.accepted) groups.delete(group.key);

  // Alias groups ("Assistant" then "AI"): the less frequent label joins the more frequent one.
  for (const aliasKeys of ALIAS_GROUPS) {
    const present = aliasKeys.map((key) => groups.get(key)).filter((group): group is Group => group !== undefined);
    if (present.length < 2) continue;
    present.sort((a, b) => b.count - a.count || a.firstIndex - b.firstIndex);
    const [main, ...others] = present;
    for (const other of others) {
      const before = displayOf(other);
      absorb(main, other);
      notes.push(`The speaker labels ${before} and ${displayOf(main)} name the same speaker and were merged.`);
    }
  }

  // A lone first or last name that belongs to exactly one full name of another speaker. Full names are indexed by
  // their words once (this loop absorbs only single-word labels, so the full names stay as they are).
  const fullNamesByWord = new Map<string, Group[]>();
  for (const full of groups.values()) {
    if (!full.key.includes(' ') || /\d/.test(full.key)) continue;
    for (const word of new Set(full.key.split(' '))) {
      const owners = fullNamesByWord.get(word);
      if (owners) owners.push(full);
      else fullNamesByWord.set(word, [full]);
    }
  }
  for (const short of [...groups.values()]) {
    if (!groups.has(short.key) || short.key.includes(' ') || short.key.length < 2 || short.knownRole) continue;
    const owners = fullNamesByWord.get(short.key) ?? [];
    if (owners.length !== 1) continue;
    const [full] = owners;
    const parts = full.key.split(' ');
    if (parts[0] !== short.key && parts[parts.length - 1] !== short.key) continue;
    const before = displayOf(short);
    full.preferred = displayOf(full);
    absorb(full, short);
    notes.push(`The speaker labels ${before} and ${displayOf(full)} were taken to be the same person and merged.`);
  }

  const canonicalByKey = new Map<string, string>();
  const aliases = new Map<string, string[]>();
  for (const group of groups.values()) {
    const display = displayOf(group);
    canonicalByKey.set(group.key, display);
    const others = group.spellings.entries().map(([spelling]) => spelling).filter((spelling) => spelling !== display);
    const written = group.suffixes.map((suffix) => `${display} (${suffix})`);
    aliases.set(display, [...written, ...others]);
    if (group.suffixes.length > 0) {
      notes.push(
        `The meeting tool writes the speaker ${display} as ${written.join(' and ')}, adding to the name; it is one speaker.`,
      );
    }
  }

  return {
    canonical(name: string): string | null {
      const key = keyOf(name);
      return canonicalByKey.get(redirect.get(key) ?? key) ?? null;
    },
    aliases,
    found: canonicalByKey.size > 0,
    notes,
  };
}
