import { describe, expect, it } from 'vitest';
import { rolesChangedMessage, type ApiErrorBody, type SpeakerRolesNow } from '@verbatim/contract/app-error';
import { joinTranscript, type TranscriptPart } from '@verbatim/contract/transcript-parts';
import { adminDb } from '../support/admin';
import { callApi } from '../support/api';
import { fixture, smallInterview } from '../support/fixtures';
import { creditsOf, setCredits, uploadViaApi, userWithProject } from '../support/projects';
import { waitFor } from '../support/wait';

const PAST_PARSING = ['parsed', 'analyzing', 'ready'];


async function storedInterview(projectId: string, documentId: string) {
  return (await adminDb().doc(`projects/${projectId}/documents/${documentId}`).get()).data();
}

async function storedTranscript(projectId: string, documentId: string, speakers: string[]) {
  const parts = await adminDb().collection(`projects/${projectId}/documents/${documentId}/transcript`).get();
  return joinTranscript(parts.docs.map((d) => d.data() as TranscriptPart), speakers);
}

describe('upload through the API', () => {
  it('parses a transcript into speaker turns, stores it and spends one credit', async () => {
    const { user, projectId } = await userWithProject();
    const { reserve, upload } = await uploadViaApi(user.idToken, projectId, '04_interview.txt', fixture('04_anthropic-interviewer_science_0012.txt'));
    expect(reserve.status).toBe(201);
    expect(reserve.body.uploadVia).toBe('api');
    expect(upload?.status).toBe(200);
    expect(upload?.credits).toBe('9');

    const documentId = reserve.body.document.id;
    const doc = await storedInterview(projectId, documentId);
    // Parsed, then handed to the insight engine (its trigger may already have moved it on).
    expect(PAST_PARSING).toContain(doc?.status);
    expect(doc).toMatchObject({ format: 'txt', error: null, creditSpent: true, language: 'en' });
    expect(doc?.speakers.map((s: { label: string; role: string }) => [s.label, s.role])).toEqual([
      ['AI', 'interviewer'],
      ['User', 'participant'],
    ]);
    const transcript = await storedTranscript(projectId, documentId, doc?.speakers.map((s: { label: string }) => s.label));
    expect(transcript.turns).toHaveLength(doc?.turnCount);
    expect(transcript.text).toContain('[REDACTED]');
    // Every turn is a verbatim span of the stored text, with no label inside it.
    for (const turn of transcript.turns) expect(transcript.text.slice(turn.start, turn.end)).not.toMatch(/^(AI|User|Assistant):/);
    expect(await creditsOf(user.uid)).toBe(9);
    const project = (await adminDb().doc(`projects/${projectId}`).get()).data();
    expect(project?.counts).toEqual({ documents: 1, parsed: 1, failed: 0, words: doc?.wordCount });
  });

  it('parses a PDF with timestamps-free turns and the right speakers', async () => {
    const { user, projectId } = await userWithProject();
    const { reserve, upload } = await uploadViaApi(user.idToken, projectId, 'P1.pdf', fixture('18_pdpilot_P1_user-study-interview.pdf'));
    expect(upload?.status).toBe(200);
    const doc = await storedInterview(projectId, reserve.body.document.id);
    expect(doc?.speakers.map((s: { label: string; role: string }) => [s.label, s.role])).toEqual([
      ['Dan', 'interviewer'],
      ['Participant', 'participant'],
    ]);
    expect(doc?.turnCount).toBe(94);
  });

  it('a subscriber uploads without spending credits', async () => {
    const { user, projectId } = await userWithProject();
    await setCredits(user.uid, 0, true);
    const { upload } = await uploadViaApi(user.idToken, projectId, 'c.srt', fixture('06_gvc_eBay-FarhangKassei-Interview-v4.srt'));
    expect(upload?.status).toBe(200);
    expect(await creditsOf(user.uid)).toBe(0);
  });
});

describe('credits', () => {
  it('with 0 credits and no subscription, refuses before any upload with 402 and creates nothing', async () => {
    const { user, projectId } = await userWithProject();
    await setCredits(user.uid, 0);
    const res = await callApi(`/projects/${projectId}/documents`, { token: user.idToken, json: { fileName: 'a.txt', size: 10 } });
    expect(res.status).toBe(402);
    expect(res.body).toEqual({
      error: { code: 'payment-required', message: "You've used all your free trial credits. Subscribe to the Solo plan for unlimited interviews." },
    });
    expect(res.credits).toBe('0');
    expect((await adminDb().collection(`projects/${projectId}/documents`).get()).size).toBe(0);
  });

  it('6 uploads at once with 3 credits: exactly 3 parsed, 3 refused with 402, credits end at 0', async () => {
    const { user, projectId } = await userWithProject();
    await setCredits(user.uid, 3);
    const bytes = smallInterview();
    // All six reserve first (each sees credits left), then all upload at once.
    const reserved = await Promise.all(
      Array.from({ length: 6 }, (_, i) => callApi<{ document: { id: string } }>(`/projects/${projectId}/documents`, {
        token: user.idToken,
        json: { fileName: `group-${i}.txt`, size: bytes.length },
      })),
    );
    expect(reserved.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const uploads = await Promise.all(
      reserved.map((r) => callApi(`/projects/${projectId}/documents/${r.body.document.id}/content`, {
        token: user.idToken, method: 'PUT', rawBody: bytes, contentType: 'application/octet-stream',
      })),
    );
    expect(uploads.map((u) => u.status).sort()).toEqual([200, 200, 200, 402, 402, 402]);
    expect(await creditsOf(user.uid)).toBe(0);
    const docs = (await adminDb().collection(`projects/${projectId}/documents`).get()).docs.map((d) => d.data());
    expect(docs.filter((d) => PAST_PARSING.includes(d.status) && d.creditSpent === true)).toHaveLength(3);
    expect(docs.filter((d) => d.status === 'failed' && d.errorCode === 'out-of-credits')).toHaveLength(3);
  });
});

describe('bad input: a clear error on the document, status failed, no credit spent', () => {
  const cases: { name: string; fileName: string; bytes: Buffer; code: string; message: RegExp }[] = [
    { name: 'an empty file', fileName: 'empty.txt', bytes: Buffer.alloc(0), code: 'empty', message: /empty/ },
    { name: 'whitespace only', fileName: 'blank.txt', bytes: Buffer.from('  \n\t \r\n  '), code: 'whitespace-only', message: /no text|only blank|whitespace|blank/i },
    { name: 'an unknown type', fileName: 'slides.pptx', bytes: Buffer.from('PK\u0003\u0004junk'), code: 'unsupported-type', message: /\.txt, \.md, \.docx, \.pdf, \.vtt, \.srt, \.sub/ },
    { name: 'binary junk named .txt', fileName: 'junk.txt', bytes: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 97 + 13) % 256)), code: 'unsupported-type', message: /\.txt, \.md/ },
    { name: 'a corrupt PDF', fileName: 'broken.pdf', bytes: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >>\ngarbage'), code: 'corrupt', message: /PDF/ },
    { name: 'a corrupt DOCX', fileName: 'broken.docx', bytes: Buffer.from('PK\u0003\u0004this is not really a zip archive at all'), code: 'corrupt', message: /Word|DOCX|docx/ },
  ];

  for (const c of cases) {
    it(c.name, async () => {
      const { user, projectId } = await userWithProject();
      const { reserve, upload } = await uploadViaApi(user.idToken, projectId, c.fileName, c.bytes);
      const doc = await storedInterview(projectId, reserve.body.document.id);
      expect(doc?.status).toBe('failed');
      expect(doc?.errorCode).toBe(c.code);
      expect(doc?.error).toMatch(c.message);
      if (upload) expect(upload.status).toBe(422);
      expect(await creditsOf(user.uid)).toBe(10);
      expect((await adminDb().collection(`projects/${projectId}/documents/${reserve.body.document.id}/transcript`).get()).size).toBe(0);
    });
  }

  it('a file declared over 20 MB is refused before its upload', async () => {
    const { user, projectId } = await userWithProject();
    const res = await callApi<{ document: { id: string; status: string; error: string } }>(`/projects/${projectId}/documents`, {
      token: user.idToken,
      json: { fileName: 'huge.pdf', size: 25 * 1024 * 1024 },
    });
    expect(res.status).toBe(201);
    expect(res.body.document).toMatchObject({ status: 'failed', error: 'This file is 25.0 MB; the limit is 20 MB. Split it or export it as text.' });
    expect(await creditsOf(user.uid)).toBe(10);
  });

  it('an upload into a document that is already parsed changes nothing', async () => {
    const { user, projectId } = await userWithProject();
    const bytes = smallInterview();
    const { reserve } = await uploadViaApi(user.idToken, projectId, 'a.txt', bytes);
    const again = await callApi(`/projects/${projectId}/documents/${reserve.body.document.id}/content`, {
      token: user.idToken, method: 'PUT', rawBody: bytes, contentType: 'application/octet-stream',
    });
    expect(again.status).toBe(409);
    expect(await creditsOf(user.uid)).toBe(9);
  });
});

describe('document edits', () => {
  it('the owner renames an interview and, once it is analysed, corrects a speaker role (analysed again)', async () => {
    const { user, projectId } = await userWithProject();
    const { reserve } = await uploadViaApi(user.idToken, projectId, '04.txt', fixture('04_anthropic-interviewer_science_0012.txt'));
    const id = reserve.body.document.id;
    // A role change waits for the analysis in progress (409 meanwhile): see the pipeline tests.
    await waitFor(async () => (await storedInterview(projectId, id))?.status, (status) => status === 'ready');
    const res = await callApi<{ reanalysing: boolean }>(`/projects/${projectId}/documents/${id}`, {
      token: user.idToken,
      method: 'PATCH',
      json: { name: 'Scientist 12', speakers: [{ label: 'AI', role: 'participant' }], rolesVersion: 0 },
    });
    expect(res.status).toBe(200);
    expect(res.body.reanalysing).toBe(true);
    const doc = await storedInterview(projectId, id);
    expect(doc?.name).toBe('Scientist 12');
    expect(doc?.speakers.find((s: { label: string }) => s.label === 'AI').role).toBe('participant');

    const bad = await callApi(`/projects/${projectId}/documents/${id}`, {
      token: user.idToken, method: 'PATCH', json: { speakers: [{ label: 'Ghost', role: 'participant' }], rolesVersion: 1 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: { code: 'invalid', message: 'There is no speaker named Ghost in this interview.' } });
  });

  it('two role changes made from the same read: one is made and charged, the other refused (409) with the roles as they are now; a change from those works', async () => {
    const { user, projectId } = await userWithProject();
    const { reserve } = await uploadViaApi(user.idToken, projectId, '04.txt', fixture('04_anthropic-interviewer_science_0012.txt'));
    const id = reserve.body.document.id;
    const ready = () => waitFor(async () => (await storedInterview(projectId, id))?.status, (status) => status === 'ready');
    await ready();
    const roles = async () => ((await storedInterview(projectId, id))?.speakers as SpeakerRolesNow['speakers']).map(({ label, role }) => ({ label, role }));
    const patch = (speakers: { label: string; role: string }[], rolesVersion: number) =>
      callApi<ApiErrorBody<SpeakerRolesNow>>(`/projects/${projectId}/documents/${id}`, { token: user.idToken, method: 'PATCH', json: { speakers, rolesVersion } });
    const read = await storedInterview(projectId, id);
    expect(read?.rolesVersion).toBe(0);
    expect(await creditsOf(user.uid)).toBe(9);

    // Two tabs showing the same roles: one makes AI a participant, the other sends the roles it shows with User changed.
    const changes = [[{ label: 'AI', role: 'participant' }], [{ label: 'AI', role: 'interviewer' }, { label: 'User', role: 'unknown' }]];
    const answers = await Promise.all(changes.map((speakers) => patch(speakers, read?.rolesVersion)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const made = changes[answers.findIndex((a) => a.status === 200)];
    const now = await roles();
    for (const { label, role } of made) expect(now.find((s) => s.label === label)?.role).toBe(role);
    expect((await storedInterview(projectId, id))?.rolesVersion).toBe(1);
    expect(await creditsOf(user.uid)).toBe(8);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body).toEqual({ error: { code: 'conflict', message: rolesChangedMessage(now), details: { speakers: now, rolesVersion: 1 } } });
    expect(refused.body.error.message).toMatch(/^These speaker roles were changed meanwhile .*no credit was used\. Now AI is the (participant|interviewer), User is /);

    // The same stale version again, once the analysis is done: still refused, nothing changed or spent.
    await ready();
    expect((await patch([{ label: 'AI', role: 'unknown' }], 0)).status).toBe(409);
    expect(await roles()).toEqual(now);
    expect(await creditsOf(user.uid)).toBe(8);

    // From the roles as they are now: made, and charged once.
    const fresh = await patch([{ label: 'AI', role: 'unknown' }], 1);
    expect(fresh.status).toBe(200);
    expect((await roles()).find((s) => s.label === 'AI')?.role).toBe('unknown');
    expect((await storedInterview(projectId, id))?.rolesVersion).toBe(2);
    expect(await creditsOf(user.uid)).toBe(7);
  });
});
