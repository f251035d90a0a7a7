/**
 * Proof: reliability — bad files. The bad-input corpus of the parser tests (built with the same
 * helpers) plus variants fuzzed here go through the real pipeline: reservation, then the ingestion
 * service (parse → store → charge). Each must end in one clear sentence on a failed document, with
 * nothing stored and no credit spent; nothing may crash. REL_VERBOSE=1 prints each input's outcome.
 */
import { deflateRawSync } from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import { ACCEPTED_EXTENSIONS } from '@verbatim/contract/transcript';
import { MAX_UPLOAD_BYTES } from '@verbatim/contract/upload-size';
import { ingestInterview, INTERNAL_FAILURE_MESSAGE, type IngestOutcome } from '../../src/ingestion/ingest-interview';
import { reserveInterview } from '../../src/interviews/interview-service';
import { createProject } from '../../src/projects/project-service';
import { clearFirestore } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { fixture } from '../support/fixtures';
import { buildPdf } from '../unit/parsers/helpers/pdf-builder';
import { buildDocx, buildZip, CONTENT_TYPES, endOfCentralDirectory, ROOT_RELS } from '../unit/parsers/helpers/zip-builder';
import { ROOMY_QUOTAS } from '../support/quotas';

const db = () => adminDb();
const MB = 1024 * 1024;
const CREDITS = 50;

interface BadInput {
  name: string;
  fileName: string;
  bytes: Uint8Array;
  /** Declared at reservation when it differs from the real size (a client that lies). */
  declaredSize?: number;
}

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

/** Deterministic pseudo-random bytes (xorshift), as in the parser tests. */
function pseudoRandomBytes(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

/** The corpus of functions/test/unit/analysis/parsers/bad-input.test.ts and integration/ingestion-api.test.ts. */
function corpus(): BadInput[] {
  const c1 = new Uint8Array(300);
  for (let i = 0; i < c1.length; i++) c1[i] = i % 3 === 0 ? 0x20 : 0x80 + ((i * 7) % 32);
  const bombChunk = 900 * 1024;
  const bombDeflated = deflateRawSync(Buffer.alloc(bombChunk));
  const docx = fixture('15_qualcoder_ID1_student-response.docx');
  const pdf = fixture('18_pdpilot_P1_user-study-interview.pdf');
  return [
    { name: 'zero bytes', fileName: 'empty.txt', bytes: new Uint8Array(0) },
    { name: 'over 20 MB', fileName: 'huge.txt', bytes: new Uint8Array(MAX_UPLOAD_BYTES + 1).fill(0x61) },
    { name: 'over 20 MB, declared small', fileName: 'liar.txt', bytes: new Uint8Array(MAX_UPLOAD_BYTES + 1).fill(0x61), declaredSize: 1000 },
    { name: 'byte-order mark only', fileName: 'bom.txt', bytes: new Uint8Array([0xef, 0xbb, 0xbf]) },
    { name: 'whitespace only', fileName: 'blank.txt', bytes: utf8(' \t\r\n\u00a0\n  \u3000\n') },
    { name: 'WebVTT without cues', fileName: 'none.vtt', bytes: utf8('WEBVTT\nKind: captions\n\n') },
    { name: 'blank Word document', fileName: 'blank.docx', bytes: buildDocx(['   ', '']) },
    { name: 'too many words', fileName: 'long.txt', bytes: utf8('word '.repeat(200_001)) },
    { name: 'random bytes, unknown type', fileName: 'upload.bin', bytes: pseudoRandomBytes(4096, 7) },
    { name: 'a PNG named .txt', fileName: 'photo.txt', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...pseudoRandomBytes(64, 3)]) },
    { name: 'JSON', fileName: 'export.json', bytes: utf8('{"speaker": "Dan"}') },
    { name: 'slides', fileName: 'slides.pptx', bytes: utf8('PK\u0003\u0004junk') },
    { name: 'C1-range junk', fileName: 'interview.txt', bytes: c1 },
    { name: 'a run of 0xFF', fileName: 'ff.txt', bytes: new Uint8Array(200).fill(0xff) },
    {
      name: 'password-protected Word',
      fileName: 'secret.docx',
      bytes: new Uint8Array(Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504), Buffer.from('EncryptionInfo', 'utf16le'), Buffer.alloc(50), Buffer.from('EncryptedPackage', 'utf16le'), Buffer.alloc(200)])),
    },
    { name: 'old .doc', fileName: 'old.doc', bytes: new Uint8Array(Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1000)])) },
    { name: 'old .doc named .docx', fileName: 'old.docx', bytes: new Uint8Array(Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1000)])) },
    { name: 'half a Word document', fileName: 'half.docx', bytes: docx.subarray(0, Math.floor(docx.length / 2)) },
    {
      name: 'Word part that is not deflate',
      fileName: 'broken.docx',
      bytes: buildZip([
        { name: '[Content_Types].xml', data: CONTENT_TYPES },
        { name: '_rels/.rels', data: ROOT_RELS },
        { name: 'word/document.xml', data: '<w:document/>', rawDeflated: pseudoRandomBytes(64, 5), declaredSize: 500 },
      ]),
    },
    { name: 'not really a zip', fileName: 'fake.docx', bytes: utf8('PK\u0003\u0004this is not really a zip archive at all') },
    {
      name: 'zip bomb (120 parts, > 100 MB in all)',
      fileName: 'report.docx',
      bytes: buildZip([
        { name: '[Content_Types].xml', data: CONTENT_TYPES },
        ...Array.from({ length: 120 }, (_, i) => ({ name: `word/media/part${i}.bin`, data: '', rawDeflated: bombDeflated, declaredSize: bombChunk })),
      ]),
    },
    {
      name: 'zip bomb (8 MB of zeros in one part)',
      fileName: 'zeros.docx',
      bytes: buildZip([
        { name: '[Content_Types].xml', data: CONTENT_TYPES },
        { name: '_rels/.rels', data: ROOT_RELS },
        { name: 'word/document.xml', data: new Uint8Array(8 * MB) },
      ]),
    },
    {
      name: 'zip part larger than declared',
      fileName: 'liar.docx',
      bytes: buildZip([
        { name: '[Content_Types].xml', data: CONTENT_TYPES },
        { name: '_rels/.rels', data: ROOT_RELS },
        { name: 'word/document.xml', data: new Uint8Array(3 * MB), declaredSize: 4096 },
      ]),
    },
    { name: 'zip declaring 20,000 entries', fileName: 'many.docx', bytes: new Uint8Array(endOfCentralDirectory(20_000, 0, 0)) },
    { name: 'Excel workbook named .docx', fileName: 'sheet.docx', bytes: buildZip([{ name: '[Content_Types].xml', data: CONTENT_TYPES }, { name: 'xl/workbook.xml', data: '<workbook/>' }]) },
    { name: 'zip with encrypted entries', fileName: 'locked.docx', bytes: buildZip([{ name: '[Content_Types].xml', data: CONTENT_TYPES }, { name: 'word/document.xml', data: '<w:document/>', flags: 1 }]) },
    { name: 'scanned PDF (no text)', fileName: 'scan.pdf', bytes: buildPdf([[], []]) },
    { name: 'PDF with page numbers only', fileName: 'numbers.pdf', bytes: buildPdf([['1/2', '1', '2'], ['2/2', '3']]) },
    { name: 'password-protected PDF', fileName: 'locked.pdf', bytes: buildPdf([['Dan: Hello?']], { encrypted: true }) },
    { name: 'half a PDF', fileName: 'half.pdf', bytes: pdf.subarray(0, Math.floor(pdf.length / 2)) },
    { name: 'starts like a PDF', fileName: 'fake.pdf', bytes: utf8('%PDF-1.7\nthis is not really a pdf\n') },
    { name: 'corrupt PDF', fileName: 'broken.pdf', bytes: utf8('%PDF-1.7\n1 0 obj << /Type /Catalog >>\ngarbage') },
  ];
}

/** Variants generated here: truncations, random bytes under each accepted extension, huge lines, giant words, invalid UTF-8. */
function fuzzed(): BadInput[] {
  const inputs: BadInput[] = [];
  for (const file of ['15_qualcoder_ID1_student-response.docx', 'derived/17_DERIVED_anthropic-interviewer_creativity_0082.docx']) {
    const bytes = fixture(file);
    for (const fraction of [0.02, 0.1, 0.3, 0.6, 0.9, 0.98]) {
      inputs.push({ name: `${file.split('/').pop()} cut at ${fraction * 100}%`, fileName: `cut-${fraction}.docx`, bytes: bytes.subarray(0, Math.floor(bytes.length * fraction)) });
    }
  }
  for (const file of ['18_pdpilot_P1_user-study-interview.pdf', '01_pdpilot_P2_user-study-interview.pdf']) {
    const bytes = fixture(file);
    for (const fraction of [0.02, 0.1, 0.3, 0.6, 0.9]) {
      inputs.push({ name: `${file} cut at ${fraction * 100}%`, fileName: `cut-${fraction}.pdf`, bytes: bytes.subarray(0, Math.floor(bytes.length * fraction)) });
    }
  }
  ACCEPTED_EXTENSIONS.forEach((ext, i) => {
    inputs.push({ name: `random bytes as ${ext}`, fileName: `random${ext}`, bytes: pseudoRandomBytes(8192, 101 + i) });
  });
  inputs.push({ name: '5 MB single line of words', fileName: 'one-line.txt', bytes: utf8('lorem ipsum dolor sit amet '.repeat(Math.ceil((5 * MB) / 27))) });
  // Text without spaces, longer than any word: one giant "word", an encoded file saved as text.
  inputs.push({ name: 'one word of 8 MB', fileName: 'giant.txt', bytes: utf8(`Interviewer: hi\nParticipant: ${'a'.repeat(8 * MB)}\n`) });
  inputs.push({ name: '4 MB of base64 as .md', fileName: 'export.md', bytes: utf8(Buffer.from(pseudoRandomBytes(3 * MB, 17)).toString('base64')) });
  // Invalid UTF-8: lone continuation bytes, cut multi-byte sequences, overlongs and surrogates, nothing else.
  const sequences = [[0x80], [0xbf], [0xc3, 0x28], [0xe2, 0x28, 0xa1], [0xf0, 0x28, 0x8c, 0xbc], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xfe], [0x9d, 0x85]];
  const invalid: number[] = [];
  for (let i = 0; i < 600; i++) invalid.push(...sequences[i % sequences.length]);
  inputs.push({ name: 'invalid UTF-8 sequences', fileName: 'invalid-utf8.txt', bytes: new Uint8Array(invalid) });
  return inputs;
}

type Result = { input: BadInput; kind: 'refused' | 'crashed'; code: string; message: string } | { input: BadInput; kind: 'parsed' };

/** Reservation (step one of an upload), then the bytes through the ingestion service, as the API does. */
async function upload(uid: string, projectId: string, input: BadInput): Promise<Result & { documentId: string }> {
  const { document } = await reserveInterview(db(), uid, projectId, { fileName: input.fileName, size: input.declaredSize ?? input.bytes.byteLength }, new Date(), ROOMY_QUOTAS);
  if (document.status === 'failed') return { input, documentId: document.id, kind: 'refused', code: document.errorCode ?? '', message: document.error ?? '' };
  let outcome: IngestOutcome;
  try {
    outcome = await ingestInterview(db(), { uid, projectId, documentId: document.id, bytes: input.bytes, fileName: input.fileName }, undefined, ROOMY_QUOTAS);
  } catch (err) {
    return { input, documentId: document.id, kind: 'crashed', code: 'thrown', message: String(err) };
  }
  if (outcome.status === 'parsed') return { input, documentId: document.id, kind: 'parsed' };
  if (outcome.status === 'failed' && outcome.reason === 'file') return { input, documentId: document.id, kind: 'refused', code: outcome.code, message: outcome.message };
  return { input, documentId: document.id, kind: 'crashed', code: outcome.status, message: 'message' in outcome ? outcome.message : '' };
}

/** One sentence a researcher can act on: capital first, full stop last, no stack or library words, nothing in quotation marks. */
function isClear(message: string): boolean {
  return (
    /^[A-Z].*\.$/s.test(message) &&
    !/[“”"]/.test(message) &&
    message.length < 300 &&
    message !== INTERNAL_FAILURE_MESSAGE &&
    !/\n|\bat .+:\d+|Error:|Exception|undefined|null|TypeError|ENOENT/.test(message)
  );
}

beforeEach(async () => {
  await clearFirestore();
});

describe('bad files through the real pipeline', () => {
  it('each gives one clear sentence on a failed document, stores nothing and costs nothing; none crashes', async () => {
    const now = new Date();
    await db().doc('users/fuzz').set({ email: 'fuzz@example.com', name: '', creditsRemaining: CREDITS, subscriptionActive: false, createdAt: now, updatedAt: now });
    const project = await createProject(db(), 'fuzz', 'Bad files');
    const inputs = [...corpus(), ...fuzzed()];

    const started = Date.now();
    const results: (Result & { documentId: string })[] = [];
    for (let i = 0; i < inputs.length; i += 4) results.push(...(await Promise.all(inputs.slice(i, i + 4).map((input) => upload('fuzz', project.id, input)))));
    const ms = Date.now() - started;

    const refused = results.filter((r) => r.kind === 'refused');
    const clear = refused.filter((r) => r.kind === 'refused' && isClear(r.message));
    const crashed = results.filter((r) => r.kind === 'crashed');
    const parsed = results.filter((r) => r.kind === 'parsed');
    if (process.env.REL_VERBOSE) for (const r of results) console.log(`${r.input.name} → ${r.kind === 'parsed' ? 'parsed' : `${r.kind} ${r.code}: ${r.message}`}`);
    const codes = refused.reduce<Record<string, number>>((acc, r) => (r.kind === 'refused' ? { ...acc, [r.code]: (acc[r.code] ?? 0) + 1 } : acc), {});
    console.log(
      `Bad files: ${inputs.length} inputs, ${clear.length} clear errors, ${crashed.length} crashes` +
        `${parsed.length ? `, ${parsed.length} read as transcripts (${parsed.map((r) => r.input.name).join('; ')})` : ''} ` +
        `[${Object.entries(codes).map(([code, n]) => `${code} ${n}`).join(', ')}] (${ms} ms)`,
    );

    expect(crashed.map((r) => `${r.input.name}: ${r.kind === 'crashed' ? r.message : ''}`)).toEqual([]);
    expect(refused.filter((r) => !isClear(r.kind === 'refused' ? r.message : '')).map((r) => r.input.name)).toEqual([]);
    expect(parsed.map((r) => r.input.name)).toEqual([]);
    expect(clear).toHaveLength(inputs.length);

    // Nothing written for them: failed documents without transcript or insights, no credit spent.
    const docs = (await db().collection(`projects/${project.id}/documents`).get()).docs;
    expect(docs).toHaveLength(inputs.length);
    expect(docs.every((d) => d.get('status') === 'failed' && d.get('creditSpent') === false && typeof d.get('errorCode') === 'string')).toBe(true);
    expect((await db().collectionGroup('transcript').get()).size).toBe(0);
    expect((await db().collection(`projects/${project.id}/insights`).get()).size).toBe(0);
    expect((await db().doc('users/fuzz').get()).get('creditsRemaining')).toBe(CREDITS);
    expect((await db().doc(`projects/${project.id}`).get()).get('counts')).toEqual({ documents: inputs.length, parsed: 0, failed: inputs.length, words: 0 });
  });
});
