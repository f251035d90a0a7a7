import { createHash, randomUUID } from 'node:crypto';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { synthesisFromData } from '@verbatim/contract/insight-data';
import { loadWordVectors } from '../analysis/meaning';
import { serverCallOptions } from '../analysis/gemini/options';
import { writeSynthesisWithGemini } from '../analysis/gemini-synthesis';
import { synthesiseProject, type SynthesisInterview } from '../analysis/synthesis';
import { serverConfig, type GeminiSettings } from '../config/server-config';
import { isVisibleInsight, type ProjectSynthesis, type SynthesisWriter } from '@verbatim/contract/insight';
import type { ProjectSettings } from '@verbatim/contract/project';
import { logs } from '../lib/logs';
import { projectRef } from '../projects/refs';
import { buildPublicViews } from '../publishing/public-views';
import { gzipViews, setPublicViews } from '../publishing/public-view-store';
import { clipIdsOfView, deletePublicClips } from '../publishing/public-clips';
import { defaultRecordingStore, type RecordingStore } from '../storage/recording-store';
import { ceilingReached, recordGeminiUsage, type UsageScope } from './gemini-usage';
import { ALLOWANCE_MESSAGES } from '@verbatim/contract/allowance-messages';
import { insightsCollection, synthesisRef } from '../insights/refs';
import { interviewsCollection } from '../interviews/interview-refs';

export interface SynthesisDeps {
  db: Firestore;
  /** How long to wait for more changes before recomputing (default: the server limit `SYNTHESIS_DEBOUNCE_MS`). */
  debounceMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Gemini where the server has a key (default: the server config's); null: the built-in synthesis only. */
  gemini?: GeminiSettings | null;
  /** Gemini tokens a project and an account may use per month, and how long the synthesis call may take. */
  tokenCeiling?: number;
  accountTokenCeiling?: number;
  synthesisTimeoutMs?: number;
  now?: () => Date;
  /** How often a synthesis being written looks for a newer request, to abandon its Gemini call (default 1 s). */
  supersededPollMs?: number;
  /** Where the public pages' clips are kept (default: the server's recording store), pruned to the new view's quotes. */
  recordings?: RecordingStore;
}

export type SynthesisOutcome = { status: 'written'; generation: number } | { status: 'superseded'; generation: number };

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How often a synthesis being written looks for a newer request (its Gemini call is then abandoned). */
const SUPERSEDED_POLL_MS = 1_000;

/** How many times a synthesis is computed again when transcripts are corrected meanwhile, before it gives way. */
const MAX_SYNTHESIS_ATTEMPTS = 3;

/** How many transcript corrections the project has had (each moves quotes a synthesis may have read). */
const transcriptCorrections = (snap: { get(field: string): unknown }) => Number(snap.get('transcriptCorrections') ?? 0);

/**
 * Debounced, last-write-wins recompute of the project's synthesis and its public views. Each request stamps the
 * project with its own token (a blind write: no transaction, so requests never contend); after a
 * short wait only the request whose token is still there computes, and its result is written only
 * if no newer request arrived meanwhile. Ten uploads finishing together cause one recompute, and
 * an older result never overwrites a newer one.
 */
export async function requestSynthesis(deps: SynthesisDeps, projectId: string): Promise<SynthesisOutcome> {
  const { db } = deps;
  const ref = projectRef(db, projectId);
  const token = randomUUID();
  try {
    await ref.update({ synthesisToken: token, synthesisRequested: FieldValue.increment(1) });
  } catch {
    return { status: 'superseded', generation: 0 }; // the project is gone
  }

  await (deps.sleep ?? defaultSleep)(deps.debounceMs ?? serverConfig().limits.synthesisDebounceMs);
  const current = await ref.get();
  const generation = (current.get('synthesisRequested') as number | undefined) ?? 0;
  if (current.get('synthesisToken') !== token) {
    logs.synthesisSuperseded(projectId, generation);
    return { status: 'superseded', generation };
  }

  // A transcript corrected while the synthesis was computed moved quotes it read: it is computed again from them.
  let corrections = transcriptCorrections(current);
  for (let attempt = 1; ; attempt++) {
    // A newer request while Gemini writes this one abandons the call: its answer would be written by no one.
    const replaced = new AbortController();
    const watch = setInterval(() => {
      ref.get().then(
        (snap) => {
          if (snap.get('synthesisToken') !== token) replaced.abort();
        },
        () => undefined,
      );
    }, deps.supersededPollMs ?? SUPERSEDED_POLL_MS);
    let computed: Awaited<ReturnType<typeof computeSynthesis>> | null;
    try {
      computed = await computeSynthesis(deps, projectId, replaced.signal);
    } finally {
      clearInterval(watch);
    }
    if (!computed) {
      logs.synthesisSuperseded(projectId, generation);
      return { status: 'superseded', generation };
    }
    const { synthesis, views } = computed;
    const gzipped = gzipViews(views);
    const written = await db.runTransaction(async (tx): Promise<'written' | 'superseded' | 'corrected'> => {
      const snap = await tx.get(ref);
      // Nothing is written for a project being deleted (deleteProject marks it before deleting anything).
      if (!snap.exists || snap.get('deletingAt') || snap.get('synthesisToken') !== token) return 'superseded';
      if (transcriptCorrections(snap) !== corrections) return 'corrected';
      const updatedAt = new Date();
      tx.set(synthesisRef(db, projectId), { ...synthesis, generation, updatedAt });
      setPublicViews(db, tx, projectId, gzipped, { generation, updatedAt });
      return 'written';
    });
    if (written === 'written') {
      // A quote no longer on the public page is no longer heard there: its clip goes.
      const recordings = deps.recordings ?? defaultRecordingStore(serverConfig());
      await deletePublicClips(db, recordings, projectId, { keep: clipIdsOfView(views.interviews) }).catch((err: unknown) => logs.publicClipsNotPruned(projectId, err));
      logs.synthesisWritten(projectId, generation, synthesis.consolidatedInsights.length, synthesis.writer.analyser, synthesis.writer.droppedIds);
      return { status: 'written', generation };
    }
    if (written === 'superseded' || attempt === MAX_SYNTHESIS_ATTEMPTS) {
      logs.synthesisSuperseded(projectId, generation);
      return { status: 'superseded', generation };
    }
    corrections = transcriptCorrections(await ref.get());
  }
}

/** The project's synthesis and its two public views, from its ready interviews' visible insights; null when `replaced` aborted it. */
async function computeSynthesis(deps: SynthesisDeps, projectId: string, replaced: AbortSignal) {
  const { db } = deps;
  const [project, docs, insights] = await Promise.all([
    projectRef(db, projectId).get(),
    interviewsCollection(db, projectId).where('status', '==', 'ready').get(),
    insightsCollection(db, projectId).get(),
  ]);
  const speakerLabels = docs.docs.flatMap((d) => d.data().speakers.map((s) => s.label));
  const byDocument = new Map<string, SynthesisInterview>(
    docs.docs.map((d) => {
      const doc = d.data();
      return [d.id, { documentId: d.id, documentName: doc.name, insights: [], groupedTags: doc.analysis?.groupedTags ?? [] }];
    }),
  );
  for (const snap of insights.docs) {
    const insight = snap.data();
    if (!isVisibleInsight(insight)) continue;
    byDocument.get(insight.documentId)?.insights.push(insight);
  }
  const documents = [...byDocument.values()].sort(
    (a, b) => a.documentName.localeCompare(b.documentName) || a.documentId.localeCompare(b.documentId),
  );
  const settings = project.data()?.settings as ProjectSettings | undefined;
  // The word vectors only when the built-in synthesis is written (a Gemini synthesis does not wait for them).
  const builtIn = async () => synthesiseProject(documents, { vectors: await loadWordVectors() });
  const written = await writeSynthesis(deps, projectId, String(project.data()?.ownerId ?? ''), settings, documents, speakerLabels, builtIn, replaced);
  if (!written) return null;
  const { synthesis, writer, inputHash } = written;
  const views = buildPublicViews(project.data()?.name ?? '', synthesis, documents);
  return { synthesis: { ...synthesis, writer, documentCount: documents.length, ...(inputHash ? { inputHash } : {}) }, views };
}

/**
 * What a Gemini synthesis reads, as a hash: the interviews' ids, names, grouped tags and visible insights (their
 * words, tags and quotes; not when they were made), the model, the redaction setting and the speakers' labels. A
 * change that alters none of it (a project renamed, an interview edit that leaves its insights as they were) leaves
 * the hash, and the Gemini synthesis written for it is kept without asking again.
 */
export function synthesisInputHash(documents: readonly SynthesisInterview[], reads: { model: string; redactPii: boolean; speakerLabels: readonly string[] }): string {
  const volatile = new Set(['createdAt', 'updatedAt']);
  const text = JSON.stringify({ documents, ...reads }, (key, value: unknown) => (volatile.has(key) ? undefined : value));
  return createHash('sha256').update(text).digest('hex');
}

/**
 * Gemini writes the synthesis of a project that chose it, on a server with a key, under the project's and its owner's
 * monthly token ceilings; the built-in synthesis is written otherwise, and whenever Gemini fails (the writer says why).
 */
async function writeSynthesis(
  deps: SynthesisDeps,
  projectId: string,
  ownerId: string,
  settings: ProjectSettings | undefined,
  documents: SynthesisInterview[],
  speakerLabels: string[],
  builtIn: () => Promise<ProjectSynthesis>,
  replaced: AbortSignal,
): Promise<{ synthesis: ProjectSynthesis; writer: SynthesisWriter; inputHash?: string } | null> {
  const local = async (fallback: string | null, model: string | null = null, usage: SynthesisWriter['usage'] = null) => ({
    synthesis: await builtIn(),
    writer: { analyser: 'local' as const, model, fallback, droppedIds: 0, usage },
  });
  const gemini = deps.gemini === undefined ? serverConfig().gemini : deps.gemini;
  if (settings?.analyser !== 'gemini' || !gemini) return local(null);
  if (!documents.some((d) => d.insights.some((i) => i.quotes.length > 0))) return local(null);

  // Nothing Gemini would read changed since it wrote the current synthesis: that one is kept, and Gemini not asked.
  const inputHash = synthesisInputHash(documents, { model: gemini.model, redactPii: settings.redactPii, speakerLabels });
  const current = await synthesisRef(deps.db, projectId).withConverter(null).get();
  if (current.get('inputHash') === inputHash) {
    const stored = synthesisFromData(current.data() ?? {}, (value) => (value instanceof Timestamp ? value.toDate() : new Date(0)));
    if (stored.writer.analyser === 'gemini' && stored.writer.fallback === null) {
      logs.synthesisUnchanged(projectId);
      const { writer, generation: _g, documentCount: _d, updatedAt: _u, ...synthesis } = stored;
      return { synthesis, writer, inputHash };
    }
  }
  const now = deps.now ?? (() => new Date());
  const limits = serverConfig().limits.gemini;
  const ceiling = deps.tokenCeiling ?? limits.tokensPerProjectPerMonth;
  const accountCeiling = deps.accountTokenCeiling ?? limits.tokensPerAccountPerMonth;
  const scope: UsageScope = { ownerId, projectId };
  const reached = await ceilingReached(deps.db, scope, { project: ceiling, account: accountCeiling }, now());
  if (reached !== null) {
    logs.geminiCeilingReached(projectId, 'synthesis');
    return local(reached === 'account' ? ALLOWANCE_MESSAGES.notAsked('account', accountCeiling, now()) : ALLOWANCE_MESSAGES.notAsked('project', ceiling, now()), gemini.model);
  }
  const result = await writeSynthesisWithGemini(documents, {
    ...serverCallOptions(gemini, limits),
    redactPii: settings.redactPii,
    speakerLabels,
    timeoutMs: deps.synthesisTimeoutMs ?? limits.synthesisTimeoutSeconds * 1000,
    signal: replaced,
  });
  await recordGeminiUsage(deps.db, scope, 'synthesis', result.usage, now()).catch((err) => logs.usageNotRecorded(projectId, err));
  // Abandoned for a newer request: nothing of it is written (not even the built-in one in its place).
  if (replaced.aborted) return null;
  if (!result.ok) {
    logs.synthesisFellBack(projectId, result.reason);
    return local(result.reason, result.model, result.usage);
  }
  return {
    synthesis: result.synthesis,
    writer: { analyser: 'gemini', model: result.model, fallback: null, droppedIds: result.droppedIds, usage: result.usage },
    inputHash,
  };
}
