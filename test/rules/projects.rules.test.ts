import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { allowed, asUser, asVisitor, denied, seed, useRulesEnv } from './rules-env';

const env = useRulesEnv();

async function seedProject() {
  await seed(env, async (db) => {
    await setDoc(doc(db, 'projects/p1'), { ownerId: 'alice', name: 'Study', counts: { documents: 1, parsed: 1, failed: 0, words: 10 } });
    await setDoc(doc(db, 'projects/p1/documents/d1'), { ownerId: 'alice', projectId: 'p1', name: 'Interview 1', status: 'parsed', speakers: [] });
    await setDoc(doc(db, 'projects/p1/documents/d1/transcript/text-0000'), { kind: 'text', index: 0, text: 'Hello there.' });
    await setDoc(doc(db, 'projects/p2'), { ownerId: 'bob', name: 'Bob study' });
  });
}

describe('policy: projects', () => {
  it('the owner reads their project', async () => {
    await seedProject();
    await allowed(getDoc(doc(asUser(env, 'alice'), 'projects/p1')));
  });

  it("a user cannot read another owner's project", async () => {
    await seedProject();
    await denied(getDoc(doc(asUser(env, 'bob'), 'projects/p1')));
  });

  it('a visitor cannot read a project', async () => {
    await seedProject();
    await denied(getDoc(doc(asVisitor(env), 'projects/p1')));
  });

  it('the owner lists their own projects', async () => {
    await seedProject();
    await allowed(getDocs(query(collection(asUser(env, 'alice'), 'projects'), where('ownerId', '==', 'alice'))));
  });

  it("a user cannot list everyone's projects", async () => {
    await seedProject();
    await denied(getDocs(collection(asUser(env, 'alice'), 'projects')));
  });

  it('a user cannot create a project directly (the API does, with server counts)', async () => {
    await denied(setDoc(doc(asUser(env, 'alice'), 'projects/p9'), { ownerId: 'alice', name: 'Mine' }));
  });

  it('the owner cannot change counts or ownership from the client', async () => {
    await seedProject();
    await denied(updateDoc(doc(asUser(env, 'alice'), 'projects/p1'), { 'counts.documents': 0 }));
    await denied(updateDoc(doc(asUser(env, 'alice'), 'projects/p1'), { ownerId: 'bob' }));
  });

  it('nobody deletes a project from the client (deletion cascades on the server)', async () => {
    await seedProject();
    await denied(deleteDoc(doc(asUser(env, 'alice'), 'projects/p1')));
  });
});

describe('policy: interviews and transcripts', () => {
  it('the owner reads the interview and its transcript', async () => {
    await seedProject();
    await allowed(getDoc(doc(asUser(env, 'alice'), 'projects/p1/documents/d1')));
    await allowed(getDocs(collection(asUser(env, 'alice'), 'projects/p1/documents/d1/transcript')));
  });

  it("another user cannot read an owner's interview or transcript", async () => {
    await seedProject();
    await denied(getDoc(doc(asUser(env, 'bob'), 'projects/p1/documents/d1')));
    await denied(getDocs(collection(asUser(env, 'bob'), 'projects/p1/documents/d1/transcript')));
  });

  it('the owner cannot write status, speakers or transcript text', async () => {
    await seedProject();
    await denied(updateDoc(doc(asUser(env, 'alice'), 'projects/p1/documents/d1'), { status: 'ready' }));
    await denied(updateDoc(doc(asUser(env, 'alice'), 'projects/p1/documents/d1/transcript/text-0000'), { text: 'Invented quote.' }));
    await denied(setDoc(doc(asUser(env, 'alice'), 'projects/p1/documents/d9'), { ownerId: 'alice', status: 'parsed' }));
  });

  it("a user cannot add an interview to another owner's project", async () => {
    await seedProject();
    await denied(setDoc(doc(asUser(env, 'bob'), 'projects/p1/documents/d2'), { ownerId: 'bob', status: 'uploading' }));
  });
});
