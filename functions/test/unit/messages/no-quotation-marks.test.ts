/**
 * Words in quotation marks are a participant's exact words, wherever the product shows them. The server's own
 * sentences (why a Drive file was not imported, why an upload or an analysis stopped, a quota, the notes that say what
 * the parser did with a transcript) never quote a participant, so none may hold quotation marks: a file name, an
 * extension, a speaker label or a line of the file is named plainly. (The contract's messages are checked in
 * contract/test/message-quotation-marks.test.ts.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DriveFailureKind } from '@verbatim/contract/drive';
import { FAILURE_MESSAGES } from '../../../src/analysis/gemini-failure-messages';
import { droppedNote } from '../../../src/analysis/gemini/gemini-analyser';
import { nonEnglishNotice } from '../../../src/analysis/local/non-english';
import { parseTranscript } from '../../../src/analysis/parsers';
import { unbrokenRunsNote } from '../../../src/analysis/parsers/unbroken-runs';
import { driveFailureMessage, internalFailureMessage, outOfTimeMessage, planDriveFile, removedMessage } from '../../../src/drive/drive-files';
import { STUCK_MESSAGES } from '../../../src/interviews/stuck-interviews';
import {
  asksQuotaMessage,
  exportsQuotaMessage,
  FILES_BEING_READ_MESSAGE,
  projectsQuotaMessage,
  reanalysesQuotaMessage,
  rejectedUploadsQuotaMessage,
  searchesQuotaMessage,
  uploadsWaitingQuotaMessage,
} from '../../../src/quotas/quota-messages';
import { privateNotice } from '../../../src/search/ask-privacy';
import { quotedSpans } from '../../support/quotation-marks';

/** Quotation marks of any kind: a pair around words, or a lone double mark. */
function expectNoQuotationMarks(sentence: string, what: string): void {
  expect(quotedSpans(sentence), what).toEqual([]);
  expect(sentence, what).not.toMatch(/[“”„"«»]/);
}

const NAME = 'Interview 3 (final).docx';
const FAILURES: ReadonlyArray<{ kind: DriveFailureKind; size?: number; reason?: string }> = [
  { kind: 'not-found' },
  { kind: 'no-access' },
  { kind: 'too-large' },
  { kind: 'too-large', size: 31_000_000 },
  { kind: 'too-large', reason: 'exportSizeLimitExceeded' },
  { kind: 'rate-limited' },
  { kind: 'unreadable' },
];
const REFUSED_DRIVE_FILES = [
  { id: 'a', name: 'Budget', mimeType: 'application/vnd.google-apps.spreadsheet' },
  { id: 'b', name: 'Deck', mimeType: 'application/vnd.google-apps.presentation' },
  { id: 'c', name: 'Thing', mimeType: 'application/vnd.google-apps.unknown' },
  { id: 'd', name: 'call.mp3', mimeType: 'audio/mpeg' },
  { id: 'e', name: 'notes', mimeType: 'application/octet-stream' },
];

/** Every sentence the server writes for a researcher, with sample arguments. */
function serverSentences(): Array<[string, string]> {
  const at = new Date('2025-03-14T12:00:00Z');
  const drive = REFUSED_DRIVE_FILES.map((file): [string, string] => {
    const plan = planDriveFile(file);
    if (plan.ok) throw new Error(`${file.name} should be refused`);
    return [`planDriveFile(${file.mimeType})`, plan.message];
  });
  return [
    ...FAILURES.map((failure): [string, string] => [`driveFailureMessage(${JSON.stringify(failure)})`, driveFailureMessage(NAME, failure)]),
    ['removedMessage', removedMessage(NAME)],
    ['outOfTimeMessage', outOfTimeMessage(NAME)],
    ['internalFailureMessage', internalFailureMessage(NAME)],
    ...drive,
    ...Object.entries(FAILURE_MESSAGES).map(([code, text]): [string, string] => [`FAILURE_MESSAGES.${code}`, text]),
    ...Object.entries(STUCK_MESSAGES).map(([key, text]): [string, string] => [`STUCK_MESSAGES.${key}`, text]),
    ['projectsQuotaMessage', projectsQuotaMessage(50)],
    ['uploadsWaitingQuotaMessage', uploadsWaitingQuotaMessage(20)],
    ['rejectedUploadsQuotaMessage', rejectedUploadsQuotaMessage(30, 600)],
    ['asksQuotaMessage', asksQuotaMessage(30, 600)],
    ['searchesQuotaMessage', searchesQuotaMessage(60, 20)],
    ['exportsQuotaMessage', exportsQuotaMessage(30, 600)],
    ['reanalysesQuotaMessage', reanalysesQuotaMessage(10, 600)],
    ['FILES_BEING_READ_MESSAGE', FILES_BEING_READ_MESSAGE],
    ['privateNotice', privateNotice(2, false)],
    ['nonEnglishNotice(pt)', nonEnglishNotice('pt')],
    ['nonEnglishNotice(sv)', nonEnglishNotice('sv')],
    ['droppedNote', droppedNote({ quotes: 2, insights: 1 }) ?? ''],
    ['unbrokenRunsNote', unbrokenRunsNote(`${'A few words said here and there. '.repeat(300)}${'x'.repeat(5000)}`) ?? ''],
    ['unbrokenRunsNote (refused)', refusalOf(() => unbrokenRunsNote(`A few words. ${'x'.repeat(5000)}`))],
  ];
}

/** The sentence `read` refuses with. */
function refusalOf(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    return error instanceof Error ? error.message : '';
  }
  return '';
}

const utf8 = (text: string) => new TextEncoder().encode(text);

/** Transcripts that make the parser say what it did: merged labels, left-out lines, a misnamed file, unread times. */
const CRAFTED: ReadonlyArray<{ fileName: string; text: string }> = [
  {
    fileName: 'fathom.txt',
    text: [
      'VIEW RECORDING - 31 mins (No highlights)',
      '',
      '@0:04 - Dana Whitfield (Acme)',
      'Welcome! Could you walk me through how your team reviews the monthly numbers?',
      '',
      '@0:15 - Priya Raman',
      'We export everything to a spreadsheet first, then we argue about which version is the right one.',
      'ACTION ITEM: Send Priya the import template - WATCH',
    ].join('\n'),
  },
  {
    fileName: 'teams.vtt',
    text: ['WEBVTT', '', '0:0:-6.-820 --> 0:0:8.970', '<v Doe, Jane>We moved the whole team onto the new rota.</v>', '', '0:0:9.100 --> 0:0:11.0', '<v Smith, John>How did that go?</v>', ''].join('\n'),
  },
  { fileName: 'zoom.txt', text: 'Recorded on Zoom.\n\nDan: Hello, how do you plan the week?\nEve: On Mondays.\nDan: Why then?\nEve: It is quiet.' },
  { fileName: 'notes.txt', text: 'I went to the shop.\nIt was closed, annoying.\n\nSo I came back.' },
  {
    fileName: 'spelling.txt',
    text: [
      'Dan: What do you use?',
      'Participant: Mostly spreadsheets, shared with the team.',
      'Dan: Why spreadsheets?',
      'Particpant: Everyone can open them.',
      'Dan: And the dashboard?',
      'Participant: Nobody trusts its totals.',
      'Break:',
      'Dan: Anything else?',
      'Participant: No, that is all.',
    ].join('\n'),
  },
  { fileName: 'call.docx', text: 'Dan: What do you use?\nEve: Mostly spreadsheets.\nDan: Why?\nEve: Everyone can open them.' },
  { fileName: 'captions.txt', text: '1\n00:00:01,000 --> 00:00:03,000\nDan: What do you use?\n\n2\n00:00:03,500 --> 00:00:06,000\nEve: Mostly spreadsheets.\n' },
];

const FIXTURE_DIRS = ['../../fixtures/transcripts', '../../fixtures/exports'].map((dir) => join(__dirname, dir));
const TRANSCRIPT_FILE = /\.(txt|md|docx|pdf|vtt|srt|sub)$/;

/** What the parser said about each transcript: its notes and, when it asks, its question about the roles. */
async function parserSentences(): Promise<Array<[string, string]>> {
  const inputs = [
    ...CRAFTED.map(({ fileName, text }) => ({ fileName, bytes: utf8(text) })),
    ...FIXTURE_DIRS.flatMap((dir) =>
      readdirSync(dir)
        .filter((name) => TRANSCRIPT_FILE.test(name))
        .map((name) => ({ fileName: name, bytes: new Uint8Array(readFileSync(join(dir, name))) })),
    ),
  ];
  const said: Array<[string, string]> = [];
  for (const input of inputs) {
    const parsed = await parseTranscript(input);
    for (const note of [...parsed.notes, ...(parsed.rolesQuestion ? [parsed.rolesQuestion] : [])]) said.push([input.fileName, note]);
  }
  return said;
}

describe('no sentence of the server puts anything in quotation marks', () => {
  it.each(serverSentences())('%s', (name, sentence) => {
    expect(sentence, name).not.toBe('');
    expectNoQuotationMarks(sentence, name);
  });

  it('the parser’s notes name labels, lines and file names plainly', { timeout: 60_000 }, async () => {
    const said = await parserSentences();
    const notes = said.map(([, note]) => note);
    // The inputs make the parser say each kind of thing it says about a file.
    for (const start of [
      'A line with the recording tool',
      '1 note filed under the heading ACTION ITEM',
      'One caption has a time that could not be read',
      'Some text has no speaker label',
      'No speaker labels were found',
      'The speaker label Particpant looks like a misspelling',
      'The speaker label Break had no words',
      'The file’s name ends in .docx',
      'The file’s name ends in .txt but it contains SubRip captions',
      'The speaker labels Assistant and AI name the same speaker',
      'The meeting tool writes the speaker',
      'Otter’s closing line was left out',
    ]) {
      expect(notes.some((note) => note.startsWith(start)), start).toBe(true);
    }
    for (const [fileName, note] of said) expectNoQuotationMarks(note, `${fileName}: ${note}`);
  });
});
