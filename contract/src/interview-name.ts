/**
 * The name proposed for an interview when its file is uploaded: who was interviewed (the participant's name or label,
 * never the interviewer's) and the day, when the file or its name says them; otherwise the file's name without its
 * extension. Pure, so the upload list and the server propose the same name for the same file.
 */

import { MAX_DOCUMENT_NAME_LENGTH } from './project';

/** A speaker as the proposal weighs them: how much they said and how many of their turns end with a question. */
export interface SpeakerTally {
  label: string;
  words: number;
  turns: number;
  questions: number;
}

/** Labels that say who asks: such a speaker is never the one the interview is named after. */
const INTERVIEWER_LABEL = /^(interviewer|moderator|researcher|facilitator|host|assistant|ai|bot|q|i|int|me|ux researcher|user researcher)\b/i;
/** Labels that say only that someone answered, with no name or number: the interview is not told apart by them. */
const GENERIC_LABEL = /^(user|participant|respondent|interviewee|guest|customer|subject|speaker|unknown|answer|a|r|p)(\s*\d+)?$/i;
/** A label with a number that tells one participant from another (P2, Participant 3, Respondent 12). */
const NUMBERED_LABEL = /^(p|participant|respondent|interviewee|user)\s*-?\s*\d{1,3}$/i;
/** "P2", "Participant 3" in a file name. */
const LABEL_IN_NAME = /(?:^|[\s_.-])((?:participant|respondent|interviewee|p)[\s_-]?\d{1,3})(?=$|[\s_.-])/i;

/** How far into a transcript the proposal reads: its speakers show in the first pages, and its date in its header. */
export const NAME_PROPOSAL_READ_CHARS = 200_000;
const DATE_READ_CHARS = 2_000;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_WORD = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const SHORT_MONTH = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "12 Mar 2024" for a real calendar day, else null. */
function dayText(year: number, month: number, day: number): string | null {
  if (year < 1990 || year > 2100 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  const at = new Date(Date.UTC(year, month - 1, day));
  if (at.getUTCMonth() !== month - 1) return null;
  return SHORT_MONTH.format(at);
}

const monthNumber = (word: string) => MONTHS.indexOf(word.slice(0, 3).toLowerCase()) + 1;

/**
 * The first date written in `text` as a day: 2024-03-12 (or with _ or . or nothing between), 12 March 2024, March 12,
 * 2024, 12 Mar 2024; said as "12 Mar 2024". A date such as 03/04/2024, which could be either day first or month first,
 * is left alone. Null when there is none.
 */
export function dateIn(text: string): string | null {
  const found: { at: number; day: string }[] = [];
  const take = (re: RegExp, read: (m: RegExpExecArray) => string | null) => {
    for (const m of text.matchAll(new RegExp(re.source, 'gi'))) {
      const day = read(m as RegExpExecArray);
      if (day) {
        found.push({ at: m.index ?? 0, day });
        break;
      }
    }
  };
  take(/(?<!\d)((?:19|20)\d\d)[-_. ]?(0[1-9]|1[0-2])[-_. ]?(0[1-9]|[12]\d|3[01])(?!\d)/, (m) => dayText(+m[1], +m[2], +m[3]));
  take(new RegExp(`(?<![\\d])(\\d{1,2})(?:st|nd|rd|th)?[\\s_-]+${MONTH_WORD}\\.?,?[\\s_-]+((?:19|20)\\d\\d)(?!\\d)`), (m) => dayText(+m[3], monthNumber(m[2]), +m[1]));
  take(new RegExp(`(?<![a-z])${MONTH_WORD}\\.?[\\s_-]+(\\d{1,2})(?:st|nd|rd|th)?,?[\\s_-]+((?:19|20)\\d\\d)(?!\\d)`), (m) => dayText(+m[3], monthNumber(m[1]), +m[2]));
  // Day first or month first, when only one reading is a date (the day over 12).
  take(/(?<!\d)(\d{1,2})[/.](\d{1,2})[/.]((?:19|20)\d\d)(?!\d)/, (m) => {
    const [a, b, year] = [+m[1], +m[2], +m[3]];
    if (a > 12 && b <= 12) return dayText(year, b, a);
    if (b > 12 && a <= 12) return dayText(year, a, b);
    return null;
  });
  found.sort((x, y) => x.at - y.at);
  return found[0]?.day ?? null;
}

const SPEAKER_LINE = /^\s*(?:\[?\(?\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d+)?\)?\]?\s*[-–]?\s*)?([A-Za-zÀ-ÿ][\w .'’À-ÿ-]{0,39}?)\s*(?:\(\d{1,2}:\d{2}(?::\d{2})?\))?\s*:\s+(\S.*)$/;
const VOICE_TAG = /<v(?:\.[\w.-]+)?\s+([^>]{1,40})>([^<]*)/g;
/** A label on a line of its own with the time after it (Otter, Teams exports): "Dana Whitfield  0:03". */
const LABEL_THEN_TIME = /^\s*([A-Za-zÀ-ÿ][\w .'’À-ÿ-]{0,39}?)\s{1,}\d{1,2}:\d{2}(?::\d{2})?\s*$/;
/** "[id1] words": a label in brackets at the start of a line (QualCoder). */
const BRACKET_LABEL = /^\s*\[([A-Za-zÀ-ÿ][\w .'’À-ÿ-]{0,29})\]\s+(\S.*)$/;
/** A label alone on its line, with its colon: the words follow on the next line (subtitles). */
const LABEL_LINE = /^\s*([A-Za-zÀ-ÿ][\w .'’À-ÿ-]{0,39}?)\s*:\s*$/;
/** Words at the start of a line that are not a speaker's label. */
const NOT_A_LABEL = /^(note|webvtt|kind|language|style|region|http|https|date|time|title|subject|duration|location|recorded|transcript)$/i;

/**
 * The speakers of a transcript's text as the proposal weighs them, from its labels: "Name: words" lines (after a time
 * stamp or not), WebVTT voice tags (<v Name>), or a label on a line of its own followed by a time and the words below.
 */
export function speakerTallies(text: string): SpeakerTally[] {
  const tallies = new Map<string, SpeakerTally>();
  const add = (rawLabel: string, words: string) => {
    const label = rawLabel.trim().replace(/\s+/g, ' ');
    if (!label || NOT_A_LABEL.test(label) || label.split(' ').length > 4) return;
    const tally = tallies.get(label.toLowerCase()) ?? { label, words: 0, turns: 0, questions: 0 };
    tally.words += words.split(/\s+/).filter(Boolean).length;
    tally.turns += 1;
    if (/\?\s*$/.test(words.trim())) tally.questions += 1;
    tallies.set(label.toLowerCase(), tally);
  };
  let voiced = false;
  for (const m of text.matchAll(VOICE_TAG)) {
    voiced = true;
    add(m[1], m[2]);
  }
  if (voiced) return [...tallies.values()];
  const lines = text.split(/\r?\n/);
  let pending: string | null = null;
  for (const raw of lines) {
    // Markdown's bold or italic around a label ("**Jack Dorsey:** words") is not part of it.
    const line = raw.replace(/\*\*|__/g, '');
    const labelled = SPEAKER_LINE.exec(line) ?? BRACKET_LABEL.exec(line);
    if (labelled) {
      add(labelled[1], labelled[2]);
      pending = null;
      continue;
    }
    const heading = LABEL_THEN_TIME.exec(line) ?? LABEL_LINE.exec(line);
    if (heading) {
      pending = heading[1];
      continue;
    }
    if (pending && line.trim()) {
      add(pending, line);
      pending = null;
    }
  }
  // A label said once is more likely a heading or a word before a colon than a speaker.
  return [...tallies.values()].filter((t) => t.turns > 1);
}

/** Of those who answer, a second one saying this share of the first's words makes a group, not one participant. */
const GROUP_SHARE = 0.3;

/**
 * The participant among `speakers`: not a labelled interviewer, not the one who asks most, the one who says most.
 * Null when no one answers, when no one asks (who interviews cannot be told), or when several answer at length (a focus
 * group is not named after one of its members).
 */
export function participantOf(speakers: readonly SpeakerTally[]): SpeakerTally | null {
  if (speakers.length === 0) return null;
  if (speakers.length === 1) return INTERVIEWER_LABEL.test(speakers[0].label) ? null : speakers[0];
  let answering = speakers.filter((s) => !INTERVIEWER_LABEL.test(s.label));
  if (answering.length === speakers.length) {
    // No one is labelled as asking: the one whose turns are most often questions is taken to interview.
    const share = (s: SpeakerTally) => s.questions / Math.max(1, s.turns);
    const asker = [...speakers].sort((a, b) => share(b) - share(a) || a.words - b.words)[0];
    // No one asks: who interviews cannot be told, so no one is named (it could be the interviewer).
    if (share(asker) === 0) return null;
    answering = speakers.filter((s) => s !== asker);
  }
  const [first, second] = [...answering].sort((a, b) => b.words - a.words);
  if (!first || (second && second.words >= first.words * GROUP_SHARE)) return null;
  return first;
}

/** The file's name without its extension, its underscores read as spaces. */
export function fileStem(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '');
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  return stem.replace(/_+/g, ' ').replace(/\s+/g, ' ').trim() || base;
}

/** The participant's label a file name carries ("P2" in 01_pdpilot_P2_user-study-interview.pdf), or null. */
function labelInName(fileName: string): string | null {
  const m = LABEL_IN_NAME.exec(fileStem(fileName).replace(/\s+/g, ' '));
  if (!m) return null;
  const label = m[1].replace(/[_-]/g, ' ').trim();
  return /^p\s?\d+$/i.test(label) ? label.replace(/\s/g, '').toUpperCase() : label.charAt(0).toUpperCase() + label.slice(1);
}

/** Whether a label tells this participant apart: a name, or a numbered label (P2), not a bare "User" or "Speaker 2". */
function tellsApart(label: string): boolean {
  if (NUMBERED_LABEL.test(label) && !/^(speaker|unknown)/i.test(label)) return true;
  return !GENERIC_LABEL.test(label);
}

export interface NameProposal {
  /** The proposed name, e.g. "Dana Whitfield · 12 Mar 2024", "P2", or the file's stem. */
  name: string;
  /** Whom it names, when a participant was found (in the text or the file name). */
  participant: string | null;
  /** The day found, as "12 Mar 2024". */
  date: string | null;
}

/**
 * The name proposed for an interview uploaded as `fileName`, whose text (its first pages, when it can be read in the
 * browser: .txt, .md, .vtt, .srt) is `text`: the participant's name or label and the date found in the file's name or
 * text ("Dana Whitfield · 12 Mar 2024"); a numbered label from the file's name ("P2") when the transcript's own labels
 * say only "User" or "Speaker 2"; otherwise the file's name without its extension.
 */
export function proposeInterviewName(fileName: string, text = ''): NameProposal {
  const head = text.slice(0, NAME_PROPOSAL_READ_CHARS);
  const participant = participantOf(speakerTallies(head));
  const named = participant && tellsApart(participant.label) ? participant.label : labelInName(fileName);
  const date = dateIn(fileStem(fileName)) ?? dateIn(head.slice(0, DATE_READ_CHARS));
  const base = named ?? fileStem(fileName);
  // A stem that already says its date keeps it as written.
  const withDate = date && (named !== null || dateIn(base) === null) ? `${base} · ${date}` : base;
  return { name: withDate.slice(0, MAX_DOCUMENT_NAME_LENGTH), participant: named, date };
}
