// The search benchmark's generated account: interviews of WORDS words built from the English turns of the shared
// transcripts (functions/test/fixtures/transcripts), each a different rotation of them, alternating interviewer
// and participant. Shared by bench/search.mjs and its Firestore run (bench/lib/search-firestore-run.mjs).
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { listFixtures, requireCompiled } from './support.mjs';

/** The English turns of the shared transcripts with at least four words. */
export async function corpus() {
  const [{ parseTranscript }] = requireCompiled('parsers/index.js');
  const turns = [];
  for (const path of listFixtures()) {
    let parsed;
    try {
      parsed = await parseTranscript({ bytes: readFileSync(path), fileName: basename(path) });
    } catch {
      continue;
    }
    if (parsed.language !== 'en') continue;
    for (const t of parsed.turns) {
      const text = parsed.text.slice(t.start, t.end).trim();
      if (text.split(/\s+/).length >= 4) turns.push(text);
    }
  }
  return turns;
}

/** Interview `k`: fixture turns from a rotation of its own, alternating interviewer and participant, to `words` words. */
export function interview(turns, k, words) {
  let text = '';
  const out = [];
  let count = 0;
  for (let i = 0; count < words; i++) {
    const turn = turns[(k * 37 + i * 7) % turns.length];
    if (text) text += '\n\n';
    out.push({ speaker: i % 2 === 0 ? 'Interviewer' : `Participant ${k}`, start: text.length, end: text.length + turn.length });
    text += turn;
    count += turn.split(/\s+/).length;
  }
  return { text, turns: out };
}
