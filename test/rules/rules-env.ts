import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { setLogLevel, type Firestore } from 'firebase/firestore';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { FIRESTORE_HOST, PROJECT_ID } from '../support/emulators';

let env: RulesTestEnvironment;

// Denials are the expected outcome of many tests; the SDK's warnings about them are noise.
setLogLevel('silent');

/**
 * The rules test environment of a file. The database is cleared before each test unless `clearBeforeEach` is false
 * (the file then clears it itself when a test needs that).
 */
export function useRulesEnv(options: { clearBeforeEach?: boolean } = {}): () => RulesTestEnvironment {
  beforeAll(async () => {
    const [host, port] = FIRESTORE_HOST.split(':');
    env = await initializeTestEnvironment({
      projectId: PROJECT_ID,
      firestore: { host, port: Number(port), rules: readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8') },
    });
  });
  beforeEach(async () => {
    if (options.clearBeforeEach !== false) await env.clearFirestore();
  });
  afterAll(async () => {
    await env?.cleanup();
    await saveCoverageReport();
  });
  return () => env;
}

/** Seeds data with rules disabled. */
export async function seed(getEnv: () => RulesTestEnvironment, write: (db: Firestore) => Promise<unknown>): Promise<void> {
  await getEnv().withSecurityRulesDisabled(async (ctx) => {
    await write(ctx.firestore() as unknown as Firestore);
  });
}

export function asUser(getEnv: () => RulesTestEnvironment, uid: string): Firestore {
  return getEnv().authenticatedContext(uid).firestore() as unknown as Firestore;
}

export function asVisitor(getEnv: () => RulesTestEnvironment): Firestore {
  return getEnv().unauthenticatedContext().firestore() as unknown as Firestore;
}

/** The one helper for policy outcomes. */
export const allowed = (op: Promise<unknown>) => assertSucceeds(op);
export const denied = (op: Promise<unknown>) => assertFails(op);

/** Writes the emulator's rules coverage report (which rule lines the tests reached). */
async function saveCoverageReport(): Promise<void> {
  const res = await fetch(`http://${FIRESTORE_HOST}/emulator/v1/projects/${PROJECT_ID}:ruleCoverage.html`);
  if (!res.ok) return;
  const dir = new URL('../../coverage/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  writeFileSync(new URL('firestore-rules.html', dir), await res.text());
}
