import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Each vitest run starts its slowest files first (the longest first, so no long file starts near the end and runs on
 * alone), by the times a whole `npm test` measured (test/file-durations.json, written by scripts/file-durations.mjs).
 * vitest does the same from its own cache, which a fresh clone does not have: this makes every run order its files
 * alike. Files of one project stay together (a worker that shares its modules is reused only for its own project's
 * next file), in the order vitest gives projects; a file not in the list goes first, as vitest runs unknown files.
 */
const ROOT = new URL('../../', import.meta.url).pathname;
const DURATIONS: Record<string, number> = JSON.parse(readFileSync(new URL('../file-durations.json', import.meta.url), 'utf8'));

export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = (spec: TestSpecification) => DURATIONS[relative(ROOT, spec.moduleId)] ?? Number.MAX_SAFE_INTEGER;
    // Projects in vitest's own order (by group, then name), each at the place of its first file there.
    const rank = new Map<string, number>();
    for (const spec of await super.sort(files)) if (!rank.has(spec.project.name)) rank.set(spec.project.name, rank.size);
    return [...files].sort((a, b) => rank.get(a.project.name)! - rank.get(b.project.name)! || seconds(b) - seconds(a));
  }
}
