/**
 * "Ask your research": a question in plain language → an answer built only from passages of the caller's own
 * interviews. Retrieval is the search (words and meaning) over stored verbatim spans of participants; with Gemini
 * configured the answer is written and every sentence checked against the retrieved set; otherwise (or when Gemini
 * fails) the most relevant quotes grouped by theme. Each project's choice holds: passages of a private project (the
 * built-in analyser) are never sent, and a redacting project's are sent redacted (ask-privacy.ts). Gemini's calls and
 * tokens count against the account's monthly Gemini allowance, which is checked first. Nothing relevant → it says so.
 * No credit is spent; asks are counted against the account's hourly quota.
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { AccountQuotas } from '../config/server-limits';
import type { ProjectSettings } from '@verbatim/contract/project';
import { ceilingReached, recordGeminiUsage } from '../analysis-runs/gemini-usage';
import { ALLOWANCE_MESSAGES } from '@verbatim/contract/allowance-messages';
import { serverConfig } from '../config/server-config';
import { logs } from '../lib/logs';
import { projectRef } from '../projects/refs';
import type { AskQuestion } from '@verbatim/contract/request-bodies';
import { NOTHING_RELEVANT_MESSAGE, type AskPassage, type AskResponse } from '@verbatim/contract/search';
import { ownedProject } from '../projects/ownership';
import { ASKS, recordUse } from '../quotas/account-quotas';
import { currentAccountIndex } from './account-index';
import { askGemini, type AskGeminiOptions } from './ask-gemini';
import { ASK_FALLBACK_NOTICES as FALLBACK_NOTICES } from '../analysis/gemini-failure-messages';
import { askPassages, subjectTerms, type AskQuestionTerms } from './ask-passages';
import { askPrivacy, privateNotice } from './ask-privacy';
import { extractiveHeadline, extractivePassages } from './extractive-answer';
import { accountNames } from './search-service';
import type { SearchEntry } from './search-entries';
import { queryTerms } from './text-terms';

export interface AskDeps {
  db: Firestore;
  quotas: AccountQuotas;
  /** Gemini's settings when a key is configured; null → extractive answers. */
  gemini: Omit<AskGeminiOptions, 'sleep'> | null;
  /** Gemini tokens an account may use per month (default: the server limit `GEMINI_MONTHLY_TOKENS_PER_ACCOUNT`). */
  accountTokenCeiling?: number;
  now?: () => Date;
}

/** The settings of the passages' projects, read now (a project's choice may have changed since it was indexed). */
async function projectSettings(db: Firestore, passages: readonly AskPassage[]): Promise<Map<string, ProjectSettings>> {
  const ids = [...new Set(passages.map((p) => p.projectId))];
  const snaps = await db.getAll(...ids.map((id) => projectRef(db, id)));
  return new Map(snaps.flatMap((snap) => (snap.exists ? [[snap.id, snap.get('settings') as ProjectSettings]] : [])));
}

function extractive(question: string, passages: AskPassage[], notice: string | null, dropped = { citations: 0, sentences: 0 }): AskResponse {
  const shown = extractivePassages(passages);
  return { question, mode: 'extractive', sentences: [], headline: extractiveHeadline(shown), passages: shown, dropped, notice };
}

/** Answers a question the contract's schema has read (`askRequestBody`), from the caller's own interviews. */
export async function askResearch(deps: AskDeps, uid: string, { question, projectId }: AskQuestion): Promise<AskResponse> {
  if (projectId) await ownedProject(deps.db, uid, projectId);
  await recordUse(deps.db, uid, ASKS, deps.quotas, (deps.now ?? (() => new Date()))());

  const account = await currentAccountIndex(deps.db, uid);
  const words = queryTerms(question, { question: true }).length > 0 ? contentWords(question) : '';
  const names = accountNames(account);
  const accept = (e: SearchEntry) => !projectId || e.projectId === projectId;
  const matches = words === '' ? [] : account.index.search(words, accept);
  const passages = askPassages(matches, names, (p) => account.index.groupEntries(`${p}:insights`), undefined, questionTerms(words, (word) => account.index.holding(word, accept)));
  if (passages.length === 0) {
    return { question, mode: 'nothing', sentences: [], headline: null, passages: [], dropped: { citations: 0, sentences: 0 }, notice: NOTHING_RELEVANT_MESSAGE };
  }
  if (!deps.gemini) return extractive(question, passages, null);

  const privacy = askPrivacy(question, passages, await projectSettings(deps.db, passages));
  if (!privacy.send) return extractive(question, passages, privateNotice(privacy.privateProjects, privacy.allPrivate));
  const now = (deps.now ?? (() => new Date()))();
  const accountCeiling = deps.accountTokenCeiling ?? serverConfig().limits.gemini.tokensPerAccountPerMonth;
  if ((await ceilingReached(deps.db, { ownerId: uid }, { account: accountCeiling }, now)) !== null) {
    return extractive(question, passages, ALLOWANCE_MESSAGES.askQuotes('account', accountCeiling, now));
  }

  const { sending } = privacy;
  const outcome = await askGemini(sending.question, sending.passages, deps.gemini);
  await recordGeminiUsage(deps.db, { ownerId: uid }, 'ask', outcome.usage, now).catch((err) => logs.askUsageNotRecorded(uid, err));
  if (!outcome.ok) {
    logs.askAnswerNotWritten(uid, outcome.reason, outcome.detail);
    return extractive(question, passages, FALLBACK_NOTICES[outcome.reason]);
  }
  const sentences = outcome.answer.sentences.map((s) => ({ ...s, text: sending.restore(s.text) }));
  const { dropped } = outcome.answer;
  if (sentences.length === 0) return extractive(question, passages, dropped.sentences > 0 ? FALLBACK_NOTICES.empty : null, dropped);
  const cited = new Set(sentences.flatMap((s) => s.citations));
  return { question, mode: 'gemini', sentences, headline: null, passages: passages.filter((p) => cited.has(p.id)), dropped, notice: null };
}

/** The question's terms, and its subject: the rarest of them among the passages it is asked of (ask-passages.ts). */
function questionTerms(words: string, holding: (word: string) => number): AskQuestionTerms {
  const byTerm = new Map<string, string>();
  for (const word of words.split(/\s+/)) {
    const [term] = queryTerms(word);
    if (term && !byTerm.has(term)) byTerm.set(term, word);
  }
  const counted = [...byTerm].map(([term, word]) => ({ term, passages: holding(word) }));
  return { terms: new Set(byTerm.keys()), subject: subjectTerms(counted) };
}

/** The question's words without the words questions are framed with ("what did people say about …"). */
function contentWords(question: string): string {
  return question
    .split(/\s+/)
    .filter((w) => queryTerms(w, { question: true }).length > 0)
    .join(' ');
}
