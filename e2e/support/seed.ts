import { analyseInterview } from '../../functions/src/analysis-runs/analyse-interview';
import { analyserChoice } from '../../functions/src/analysis-runs/choose-analyser';
import { serverConfig } from '../../functions/src/config/server-config';
import { ingestInterview } from '../../functions/src/ingestion/ingest-interview';
import { reserveInterview } from '../../functions/src/interviews/interview-service';
import { createProject } from '../../functions/src/projects/project-service';
import { requestSynthesis } from '../../functions/src/analysis-runs/project-synthesis';
import { storeSearchDataAfterAnalysis } from '../../functions/src/search/passage-store';
import { adminDb } from '../../functions/test/support/admin';
import { fixture } from '../../functions/test/support/fixtures';
import { waitFor } from '../../functions/test/support/wait';

export interface SeedFile {
  name: string;
  bytes: Buffer;
}

/**
 * A ready project, as the pipeline leaves it, for tests about what comes after it: each interview reserved (its credit
 * spent), parsed, analysed by the built-in analyser, its search data stored, then the synthesis and the public views
 * written. Every step is the server's own module, called in-process (as functions/test/pipeline does), so the state
 * cannot drift from what an upload makes; only the browser, the upload request and the synthesis's 1.5 s wait are
 * skipped. The emulated triggers still see each change: one of them may claim an analysis first (the claim is a
 * transaction, so it runs once either way), and the seed then waits for it and for the latest synthesis request.
 * A journey (e2e/support/journey.ts) and the workspace walk drive the real pipeline through the page.
 */
export async function seedReadyProject(
  owner: { uid: string },
  projectName: string,
  files: ReadonlyArray<string | SeedFile>,
): Promise<{ projectId: string; documentIds: string[] }> {
  const project = await createProject(adminDb(), owner.uid, projectName, { settings: { analyser: 'local' } });
  return { projectId: project.id, documentIds: await seedReadyInterviews(owner, project.id, files) };
}

/** Interviews added to an existing project of `owner` as `seedReadyProject` adds them; their ids, in order. */
export async function seedReadyInterviews(owner: { uid: string }, projectId: string, files: ReadonlyArray<string | SeedFile>): Promise<string[]> {
  const db = adminDb();
  const documentIds: string[] = [];
  for (const file of files) {
    const { name, bytes } = typeof file === 'string' ? { name: file, bytes: fixture(file) } : file;
    const { document } = await reserveInterview(db, owner.uid, projectId, { fileName: name, size: bytes.length });
    const ingested = await ingestInterview(db, { uid: owner.uid, projectId, documentId: document.id, bytes, fileName: name });
    if (ingested.status !== 'parsed') throw new Error(`Could not seed ${name}: ${JSON.stringify(ingested)}`);
    const analysed = await analyseInterview({ db, chooseAnalyser: analyserChoice(serverConfig().gemini) }, projectId, document.id);
    if (analysed.status === 'failed') throw new Error(`Could not seed ${name}: ${analysed.message}`);
    if (analysed.status === 'ready') await storeSearchDataAfterAnalysis(db, projectId, document.id);
    documentIds.push(document.id);
  }
  // Every interview ready (some perhaps analysed by the trigger), then the synthesis without the debounce.
  const statuses = () => Promise.all(documentIds.map(async (id) => (await db.doc(`projects/${projectId}/documents/${id}`).get()).get('status')));
  await waitFor(statuses, (all) => all.every((s) => s === 'ready'), 60_000, 250);
  await requestSynthesis({ db, debounceMs: 0 }, projectId);
  await waitForSynthesis(projectId);
  return documentIds;
}

/**
 * Until the project's latest synthesis request is written (a trigger's later request included). Read every 250 ms: a
 * synthesis waits 200 ms for more changes (SYNTHESIS_DEBOUNCE_MS), then takes a function's run.
 */
export async function waitForSynthesis(projectId: string): Promise<void> {
  const db = adminDb();
  await waitFor(
    async () => {
      const [project, synthesis] = await Promise.all([db.doc(`projects/${projectId}`).get(), db.doc(`projects/${projectId}/synthesis/current`).get()]);
      return { requested: project.get('synthesisRequested'), written: synthesis.get('generation') };
    },
    ({ requested, written }) => typeof written === 'number' && written === requested,
    60_000,
    250,
  );
}
