/**
 * The hosts of a podcast, a panel or a meeting: whoever opens the conversation by welcoming ("Welcome to the show",
 * "welcome everyone", "my guest today is…", "thank you for joining us", "we're gonna have Vikas talking about…") or
 * introduces themselves beside the welcome ("I'm Kelly. And I'm Emma.").
 * They run the conversation, so they are its interviewers; the guests answer. Read from the opening turns only. Pure.
 */
import { editDistance } from './edit-distance';

export interface OpeningTurn {
  speaker: string;
  text: string;
}

/** How many turns from the start a host's welcome may come (a meeting's small talk comes before it). */
export const OPENING_TURNS = 15;

const WELCOME = new RegExp(
  [
    String.raw`\b(?:welcome|bienvenid[oa]s?|bem[- ]vind[oa]s?|willkommen|bienvenue)\b`,
    // A guest or a presenter introduced, or thanked for coming.
    String.raw`\b(?:my|our) guests? (?:today|this week|on the show)\b`,
    String.raw`\bjoin(?:ing|ed) (?:me|us) (?:today|now|here|on)\b`,
    String.raw`\bthanks?(?: you)?(?: so much| very much)? for (?:\w+ )?(?:being (?:with|here)|joining|coming on)\b`, // "for for being": speech repeats
    String.raw`\b(?:we(?:'re| are) (?:gonna|going to) (?:have|hear from)|let me introduce|please welcome|I'd like to introduce)\b`,
  ].join('|'),
  'i',
);
/** A self-introduction: "I'm Kelly", "I am Emma", "my name is Ali", "this is Tom". */
const SELF_INTRO = /\b(?:I'm|I am|I’m|my name is|this is|soy|sou|je suis|ich bin)\s+(\p{Lu}[\p{L}'’-]+)/gu;

/** Whether a spoken first name is the label's (first word), allowing for a transcription slip ("Allie" for "Ali"). */
function names(label: string, spoken: string): boolean {
  const first = label.split(' ')[0].toLowerCase();
  const said = spoken.toLowerCase();
  if (first === said) return true;
  return first.length >= 3 && said.length >= 3 && editDistance(first, said, 2) <= 2 && first[0] === said[0];
}

/**
 * The hosts among `labels`, in order of first appearance: the speaker who welcomes in the opening turns, and those
 * who introduce themselves there by name. Empty when nobody welcomes.
 */
export function findHosts(turns: readonly OpeningTurn[], labels: readonly string[]): string[] {
  const opening = turns.slice(0, OPENING_TURNS);
  const welcomeAt = opening.findIndex((turn) => WELCOME.test(turn.text));
  if (welcomeAt < 0) return [];
  const hosts = new Set<string>([opening[welcomeAt].speaker]);
  // Introductions around the welcome ("Welcome to the podcast. I'm Kelly." "And I'm Emma.").
  for (const turn of opening.slice(Math.max(0, welcomeAt - 1), welcomeAt + 4)) {
    for (const m of turn.text.matchAll(SELF_INTRO)) {
      const named = labels.filter((label) => names(label, m[1]));
      if (named.length === 1) hosts.add(named[0]);
    }
  }
  return labels.filter((label) => hosts.has(label));
}
