import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, rmdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inject } from 'vitest';

/**
 * Browser test files run three at a time. What they share is guarded here, with files in a directory made fresh for
 * each run (e2e/support/chromium-server.ts): a stand-in on a fixed port is held by one file at a time, and a change
 * to an emulator's project-wide setting (the Auth emulator's email-enumeration protection) is made only while no
 * other file runs.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const lockDir = () => inject('runLockDir');
const readersDir = () => join(lockDir(), 'running-files');
const aloneMarker = () => join(lockDir(), 'one-file-alone');

let ownShare: string | null = null;

/** Held by every browser file while it runs (e2e/support/browser.ts); waits while a file runs alone. */
export async function holdRunningShare(): Promise<() => Promise<void>> {
  await mkdir(readersDir(), { recursive: true });
  const share = join(readersDir(), randomUUID());
  for (;;) {
    if (!existsSync(aloneMarker())) {
      await writeFile(share, '');
      // A file that asked to run alone in the meantime goes first.
      if (!existsSync(aloneMarker())) break;
      await rm(share, { force: true });
    }
    await sleep(200);
  }
  ownShare = share;
  return async () => {
    ownShare = null;
    await rm(share, { force: true });
  };
}

/**
 * Runs on with no other browser file running: new files wait, and the one other file running is let finish. For
 * changing a setting every file would see. Returns the release.
 */
export async function runAlone(): Promise<() => Promise<void>> {
  const marker = aloneMarker();
  for (;;) {
    try {
      await mkdir(marker);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      await sleep(200);
    }
  }
  await mkdir(readersDir(), { recursive: true });
  const mine = ownShare === null ? null : ownShare.split('/').pop();
  while ((await readdir(readersDir())).some((name) => name !== mine)) await sleep(200);
  return () => rmdir(marker);
}

/** Held by one file at a time, e.g. the Stripe stand-in's fixed port (every emulated function calls that port). */
export async function holdExclusive(name: string): Promise<() => Promise<void>> {
  const path = join(lockDir(), `exclusive-${name}`);
  for (;;) {
    try {
      await mkdir(path);
      return () => rmdir(path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      await sleep(200);
    }
  }
}
