/** Words that say something about a label: known roles, pseudo-speakers, and colon words that are not speakers. */
import type { SpeakerRole } from '@verbatim/contract/transcript';

const INTERVIEWER_WORDS = [
  'interviewer',
  'moderator',
  'facilitator',
  'researcher',
  'host',
  'ai',
  'assistant',
  'entrevistador',
  'entrevistadora',
  'moderador',
  'moderadora',
  'pesquisador',
  'pesquisadora',
  'investigador',
  'investigadora',
  'intervieweur',
  'interviewerin',
];
const PARTICIPANT_WORDS = [
  'participant',
  'respondent',
  'interviewee',
  'user',
  'customer',
  'client',
  'guest',
  'candidate',
  'entrevistado',
  'entrevistada',
  'participante',
  'usuario',
  'usuário',
  'usuaria',
  'usuária',
  'teilnehmer',
  'teilnehmerin',
];
/** Short role letters used as labels (Q/A, I/R, P); trusted only when they recur. */
const ROLE_LETTERS: Record<string, SpeakerRole> = {
  q: 'interviewer',
  i: 'interviewer',
  m: 'interviewer',
  question: 'interviewer',
  a: 'participant',
  r: 'participant',
  p: 'participant',
  answer: 'participant',
};

/** Labels that are not people: kept as speakers (so their text is not given to anyone else), role 'unknown'. */
const PSEUDO_SPEAKERS = new Set([
  'break',
  'ad',
  'ads',
  'ad break',
  'sponsor',
  'sponsors',
  'commercial',
  'music',
  'intro',
  'outro',
  'announcer',
  'narrator',
  'voiceover',
  'voice over',
  'recording',
  'video',
  'audio',
  'crosstalk',
  'applause',
  'laughter',
  'silence',
  'background',
  'all',
  'everyone',
  'multiple speakers',
  'unknown',
  'unknown speaker',
]);

/** Colon words at a line start that introduce something other than speech. */
const NOT_SPEAKERS = new Set([
  'note',
  'notes',
  'nota',
  'notas',
  'nb',
  'ps',
  'obs',
  'observação',
  'observacao',
  'example',
  'examples',
  'exemplo',
  'ejemplo',
  'update',
  'edit',
  'warning',
  'caution',
  'tip',
  'hint',
  'important',
  'source',
  'sources',
  'link',
  'links',
  'url',
  'date',
  'data',
  'fecha',
  'time',
  'hora',
  'location',
  'place',
  'duration',
  'length',
  'title',
  'subject',
  'topic',
  'agenda',
  'summary',
  'resumo',
  'task',
  'tasks',
  'goal',
  'goals',
  'objective',
  'context',
  'kind',
  'language',
  'style',
  'webvtt',
  'tags',
  'keywords',
  're',
  'fwd',
  'cc',
  'bcc',
  'to',
  'from',
  'sent',
  'participants',
  'participantes',
  'asistentes',
  'entrevistados',
  'entrevistadores',
  'teilnehmende',
  'participant list',
  'speakers',
  'attendees',
  'attendee',
  'present',
  'absent',
  'interviewers',
  'interviewees',
  'respondents',
  'transcriber',
  'transcribed by',
  'file',
  'filename',
  'project',
  'study',
  'session',
  'interview',
  'transcript',
  'transcription',
  'version',
  'copyright',
  'license',
  'hinweis',
  'anmerkung',
  'beispiel',
  'remarque',
  'exemple',
  '注意',
  'ご注意',
  '注',
  '注記',
  'メモ',
  '備考',
  '例',
  'ヒント',
  '参考',
  '注意事項',
  '提示',
  '注释',
]);

/** Task prompts numbered like "Pergunta 3:" or "Question 2:" (think-aloud scripts): never speakers. */
const PROMPT_WORDS = [
  'pergunta', 'pregunta', 'question', 'questão', 'questao', 'task', 'tarefa', 'tarea', 'step', 'passo', 'paso',
  'item', 'part', 'parte', 'section', 'seção', 'secao', 'sección', 'exercise', 'exercício', 'exercicio', 'ejercicio',
  'scenario', 'cenário', 'cenario', 'escenario', 'q', 't', 'tema', 'topic', 'slide', 'page', 'página', 'pagina',
  'round', 'rodada', 'ronda', 'prompt',
];
const NUMBERED_PROMPT = new RegExp(`^(${PROMPT_WORDS.join('|')})\\s*#?\\d+[a-z]?$`, 'iu');

/** Bracketed transcription marks (`[REDACTED]`, `[inaudible]`, `[laughs]`) that are not speaker ids. */
const ANNOTATION_WORDS = [
  'redacted', 'inaudible', 'unintelligible', 'laughter', 'laughs', 'laughing', 'crosstalk', 'pause', 'pauses',
  'silence', 'music', 'applause', 'noise', 'overlapping', 'overlap', 'cough', 'coughs', 'sighs', 'sigh', 'beep',
  'blank', 'unclear', 'indiscernible', 'foreign', 'background', 'break', 'censored', 'removed', 'name', 'names',
];
const ANNOTATION = new RegExp(`^(${ANNOTATION_WORDS.join('|')})$`, 'i');

/** Sentence openers that are not names when they appear once with a colon. */
const COMMON_WORDS = new Set([
  'so',
  'well',
  'yes',
  'no',
  'yeah',
  'okay',
  'ok',
  'oh',
  'look',
  'listen',
  'remember',
  'now',
  'then',
  'and',
  'but',
  'because',
  'also',
  'here',
  'there',
  'this',
  'that',
  'what',
  'why',
  'how',
  'when',
  'where',
  'who',
  'which',
  'if',
  'the',
  'my',
  'our',
  'your',
  'we',
  'they',
  'it',
  'you',
  'he',
  'she',
  'first',
  'second',
  'third',
  'finally',
  'plus',
  'result',
  'results',
  'problem',
  'solution',
  'rule',
  'lesson',
  'fact',
  'truth',
  'reminder',
  'definition',
  'conclusion',
  'quote',
  'caveat',
  'disclaimer',
  'thanks',
  'hi',
  'hello',
  'dear',
  'sure',
  'right',
  'exactly',
  'true',
  'false',
  'bonus',
  'step',
  'why not',
  'meaning',
  'answer',
  'question',
]);

/** Alias groups: labels that name the same speaker in one transcript. */
export const ALIAS_GROUPS: readonly (readonly string[])[] = [['ai', 'assistant']];

function stem(key: string): string {
  return key
    .toLowerCase()
    .replace(/[\s_-]*\d+$/u, '')
    .trim();
}

/** 'interviewer' / 'participant' for a label that names its role ("Moderator", "Participant 2", "P1"). */
export function roleFromLabel(label: string): SpeakerRole | null {
  const s = stem(label);
  if (INTERVIEWER_WORDS.includes(s)) return 'interviewer';
  if (PARTICIPANT_WORDS.includes(s)) return 'participant';
  if (Object.hasOwn(ROLE_LETTERS, s)) return ROLE_LETTERS[s];
  return null;
}

/** A full role word (not a lone letter): accepted as a label even if it occurs once. */
export function isRoleWord(label: string): boolean {
  const s = stem(label);
  return INTERVIEWER_WORDS.includes(s) || PARTICIPANT_WORDS.includes(s) || /^p\d+$/i.test(label.replace(/\s+/g, ''));
}

/** The full role words, for near-miss matching ("Particpant" → "Participant"). */
export function roleWords(): readonly string[] {
  return [...INTERVIEWER_WORDS, ...PARTICIPANT_WORDS];
}

export function isPseudoSpeaker(label: string): boolean {
  return PSEUDO_SPEAKERS.has(label.toLowerCase());
}

/**
 * Words of the categories call-recording tools file notes under, written in capitals ("ACTION ITEM:", "POSITIVE
 * REACTION:", "NEXT STEPS:"): a label made only of these is a note, never a speaker.
 */
const NOTE_CATEGORY_WORDS = new Set([
  'action', 'actions', 'item', 'items', 'positive', 'negative', 'neutral', 'reaction', 'reactions', 'next', 'step',
  'steps', 'key', 'takeaway', 'takeaways', 'question', 'questions', 'decision', 'decisions', 'highlight', 'highlights',
  'follow', 'up', 'follow-up', 'note', 'notes', 'feedback', 'idea', 'ideas', 'concern', 'concerns', 'risk', 'risks',
  'blocker', 'blockers', 'insight', 'insights', 'summary', 'pain', 'point', 'points', 'feature', 'request', 'requests',
  'bug', 'objection', 'objections', 'topic', 'topics', 'todo', 'to', 'do', 'task', 'tasks', 'quote', 'issue', 'issues',
  'customer', 'pricing', 'competitor', 'competitors', 'mention', 'mentions', 'commitment', 'commitments',
]);

/** A label in capitals of two or more note-category words ("ACTION ITEM"); "QUESTION" alone stays a role letter. */
export function isNoteCategory(label: string): boolean {
  if (label !== label.toUpperCase() || !/\p{Lu}/u.test(label)) return false;
  const words = label.toLowerCase().split(/\s+/);
  return words.length >= 2 && words.every((word) => NOTE_CATEGORY_WORDS.has(word));
}

export function isNeverASpeaker(label: string): boolean {
  const key = label.toLowerCase();
  return NOT_SPEAKERS.has(key) || NUMBERED_PROMPT.test(key) || isNoteCategory(label);
}

export function isAnnotation(bracketContent: string): boolean {
  if (ANNOTATION.test(bracketContent)) return true;
  // Anonymisation placeholders: [REDACTED], [NAME], [COMPANY_NAME] — all capitals, no digits.
  return /^[\p{Lu}_]{4,}$/u.test(bracketContent);
}

export function isCommonWord(label: string): boolean {
  return COMMON_WORDS.has(label.toLowerCase());
}
