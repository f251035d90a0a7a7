/**
 * Guesses who interviews. A label that names its role decides ("Interviewer", "Moderator", "AI", "Participant",
 * "User", "P2"). Otherwise the interviewer is the speaker who asks: the largest share of turns with a question
 * mark, clearly ahead of everyone else, with turns not much longer than the others' (ties go to whoever spoke
 * first, the "Dan" of a user study). Failing that, the listener: one speaker with several short turns, at least one
 * question, at most a quarter of the words, while someone else talks at length. Failing that, in a conversation of
 * two where one is labelled as the participant, the other (when they say no more). Before all these, the hosts: whoever
 * opens a podcast or meeting with a welcome, and who introduce themselves beside it (`conversation-hosts.ts`), and beside
 * them a co-host who asks the guests questions whatever the file calls them (`coHosts`). If nobody
 * stands out, nobody is made interviewer: everyone is a participant, and the guess says so (`question`). A voice nobody
 * named (Otter's "Unknown Speaker") is a speaker like any other: one who answers is a participant. Text without any
 * label ("Unknown speaker") and pseudo-speakers ("Break") stay 'unknown'.
 */
import { UNKNOWN_SPEAKER, type SpeakerRole } from '@verbatim/contract/transcript';
import { findHosts, type OpeningTurn } from './conversation-hosts';
import { asks, handsOver, QUESTION } from './question-turns';
import { isPseudoSpeaker, roleFromLabel } from './speaker-vocabulary';

export interface SpeakerTurns {
  label: string;
  aliases: readonly string[];
  /** The speaker's turns, in order. */
  turns: readonly string[];
  /** Index of the speaker's first turn in the transcript. */
  firstTurn: number;
}

export interface RoleGuess {
  roles: Map<string, SpeakerRole>;
  notes: string[];
  /** Why the roles are a guess that could quote the wrong person, when they are. */
  question?: string;
}

interface Stats {
  speaker: SpeakerTurns;
  questionShare: number;
  questionTurns: number;
  words: number;
  meanWords: number;
}

function statsOf(speaker: SpeakerTurns, unpunctuated: boolean): Stats {
  const questionTurns = speaker.turns.filter((turn) => asks(turn, unpunctuated)).length;
  const words = wordsOf(speaker);
  return {
    speaker,
    questionTurns,
    words,
    questionShare: speaker.turns.length > 0 ? questionTurns / speaker.turns.length : 0,
    meanWords: speaker.turns.length > 0 ? words / speaker.turns.length : 0,
  };
}

function namedRole(speaker: SpeakerTurns): SpeakerRole | null {
  for (const label of [speaker.label, ...speaker.aliases]) {
    const role = roleFromLabel(label);
    if (role) return role;
  }
  return null;
}

/**
 * The listener: someone who speaks often but briefly and asks at least once, while another speaker does most of
 * the talking (a casual interview where questions are not always punctuated as questions).
 */
function likelyListener(candidates: readonly Stats[], others: readonly Stats[]): Stats | null {
  const everyone = [...candidates, ...others];
  const totalWords = everyone.reduce((sum, s) => sum + s.words, 0);
  // The two who say the most (the first found among equals): the talker for anyone but the first is the first.
  const [most, second] = [...everyone].sort((a, b) => b.words - a.words);
  const listeners = candidates.filter((s) => {
    if (s.speaker.turns.length < 4 || s.questionTurns < 1 || s.words > totalWords * 0.25) return false;
    const talker = s === most ? second : most;
    return talker !== undefined && s.meanWords <= talker.meanWords * 0.4;
  });
  return listeners.length === 1 ? listeners[0] : null;
}

/** The least share of the words the guests of hosts say: less, and the hosts are talking among themselves. */
const MIN_GUEST_SHARE = 0.25;

/**
 * The hosts among the speakers not named by role (`conversation-hosts.ts`), when they have guests who say at least
 * `MIN_GUEST_SHARE` of the words; none otherwise (hosts who only talk among themselves are a panel).
 */
function hostsWithGuests(speakers: readonly SpeakerTurns[], unnamed: readonly SpeakerTurns[], opening: readonly OpeningTurn[]): string[] {
  const hosts = new Set(findHosts(opening, unnamed.map((speaker) => speaker.label).filter((label) => !isUnnamedVoice(label))));
  if (hosts.size === 0) return [];
  let guestWords = 0;
  let allWords = 0;
  for (const speaker of speakers) {
    const words = wordsOf(speaker);
    allWords += words;
    if (!hosts.has(speaker.label)) guestWords += words;
  }
  return guestWords >= allWords * MIN_GUEST_SHARE ? [...hosts] : [];
}

function wordsOf(speaker: SpeakerTurns): number {
  return speaker.turns.reduce((sum, turn) => sum + turn.split(/\s+/).filter(Boolean).length, 0);
}

/** The least share of a co-host's turns that hand the floor over with a question, and the least number of them. */
const MIN_CO_HOST_SHARE = 0.2;
const MIN_CO_HOST_QUESTIONS = 4;

/**
 * Co-hosts among the speakers beside the hosts (`guests`) that no label names by role (`unnamed`): someone who asks
 * as a host does, whatever the file calls them. Of their turns, at least `MIN_CO_HOST_SHARE` (and `MIN_CO_HOST_QUESTIONS`) end by asking someone something
 * (`handsOver`), half as many again as the turns of the guest who says the most; and they say at most half that
 * guest's words (a presenter who quizzes the audience talks as much as anyone). Unnamed voices are never co-hosts.
 */
function coHosts(guests: readonly SpeakerTurns[], unnamed: readonly string[]): string[] {
  const stats = guests.map((speaker) => ({ speaker, words: wordsOf(speaker), asking: speaker.turns.filter(handsOver).length }));
  const share = (s: (typeof stats)[number]) => (s.speaker.turns.length > 0 ? s.asking / s.speaker.turns.length : 0);
  return stats
    .filter((s) => {
      if (!unnamed.includes(s.speaker.label) || isUnnamedVoice(s.speaker.label) || s.asking < MIN_CO_HOST_QUESTIONS || share(s) < MIN_CO_HOST_SHARE) return false;
      const [mainGuest] = stats.filter((other) => other !== s).sort((a, b) => b.words - a.words);
      return mainGuest !== undefined && share(s) >= share(mainGuest) * 1.5 && s.words <= mainGuest.words / 2;
    })
    .map((s) => s.speaker.label);
}

/** The least share of an interviewer's turns that ask; less where questions are read from their words, which miss some. */
const MIN_QUESTION_SHARE = 0.25;
const MIN_ASKED_SHARE = 0.2;

/** The one speaker who clearly asks the questions, or null. */
function likelyAsker(candidates: readonly Stats[], others: readonly Stats[], unpunctuated: boolean): Stats | null {
  const ranked = [...candidates].sort(
    (a, b) => b.questionShare - a.questionShare || a.speaker.firstTurn - b.speaker.firstTurn,
  );
  const [best] = ranked;
  const rivals = [...ranked.slice(1), ...others];
  if (best.questionTurns < 2 || best.questionShare < (unpunctuated ? MIN_ASKED_SHARE : MIN_QUESTION_SHARE)) return null;
  const bestRival = rivals.reduce((max, s) => Math.max(max, s.questionShare), 0);
  if (best.questionShare < bestRival * 1.5) return null;
  const rivalWords = rivals.reduce((max, s) => Math.max(max, s.meanWords), 0);
  if (rivals.length > 0 && best.meanWords > rivalWords * 1.5) return null;
  return best;
}

/**
 * In a conversation of two, one labelled as the participant ("Participant", "P2"): the other is the one interviewing,
 * when they say no more than the participant does.
 */
function oppositeOfParticipant(candidates: readonly Stats[], others: readonly Stats[], roles: ReadonlyMap<string, SpeakerRole>): Stats | null {
  if (candidates.length !== 1 || others.length !== 1 || roles.get(others[0].speaker.label) !== 'participant') return null;
  return candidates[0].words <= others[0].words ? candidates[0] : null;
}

/**
 * A voice the transcription tool heard but could not name (Otter's "Unknown Speaker"): a speaker all the same. Text
 * the file gives no label at all (`UNKNOWN_SPEAKER`) is not: it may be notes or a preamble, so it stays 'unknown'.
 */
function isUnnamedVoice(label: string): boolean {
  return label !== UNKNOWN_SPEAKER && /^unknown(?: speaker)?$/i.test(label);
}

/** `opening`: the transcript's first turns in order, where hosts welcome their guests. */
export function guessRoles(speakers: readonly SpeakerTurns[], opening: readonly OpeningTurn[] = []): RoleGuess {
  const roles = new Map<string, SpeakerRole>();
  const notes: string[] = [];
  const people: SpeakerTurns[] = [];
  for (const speaker of speakers) {
    if (speaker.label === UNKNOWN_SPEAKER || (isPseudoSpeaker(speaker.label) && !isUnnamedVoice(speaker.label))) roles.set(speaker.label, 'unknown');
    else people.push(speaker);
  }
  if (people.length === 0) return { roles, notes };

  const unnamed: SpeakerTurns[] = [];
  for (const speaker of people) {
    const role = namedRole(speaker);
    if (role) roles.set(speaker.label, role);
    else unnamed.push(speaker);
  }
  if (unnamed.length === 0) return { roles, notes };
  if (people.length === 1) {
    roles.set(unnamed[0].label, 'participant');
    return { roles, notes };
  }

  const namedInterviewer = people.some((speaker) => roles.get(speaker.label) === 'interviewer');
  if (!namedInterviewer) {
    // No question mark anywhere: the speech was recognised without punctuation, so questions are read from their words.
    const unpunctuated = !people.some((speaker) => speaker.turns.some((turn) => QUESTION.test(turn)));
    const hosts = hostsWithGuests(speakers, unnamed, opening);
    if (hosts.length > 0) {
      for (const host of hosts) roles.set(host, 'interviewer');
      const askers = coHosts(
        people.filter((speaker) => !hosts.includes(speaker.label)),
        unnamed.map((speaker) => speaker.label),
      );
      for (const asker of askers) roles.set(asker, 'interviewer');
      const who = hosts.join(' and ');
      notes.push(
        hosts.length === 1
          ? `The speaker ${who} was taken to be the host, who asks the questions, because they open the conversation with a welcome; correct this if it is wrong.`
          : `The speakers ${who} were taken to be the hosts, who ask the questions, because they open the conversation with a welcome; correct this if it is wrong.`,
      );
      for (const asker of askers) {
        notes.push(`The speaker ${asker} was taken to be a host too, who asks the questions, because many of their turns end by asking the guests something; correct this if it is wrong.`);
      }
      return { roles: withParticipants(roles, unnamed), notes };
    }
    const candidates = unnamed.map((speaker) => statsOf(speaker, unpunctuated));
    const others = people.filter((speaker) => roles.has(speaker.label)).map((speaker) => statsOf(speaker, unpunctuated));
    const asker = likelyAsker(candidates, others, unpunctuated);
    const listener = asker ? null : likelyListener(candidates, others);
    const opposite = asker || listener ? null : oppositeOfParticipant(candidates, others, roles);
    const interviewer = asker ?? listener ?? opposite;
    // Two who ask by turns (a study run by two researchers): no one of them stands out, but each asks as a host does.
    const pair = interviewer ? [] : coHosts(people, unnamed.map((speaker) => speaker.label));
    if (pair.length > 0) {
      for (const label of pair) roles.set(label, 'interviewer');
      notes.push(
        pair.length === 1
          ? `The speaker ${pair[0]} was taken to be the interviewer because many of their turns end by asking the others something; correct this if it is wrong.`
          : `The speakers ${pair.join(' and ')} were taken to be the interviewers because many of their turns end by asking the others something; correct this if it is wrong.`,
      );
    } else if (interviewer) {
      roles.set(interviewer.speaker.label, 'interviewer');
      const why = asker
        ? 'they ask most of the questions'
        : listener
          ? 'they speak briefly between the long answers of others'
          : `the other speaker is labelled as the participant`;
      notes.push(
        `The speaker ${interviewer.speaker.label} was taken to be the interviewer because ${why}; correct this if it is wrong.`,
      );
      // A second researcher who asks too.
      const label = interviewer.speaker.label;
      const seconds = coHosts(
        people.filter((speaker) => speaker.label !== label),
        unnamed.map((speaker) => speaker.label).filter((other) => other !== label),
      );
      for (const second of seconds) {
        roles.set(second, 'interviewer');
        notes.push(`The speaker ${second} was taken to be an interviewer too because many of their turns end by asking the others something; correct this if it is wrong.`);
      }
    } else {
      notes.push('No speaker stands out as the interviewer, so every speaker is marked as a participant.');
      return {
        roles: withParticipants(roles, unnamed),
        notes,
        question: 'No speaker stands out as the one asking the questions, so anyone could be quoted, the interviewer too. Check the roles before the analysis.',
      };
    }
  }
  return { roles: withParticipants(roles, unnamed), notes };
}

/** Everyone not given a role is a participant. */
function withParticipants(roles: Map<string, SpeakerRole>, speakers: readonly SpeakerTurns[]): Map<string, SpeakerRole> {
  for (const speaker of speakers) if (!roles.has(speaker.label)) roles.set(speaker.label, 'participant');
  return roles;
}
