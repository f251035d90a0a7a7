import { describe, expect, it } from 'vitest';
import { contentTypeFor, extensionOf, fileRejection, NO_CREDIT_FOR_FILE, planUploads } from './upload-checks';

const MB = 1024 * 1024;

describe('file pre-checks', () => {
  it('accepts the transcript types, whatever the case of the extension', () => {
    for (const name of ['a.txt', 'b.MD', 'c.docx', 'd.pdf', 'e.vtt', 'f.srt', 'g.sub', 'Interview 3.final.TXT']) {
      expect(fileRejection(name, 1000)).toBeNull();
    }
  });

  it('refuses other types with the accepted list', () => {
    expect(fileRejection('notes.pptx', 1000)).toBe('Files ending in .pptx are not supported. Upload one of: .txt, .md, .docx, .pdf, .vtt, .srt, .sub.');
    expect(fileRejection('README', 1000)).toBe('Files without an extension are not supported. Upload one of: .txt, .md, .docx, .pdf, .vtt, .srt, .sub.');
  });

  it('refuses a file over 20 MB, size first', () => {
    expect(fileRejection('big.txt', 20 * MB)).toBeNull();
    expect(fileRejection('big.txt', 20 * MB + 1)).toBe('This file is 20.0 MB; the limit is 20 MB. Split it or export it as text.');
    expect(fileRejection('big.pptx', 31.5 * MB)).toBe('This file is 31.5 MB; the limit is 20 MB. Split it or export it as text.');
  });

  it('lets an empty file through to the server, which records why it failed', () => {
    expect(fileRejection('empty.txt', 0)).toBeNull();
  });

  it('names the extension and the content type Storage accepts', () => {
    expect(extensionOf('a.b.DOCX')).toBe('.docx');
    expect(extensionOf('noext')).toBeNull();
    expect(contentTypeFor('x.srt')).toBe('application/x-subrip');
    expect(contentTypeFor('x.docx')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(contentTypeFor('x.weird')).toBe('application/octet-stream');
  });
});

describe('upload plan', () => {
  const files = [
    { name: 'one.txt', size: 10 },
    { name: 'slides.pptx', size: 10 },
    { name: 'two.vtt', size: 10 },
    { name: 'three.pdf', size: 10 },
  ];

  it('uploads every acceptable file when credits suffice or are unknown', () => {
    for (const credits of [3, 10, null]) {
      const plan = planUploads(files, credits, false);
      expect(plan.upload.map((f) => f.name)).toEqual(['one.txt', 'two.vtt', 'three.pdf']);
      expect(plan.rejected.map((r) => r.file.name)).toEqual(['slides.pptx']);
      expect(plan.outOfCredits).toBe(false);
    }
  });

  it('uploads only as many as a trial has credits for, and asks to subscribe', () => {
    const plan = planUploads(files, 2, false);
    expect(plan.upload.map((f) => f.name)).toEqual(['one.txt', 'two.vtt']);
    expect(plan.rejected).toEqual([
      { file: files[1], reason: expect.stringContaining('Files ending in .pptx are not supported') },
      { file: files[3], reason: NO_CREDIT_FOR_FILE },
    ]);
    expect(plan.outOfCredits).toBe(true);
  });

  it('uploads nothing at 0 credits or fewer', () => {
    for (const credits of [0, -1]) {
      const plan = planUploads([{ name: 'one.txt', size: 10 }], credits, false);
      expect(plan.upload).toEqual([]);
      expect(plan.outOfCredits).toBe(true);
    }
  });

  it('never limits a subscriber', () => {
    const plan = planUploads(files, 0, true);
    expect(plan.upload).toHaveLength(3);
    expect(plan.outOfCredits).toBe(false);
  });

  it('does not ask to subscribe when only refused files were picked', () => {
    const plan = planUploads([{ name: 'slides.pptx', size: 10 }], 0, false);
    expect(plan.outOfCredits).toBe(false);
  });
});

describe('a recording dropped on a project', () => {
  const GB = 1024 ** 3;
  const gemini = { transcribe: true, limits: { maxBytes: GB, maxSeconds: 7200, apiMaxBytes: 32 * MB } };
  const priv = { transcribe: false, limits: gemini.limits };
  const PRIVATE =
    'This project has its analysis set to Verbatim only: recordings are not sent anywhere to be transcribed. Upload the interview’s transcript with timestamps (a .vtt or .srt from Zoom, Teams or Meet), then attach the recording to it.';

  it('becomes an interview where Gemini transcribes, within the limit, and costs a credit as a transcript does', () => {
    expect(fileRejection('call.M4A', 300 * MB, gemini)).toBeNull();
    expect(fileRejection('call.mp4', GB + 1, gemini)).toBe('This recording is 1 GB; the limit is 1 GB. Export it with a lower bit rate, or as audio only (.m4a or .mp3).');
    const plan = planUploads([{ name: 'a.txt', size: 10 }, { name: 'b.webm', size: 10 }], 1, false, gemini);
    expect(plan.upload.map((f) => f.name)).toEqual(['a.txt']);
    expect(plan.rejected).toEqual([{ file: { name: 'b.webm', size: 10 }, reason: NO_CREDIT_FOR_FILE }]);
  });

  it('is refused at once in a private project, saying what to upload instead', () => {
    expect(fileRejection('call.m4a', 10 * MB, priv)).toBe(PRIVATE);
    expect(fileRejection('call.m4a', 10 * MB)).toBe(PRIVATE);
    const plan = planUploads([{ name: 'call.mp3', size: 10 }, { name: 'call.vtt', size: 10 }], 5, false, priv);
    expect(plan.upload.map((f) => f.name)).toEqual(['call.vtt']);
    expect(plan.rejected.map((r) => r.reason)).toEqual([PRIVATE]);
  });
});
