/**
 * What a model writes in its own words (an insight's title, tag and description, the synthesis's summary and
 * findings, an Ask sentence) is shown as Verbatim's text, so nothing in it may send a reader elsewhere or speak to
 * anyone: links (http://…, www.…, a bare domain with a path), e-mail addresses (and the placeholders redaction put
 * in their place), and instructions (a sentence telling the model to ignore its rules, or the reader to click, visit,
 * download, sign up or write somewhere) are taken out. What is left is tidied: no doubled spaces, no empty brackets,
 * no punctuation left dangling. Pure.
 */
import { findEmails } from '../redaction/pii-patterns';

/** A link: a scheme, "www.", or a bare domain followed by a path ("example.com/offer"). */
const LINK = /\b(?:(?:https?|ftp):\/\/|www\.)[^\s<>()"'\u201c\u201d]+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|io|co|ai|app|dev|info|biz|me|ly|gl|gg|xyz|link|site|online)(?:\/[^\s<>()"'\u201c\u201d]*)?(?![\p{L}\p{N}])/giu;
/** A placeholder redaction left for an e-mail address ("[EMAIL_2]"). */
const EMAIL_PLACEHOLDER = /\[\s*EMAIL_\d+\s*\]/giu;

/**
 * Words that tell a model to drop its instructions, whoever wrote them: "ignore all previous instructions", "disregard
 * the rules above", "the system prompt", "you are now in developer mode". Research talks of instructions and rules
 * too ("users forget the instructions after onboarding"): only the instructions a model was given are read so.
 */
const GIVEN = '(?:instructions?|rules?|prompts?|guidelines|directions|messages?)';
const INJECTION = new RegExp(
  [
    `\\b(?:ignore|disregard|forget|override|bypass)\\s+(?:(?:all|any|the|your|of\\s+the)\\s+)*(?:previous|prior|above|earlier|preceding|foregoing|original|system)\\s+${GIVEN}`,
    `\\b(?:ignore|disregard|forget|override|bypass)\\s+(?:(?:all|any|the|your)\\s+)*${GIVEN}\\s+(?:above|before|so\\s+far|you\\s+(?:were|have\\s+been)\\s+given)`,
    '\\bsystem\\s+prompt\\b',
    '\\byou\\s+are\\s+now\\s+(?:a|an|in|the)\\b',
  ].join('|'),
  'iu',
);
/** A sentence that opens by telling the reader to act somewhere else. */
const CALL_TO_ACTION =
  /^\W*(?:please\s+|kindly\s+)?(?:click|tap|visit|download|install|subscribe|sign\s+up|sign\s+in|log\s+in|register|reply|respond|follow\s+(?:this|the)\s+link|check\s+out|contact\s+us|e-?mail\s+us|call\s+us|write\s+to\s+us|go\s+to|head\s+to|send\s+(?:us|your))\b/iu;
/**
 * What makes a call to action speak to the reader: "here", "now", "us", "this link", "our site". A recommendation a
 * study makes ("Download reports from the settings page") names no such thing.
 */
const SOMEWHERE = /\b(?:here|below|now|today|us|(?:this|the)\s+link|our\s+(?:website|site|page|app))\b/iu;

function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?])\s+/u);
}

/** Whether `sentence` is an instruction (see the module comment); `hadLink` when a link or address was taken out of it. */
export function isInstruction(sentence: string, hadLink = false): boolean {
  if (INJECTION.test(sentence)) return true;
  return CALL_TO_ACTION.test(sentence) && (hadLink || SOMEWHERE.test(sentence));
}

/**
 * `text` without links, e-mail addresses and instructions, tidied; `text` itself when it has none. `said` tells
 * whether a participant said some words: a link or a sentence a participant said is theirs to keep (a title made of
 * their sentence); an e-mail address never is.
 */
export function stripFreeText(text: string, said: (words: string) => boolean = () => false): string {
  const kept: string[] = [];
  let changed = false;
  for (const sentence of sentencesOf(text)) {
    let plain = sentence;
    for (const email of findEmails(plain).reverse()) plain = `${plain.slice(0, email.start)}${CUT}${plain.slice(email.end)}`;
    plain = plain.replace(LINK, (link) => (said(link) ? link : CUT)).replace(EMAIL_PLACEHOLDER, CUT);
    changed ||= plain !== sentence;
    if (isInstruction(sentence, plain !== sentence) && !said(sentence)) {
      changed = true;
      continue;
    }
    kept.push(plain);
  }
  return changed ? tidy(kept.join(' ')) : text;
}

/** Where something was taken out, until the text is tidied. */
const CUT = '\uE000';

function tidy(text: string): string {
  return text
    .replace(/\b(?:at|to|on|via|from|see)\s*\uE000/giu, CUT)
    .replace(/\uE000/gu, ' ')
    .replace(/\(\s*\)|\[\s*\]|<\s*>/gu, ' ')
    .replace(/\s+([.,;:!?)])/gu, '$1')
    .replace(/([(\s])[,;:]+/gu, '$1')
    .replace(/\s{2,}/gu, ' ')
    .replace(/^[\s,;:.\-–—]+|[\s,;:\-–—]+$/gu, '')
    .trim();
}
