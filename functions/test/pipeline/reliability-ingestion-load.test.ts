/**
 * Proof: reliability — ingestion under load. Twenty real transcripts (the shared fixtures, every
 * format, cycling) land in one project at once and go through the in-process ingestion service.
 */
import { readdirSync } from 'node:fs';
import type { DocumentData } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { ingestInterview } from '../../src/ingestion/ingest-interview';
import { reserveInterview } from '../../src/interviews/interview-service';
import { createProject } from '../../src/projects/project-service';
import { clearFirestore } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { fixture } from '../support/fixtures';

const db = () => adminDb();
const COUNT = 20;
const DIR = new URL('../fixtures/transcripts/', import.meta.url);
const TRANSCRIPT = /^\d\d_.*\.(txt|md|docx|pdf|vtt|srt|sub)$/;
const FILES = [
  ...readdirSync(DIR).filter((f) => TRANSCRIPT.test(f)),
  ...readdirSync(new URL('derived/', DIR)).filter((f) => TRANSCRIPT.test(f)).map((f) => `derived/${f}`),
].sort();

beforeEach(async () => {
  await clearFirestore();
});

describe('ingestion under load', () => {
  it(`${COUNT} transcripts at once in one project: all parsed, counts consistent, none left in a transient status`, async () => {
    const now = new Date();
    await db().doc('users/loaded').set({ email: 'loaded@example.com', name: '', creditsRemaining: 25, subscriptionActive: false, createdAt: now, updatedAt: now });
    const project = await createProject(db(), 'loaded', 'Load');
    const inputs = Array.from({ length: COUNT }, (_, i) => {
      const file = FILES[i % FILES.length];
      return { file, fileName: `${String(i).padStart(2, '0')}-${file.split('/').pop()}`, bytes: fixture(file) };
    });

    const started = Date.now();
    const reservations = await Promise.all(inputs.map((input) => reserveInterview(db(), 'loaded', project.id, { fileName: input.fileName, size: input.bytes.length })));
    const outcomes = await Promise.all(
      reservations.map((r, i) =>
        ingestInterview(db(), { uid: 'loaded', projectId: project.id, documentId: r.document.id, bytes: inputs[i].bytes, fileName: inputs[i].fileName }),
      ),
    );
    const ms = Date.now() - started;

    const docs = (await db().collection(`projects/${project.id}/documents`).get()).docs.map((d): DocumentData => ({ ...d.data(), id: d.id }));
    const counts = (await db().doc(`projects/${project.id}`).get()).get('counts');
    const words = docs.reduce((sum, d) => sum + d.wordCount, 0);
    const transient = docs.filter((d) => ['uploading', 'parsing', 'analyzing'].includes(d.status));
    const megabytes = inputs.reduce((sum, input) => sum + input.bytes.length, 0) / 1024 / 1024;
    console.log(
      `Ingestion under load: ${COUNT} transcripts (${new Set(inputs.map((i) => i.file)).size} files, ${[...new Set(docs.map((d) => d.format))].sort().join('/')}, ` +
        `${megabytes.toFixed(1)} MB) at once in one project → ${outcomes.filter((o) => o.status === 'parsed').length} parsed, ` +
        `${outcomes.filter((o) => o.status !== 'parsed').length} not; counts ${JSON.stringify(counts)}; ${transient.length} transient; ${ms} ms`,
    );

    // Each is read: charged and waiting for the insight engine (no trigger runs here), or, where its speakers' roles
    // are a guess, waiting for its owner to check them, uncharged. Nothing in between.
    const charged = outcomes.filter((o) => o.status === 'parsed').length;
    expect(outcomes.every((o) => o.status === 'parsed' || o.status === 'awaiting-roles')).toBe(true);
    expect(charged).toBeGreaterThan(COUNT / 2);
    expect(docs).toHaveLength(COUNT);
    expect(
      docs.every((d) => ((d.status === 'parsed' && d.creditSpent === true) || (d.status === 'awaiting-roles' && d.creditSpent === false)) && d.error === null && d.wordCount > 0),
    ).toBe(true);
    expect(transient).toHaveLength(0);
    expect(counts).toEqual({ documents: COUNT, parsed: COUNT, failed: 0, words });
    expect(words).toBe(outcomes.reduce((sum, o) => sum + ('wordCount' in o ? o.wordCount : 0), 0));
    expect((await db().doc('users/loaded').get()).get('creditsRemaining')).toBe(25 - charged);
    // Every document has its whole transcript stored.
    const partless = [];
    for (const d of docs) {
      const parts = await db().collection(`projects/${project.id}/documents/${d.id}/transcript`).get();
      if (parts.size === 0) partless.push(d.fileName);
    }
    expect(partless).toEqual([]);
  });
});
