import { deleteDoc, doc, getDoc, serverTimestamp, setDoc, updateDoc } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { allowed, asUser, denied, seed, useRulesEnv } from './rules-env';

const env = useRulesEnv();
const INSIGHT = 'projects/p1/insights/i1';

async function seedInsight() {
  await seed(env, async (db) => {
    await setDoc(doc(db, 'projects/p1'), { ownerId: 'alice', name: 'Study' });
    await setDoc(doc(db, INSIGHT), {
      title: 'Export is slow',
      description: 'Participants wait for exports.',
      tag: 'export',
      documentId: 'd1',
      source: 'local',
      quotes: [{ text: 'It takes ages', documentId: 'd1', speaker: 'P1', start: 10, end: 23 }],
    });
    await setDoc(doc(db, 'projects/p1/synthesis/current'), { summarySentence: 'Across 1 interview…' });
  });
}

describe('policy: insights', () => {
  it('the owner reads insights and the synthesis', async () => {
    await seedInsight();
    await allowed(getDoc(doc(asUser(env, 'alice'), INSIGHT)));
    await allowed(getDoc(doc(asUser(env, 'alice'), 'projects/p1/synthesis/current')));
  });

  it("another user cannot read an owner's insights", async () => {
    await seedInsight();
    await denied(getDoc(doc(asUser(env, 'bob'), INSIGHT)));
  });

  it('the owner edits the title, description and tag', async () => {
    await seedInsight();
    await allowed(
      updateDoc(doc(asUser(env, 'alice'), INSIGHT), { title: 'Exports block analysis', description: 'Longer.', tag: 'export speed', editedAt: serverTimestamp() }),
    );
  });

  it('the owner moves an insight to another theme', async () => {
    await seedInsight();
    await allowed(updateDoc(doc(asUser(env, 'alice'), INSIGHT), { theme: 'Pain points', editedAt: serverTimestamp() }));
  });

  it('the owner deletes an insight (undoably) and restores it', async () => {
    await seedInsight();
    await allowed(updateDoc(doc(asUser(env, 'alice'), INSIGHT), { deletedAt: serverTimestamp(), editedAt: serverTimestamp() }));
    await allowed(updateDoc(doc(asUser(env, 'alice'), INSIGHT), { deletedAt: null, editedAt: serverTimestamp() }));
  });

  it('an edit must stamp editedAt with the server time', async () => {
    await seedInsight();
    await denied(updateDoc(doc(asUser(env, 'alice'), INSIGHT), { title: 'No stamp' }));
    await denied(updateDoc(doc(asUser(env, 'alice'), INSIGHT), { title: 'Backdated', editedAt: new Date(2000, 0, 1) }));
  });

  it('the owner cannot change quotes, their offsets or the insight source', async () => {
    await seedInsight();
    const quotes = [{ text: 'I love it', documentId: 'd1', speaker: 'P1', start: 10, end: 19 }];
    await denied(updateDoc(doc(asUser(env, 'alice'), INSIGHT), { quotes, editedAt: serverTimestamp() }));
    await denied(updateDoc(doc(asUser(env, 'alice'), INSIGHT), { source: 'manual', editedAt: serverTimestamp() }));
    await denied(updateDoc(doc(asUser(env, 'alice'), INSIGHT), { documentId: 'd2', editedAt: serverTimestamp() }));
    await denied(updateDoc(doc(asUser(env, 'alice'), INSIGHT), { mergedInto: 'i2', editedAt: serverTimestamp() }));
  });

  it('the owner cannot create insights directly (their quotes must be anchored by the API)', async () => {
    await seedInsight();
    await denied(
      setDoc(doc(asUser(env, 'alice'), 'projects/p1/insights/i9'), { title: 'Invented', description: '', tag: '', documentId: 'd1', source: 'manual', quotes: [] }),
    );
  });

  it('nobody hard-deletes an insight from the client', async () => {
    await seedInsight();
    await denied(deleteDoc(doc(asUser(env, 'alice'), INSIGHT)));
  });

  it("another user cannot edit an owner's insight", async () => {
    await seedInsight();
    await denied(updateDoc(doc(asUser(env, 'bob'), INSIGHT), { title: 'Mine now', editedAt: serverTimestamp() }));
  });

  it('titles and tags have size limits', async () => {
    await seedInsight();
    await denied(updateDoc(doc(asUser(env, 'alice'), INSIGHT), { title: 'x'.repeat(201), editedAt: serverTimestamp() }));
    await denied(updateDoc(doc(asUser(env, 'alice'), INSIGHT), { tag: 42, editedAt: serverTimestamp() }));
  });

  it('the owner cannot write the synthesis', async () => {
    await seedInsight();
    await denied(setDoc(doc(asUser(env, 'alice'), 'projects/p1/synthesis/current'), { summarySentence: 'Everyone loves us.' }));
    // Nor say who wrote it: the writer (Gemini or the built-in fallback) is the server's record.
    await denied(updateDoc(doc(asUser(env, 'alice'), 'projects/p1/synthesis/current'), { writer: { analyser: 'gemini', fallback: null } }));
  });

  it("the owner can neither read nor reset the project's Gemini token usage (the ceiling is the server's)", async () => {
    await seedInsight();
    await seed(env, async (db) => setDoc(doc(db, 'projects/p1/geminiUsage/2026-11'), { tokens: 5_000_000, calls: 40 }));
    await denied(getDoc(doc(asUser(env, 'alice'), 'projects/p1/geminiUsage/2026-11')));
    await denied(setDoc(doc(asUser(env, 'alice'), 'projects/p1/geminiUsage/2026-11'), { tokens: 0, calls: 0 }));
    await denied(deleteDoc(doc(asUser(env, 'alice'), 'projects/p1/geminiUsage/2026-11')));
  });
});

describe('policy: share links', () => {
  async function seedShare() {
    await seed(env, async (db) => {
      await setDoc(doc(db, 'projects/p1'), { ownerId: 'alice', name: 'Study' });
      await setDoc(doc(db, 'projects/p1/shareLinks/summary'), { token: 'x'.repeat(43), enabled: true });
      await setDoc(doc(db, `shares/${'x'.repeat(43)}`), { projectId: 'p1', kind: 'summary', enabled: true });
      await setDoc(doc(db, 'projects/p1/publicViews/summary'), { bytes: 10 });
    });
  }

  it('the owner sees their share links', async () => {
    await seedShare();
    await allowed(getDoc(doc(asUser(env, 'alice'), 'projects/p1/shareLinks/summary')));
  });

  it("another user cannot see an owner's share token", async () => {
    await seedShare();
    await denied(getDoc(doc(asUser(env, 'bob'), 'projects/p1/shareLinks/summary')));
  });

  it('the owner cannot turn a link on or off from the client (the API does, keeping the public lookup in step)', async () => {
    await seedShare();
    await denied(updateDoc(doc(asUser(env, 'alice'), 'projects/p1/shareLinks/summary'), { enabled: false }));
  });

  it('nobody reads the public token lookup or the ready-made views from the client', async () => {
    await seedShare();
    await denied(getDoc(doc(asUser(env, 'alice'), `shares/${'x'.repeat(43)}`)));
    await denied(getDoc(doc(asUser(env, 'alice'), 'projects/p1/publicViews/summary')));
  });
});
