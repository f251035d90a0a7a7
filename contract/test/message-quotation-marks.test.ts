/**
 * Words in quotation marks are a participant's exact words, wherever the product shows them. No sentence of the
 * contract quotes a participant, so none may hold a quotation mark: a file name, an extension, a speaker label, a
 * field or a button is named plainly. Every message the contract exports (a constant, a table of them, or a builder,
 * found by its name) and every refusal of a request body is read here with sample arguments, so a new one is checked
 * as soon as it is written.
 */
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { readBody } from '../src/request-bodies';

const modules = import.meta.glob<Record<string, unknown>>('../src/**/*.ts', { eager: true });

/** Double marks of any language, an opening single mark, or straight single marks around words ('Save'). */
const QUOTATION_MARKS = /[“”„‟"«»‹›「」『』]|‘|(?:^|[\s(])'[^'\s][^']*'(?=$|[\s.,;:!?)])/u;

/** Exports that are sentences a researcher reads, by their names. */
const MESSAGE_NAME = /(?:MESSAGES?|Message|Error|TooLong)$/;

/** Arguments that make a builder speak, where the generic ones (names, then numbers) would not. */
const SAMPLES: Record<string, readonly unknown[][]> = {
  rolesChangedMessage: [
    [
      [
        { label: 'Interviewer', role: 'interviewer' },
        { label: 'Maria Costa', role: 'participant' },
        { label: 'Speaker 3', role: 'unknown' },
      ],
    ],
  ],
  driveUnsupportedTypeMessage: [
    ['call.mp3', '.mp3'],
    ['Budget 2024', null],
  ],
  'UPLOAD_SIZE_MESSAGES.tooLarge': [[25_000_000, 'Interview 3.pdf'], [25_000_000]],
  'UPLOAD_SIZE_MESSAGES.overLimit': [['Interview 3.pdf'], [undefined]],
  unsupportedFormatMessage: [['slides.pptx'], ['README']],
  projectNameError: [[''], ['x'.repeat(500)], [7]],
  documentNameError: [[' '], ['x'.repeat(500)]],
  speakerNameError: [[' '], ['Ana: P1'], ['x'.repeat(100)]],
  turnTextError: [
    [2, 'Maria: and then?', ['Maria']],
    [0, ' ', []],
  ],
  insightTextError: [
    ['title', '', true],
    ['tag', 'x'.repeat(100), false],
  ],
  insightTextTooLong: [['description']],
  passageOffsetsError: [
    [5, 2],
    [0, 1_000_000],
  ],
  'CORRECTION_MESSAGES.noSuchSpeaker': [['Ghost'], [undefined], [3]],
  'CORRECTION_MESSAGES.labelInTurn': [[2, 'Maria Costa']],
  'RECORDING_MESSAGES.unsupportedCodec': [['AC-3']],
  'RECORDING_MESSAGES.redactedSinceUpload': [[true], [false]],
  'RECORDING_MESSAGES.privateSinceUpload': [[true], [false]],
  'RECORDING_CEILING_MESSAGES.project': [[5_000_000, new Date('2026-12-31T23:00:00Z')]],
  'ALLOWANCE_MESSAGES.notAsked': [['project', 2_000_000, new Date('2026-12-31T23:00:00Z')], ['account', 5_000_000, new Date('2026-02-10T12:00:00Z')]],
  'ALLOWANCE_MESSAGES.askQuotes': [['project', 2_000_000, new Date('2026-12-31T23:00:00Z')], ['account', 5_000_000, new Date('2026-02-10T12:00:00Z')]],
  'ALLOWANCE_MESSAGES.analysis': [['project', 2_000_000, new Date('2026-12-31T23:00:00Z')], ['account', 5_000_000, new Date('2026-02-10T12:00:00Z')]],
  'ALLOWANCE_MESSAGES.transcription': [['project', 2_000_000, new Date('2026-12-31T23:00:00Z')], ['account', 5_000_000, new Date('2026-02-10T12:00:00Z')]],
  'RECORDING_CEILING_MESSAGES.account': [[20_000_000, new Date('2026-02-10T12:00:00Z')]],
};

const NAMES = ['Interview 3 (final).mp3', 'Maria Costa', 'Speaker 2'];
const NUMBERS = [2, 25_000_000, 7_200];

const isClass = (fn: (...args: unknown[]) => unknown) => /^class\b/.test(Function.prototype.toString.call(fn));

/** What a builder says for each set of arguments it accepts (a builder that refuses an argument says nothing). */
function spoken(name: string, build: (...args: unknown[]) => unknown): string[] {
  const argumentSets = SAMPLES[name] ?? [NAMES.slice(0, build.length), NUMBERS.slice(0, build.length)];
  return argumentSets.flatMap((args) => {
    try {
      const said = build(...args);
      return typeof said === 'string' ? [said] : [];
    } catch {
      return [];
    }
  });
}

/** Every message the contract exports, each with what it says (one sentence per set of sample arguments). */
function contractMessages(): Array<{ name: string; sentences: string[] }> {
  const found = new Map<string, string[]>();
  const add = (name: string, value: unknown) => {
    if (typeof value === 'string') found.set(name, [value]);
    else if (typeof value === 'function' && !isClass(value as (...args: unknown[]) => unknown)) found.set(name, spoken(name, value as (...args: unknown[]) => unknown));
  };
  for (const exports of Object.values(modules)) {
    for (const [name, value] of Object.entries(exports)) {
      if (!MESSAGE_NAME.test(name) || /^is[A-Z]/.test(name)) continue;
      if (typeof value === 'object' && value !== null) for (const [key, entry] of Object.entries(value)) add(`${name}.${key}`, entry);
      else add(name, value);
    }
  }
  return [...found].map(([name, sentences]) => ({ name, sentences }));
}

/** Values a client might send for any field: wrong types, blanks, too long, and lists of wrong things. */
const BAD_VALUES: readonly unknown[] = [
  undefined,
  null,
  7,
  -1,
  1.5,
  '',
  '  ',
  'x'.repeat(6000),
  true,
  [],
  {},
  ['x'],
  [{}],
  [null],
  [{ index: 99, text: 7 }],
  [{ index: 0, text: 'Interviewer: and then?' }],
  [
    { index: 0, text: 'One.' },
    { index: 0, text: 'Two.' },
  ],
  [{ label: 'Ghost', role: 'boss' }],
  [{ label: 3, role: 'participant' }],
  [{ from: 'Ghost', to: 'Ana' }],
  [{ from: 'Ana', to: 'Ana: P1' }],
  [{ id: '!', name: ' ', mimeType: 7 }],
  [{ id: 'abc', name: 'x'.repeat(2000), mimeType: 'text/plain' }],
  Array.from({ length: 30 }, (_, i) => ({ id: `f${i}`, name: `P${i}.txt`, mimeType: 'text/plain' })),
];

/** Schemas that are built for one interview: built here for one with four turns and two speakers. */
const BUILDER_ARGUMENTS: Record<string, unknown[]> = {
  updateInterviewBody: [['Interviewer', 'Ana']],
  correctTranscriptBody: [4, ['Interviewer', 'Ana'], ['Int.']],
};

type Schema = z.ZodType & { shape?: Record<string, unknown>; in?: { shape?: Record<string, unknown> } };

const isSchema = (value: unknown): value is Schema => value instanceof z.ZodType;

/** Every schema of a request body (or query) the contract exports, by name. */
function requestSchemas(): Array<[string, Schema]> {
  const bodies = modules['../src/request-bodies.ts'];
  return Object.entries(bodies).flatMap(([name, value]): Array<[string, Schema]> => {
    if (isSchema(value)) return [[name, value]];
    const args = BUILDER_ARGUMENTS[name];
    if (typeof value !== 'function' || args === undefined) return [];
    const built: unknown = (value as (...a: unknown[]) => unknown)(...args);
    return isSchema(built) ? [[name, built]] : [];
  });
}

/** Every sentence a schema refuses a body with: the body itself wrong, then each field wrong in every way above. */
function refusals(schema: Schema): string[] {
  const fields = Object.keys(schema.shape ?? schema.in?.shape ?? {});
  const bodies: unknown[] = [undefined, null, 'text', [], {}, ...fields.flatMap((field) => BAD_VALUES.map((value) => ({ [field]: value })))];
  const sentences = new Set<string>();
  for (const body of bodies) {
    const result = schema.safeParse(body);
    if (!result.success) for (const issue of result.error.issues) sentences.add(issue.message);
  }
  return [...sentences];
}

describe('no message of the contract puts anything in quotation marks', () => {
  const messages = contractMessages();

  it('finds the messages to read: the recording, transcript, Drive and correction sentences among them', () => {
    const names = messages.map((m) => m.name);
    for (const name of [
      'RECORDING_MESSAGES.notMedia',
      'RECORDING_MESSAGES.corrupt',
      'RECORDING_MESSAGES.silent',
      'CORRECTION_MESSAGES.labelInTurn',
      'CORRECTION_MESSAGES.noSuchSpeaker',
      'CORRECTION_MESSAGES.speakerNameColon',
      'unsupportedFormatMessage',
      'UPLOAD_SIZE_MESSAGES.tooLarge',
      'UPLOAD_SIZE_MESSAGES.refused',
      'driveUnsupportedTypeMessage',
      'driveRefusalMessage',
      'rolesChangedMessage',
    ]) {
      expect(names).toContain(name);
    }
  });

  it.each(messages.map((m) => [m.name, m.sentences] as const))('%s', (name, sentences) => {
    // A builder that says nothing for its sample arguments is not checked: give it arguments in SAMPLES.
    expect(sentences, `${name} said nothing for its sample arguments`).not.toEqual([]);
    for (const sentence of sentences) expect(sentence, name).not.toMatch(QUOTATION_MARKS);
  });

  it('names a file, an extension or a speaker plainly, where the sentence reads it', () => {
    const sentences = messages.flatMap((m) => m.sentences);
    expect(sentences).toContain('The file call.mp3 cannot be imported: files ending in .mp3 are not supported. Import Google Docs or files of type: .txt, .md, .docx, .pdf, .vtt, .srt, .sub.');
    expect(sentences).toContain('There is no speaker named Ghost in this interview.');
    expect(sentences.some((s) => s.startsWith('The file Interview 3 (final).mp3 is not an audio or video recording.'))).toBe(true);
  });

  it('the checker itself sees quotation marks around a name, and not an apostrophe', () => {
    for (const quoted of ['“call.mp3” is not…', 'The label "Ana" had…', 'Use the ‘Correct’ button.', "Use the 'Correct' button.", 'Files of type «.xyz»']) {
      expect(quoted).toMatch(QUOTATION_MARKS);
    }
    for (const plain of ['The speaker’s words.', "You've used all your credits.", "participants' words", 'The file call.mp3 is not…']) {
      expect(plain).not.toMatch(QUOTATION_MARKS);
    }
  });
});

describe('no refusal of a request body puts anything in quotation marks', () => {
  const schemas = requestSchemas();

  it('reads every body the API takes, the ones built for one interview too', () => {
    const names = schemas.map(([name]) => name);
    for (const name of ['reserveInterviewBody', 'updateInterviewBody', 'correctTranscriptBody', 'driveImportRequestBody', 'profileRequestBody', 'shareEnabledBody']) {
      expect(names).toContain(name);
    }
    // A body that takes everything would have no refusal to read.
    expect(readBody(schemas.find(([name]) => name === 'reserveInterviewBody')![1], {}).ok).toBe(false);
  });

  it.each(schemas)('%s', (name, schema) => {
    const sentences = refusals(schema);
    expect(sentences, `${name} refused nothing`).not.toEqual([]);
    for (const sentence of sentences) expect(sentence, name).not.toMatch(QUOTATION_MARKS);
  });
});
