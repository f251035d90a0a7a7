import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UPLOADS_PREFIX } from '@verbatim/contract/constants';
import { ACCEPTED_EXTENSIONS } from '@verbatim/contract/transcript';
import { MAX_UPLOAD_BYTES } from '@verbatim/contract/upload-size';
import { UPLOAD_CONTENT_TYPES } from '@verbatim/contract/transcript-formats';
import { recordingPath, storedRecordingName, uploadPath } from '@verbatim/contract/upload-path';
import { RECORDING_CONTENT_TYPES, RECORDING_EXTENSIONS } from '@verbatim/contract/recording-formats';
import { RECORDINGS_PREFIX } from '@verbatim/contract/constants';
import { RECORDING_MAX_BYTES_CEILING } from '../../functions/src/config/server-limits';

/**
 * storage.rules, checked STATICALLY. The Storage emulator cannot run on this machine (it downloads
 * its rules runtime at start), so these tests never evaluate the rules: they parse storage.rules
 * and assert its shape — which paths are open, for which operations, and that the one open door
 * (creating an upload) is a conjunction of the conditions the policy promises. Regular expressions
 * in the rules are run here with JavaScript, anchored like Rules' full-match `matches()`.
 * Any syntax the parser does not know fails the suite, so a new rule cannot slip past unread.
 */

interface Allow {
  ops: string[];
  condition: string;
}
interface MatchBlock {
  path: string;
  allows: Allow[];
  children: MatchBlock[];
}
interface ParsedRules {
  matches: MatchBlock[];
  functions: Record<string, { params: string[]; body: string }>;
}

function parseRules(source: string): ParsedRules {
  const text = source.replace(/^\s*\/\/.*$/gm, '');
  const functions: ParsedRules['functions'] = {};
  const root: MatchBlock = { path: '', allows: [], children: [] };
  const stack: (MatchBlock | 'service')[] = [];
  let i = 0;
  const patterns = {
    version: /^\s*rules_version\s*=\s*'2'\s*;/,
    service: /^\s*service\s+firebase\.storage\s*\{/,
    match: /^\s*match\s+(\S+)\s*\{/,
    fn: /^\s*function\s+(\w+)\s*\(([^)]*)\)\s*\{\s*return\s+([^;]+);\s*\}/,
    allow: /^\s*allow\s+([\w\s,]+?)\s*:\s*if\s+([^;]+);/,
    close: /^\s*\}/,
    end: /^\s*$/,
  };
  while (i < text.length) {
    const rest = text.slice(i);
    let m: RegExpMatchArray | null;
    if ((m = rest.match(patterns.version))) {
      // version line
    } else if ((m = rest.match(patterns.service))) {
      stack.push('service');
    } else if ((m = rest.match(patterns.match))) {
      const parent = stack.at(-1);
      const block: MatchBlock = { path: m[1], allows: [], children: [] };
      (parent && parent !== 'service' ? parent : root).children.push(block);
      stack.push(block);
    } else if ((m = rest.match(patterns.fn))) {
      functions[m[1]] = { params: m[2].split(',').map((p) => p.trim()).filter(Boolean), body: m[3].replace(/\s+/g, ' ').trim() };
    } else if ((m = rest.match(patterns.allow))) {
      const block = stack.at(-1);
      if (!block || block === 'service') throw new Error('allow outside a match block');
      block.allows.push({ ops: m[1].split(',').map((o) => o.trim()), condition: m[2].replace(/\s+/g, ' ').trim() });
    } else if ((m = rest.match(patterns.close))) {
      if (stack.length === 0) throw new Error('Unbalanced braces in storage.rules');
      stack.pop();
    } else if ((m = rest.match(patterns.end))) {
      break;
    } else {
      throw new Error(`storage.rules has syntax this check does not know; extend the check: ${rest.slice(0, 80)}`);
    }
    i += m[0].length;
  }
  if (stack.length !== 0) throw new Error('Unbalanced braces in storage.rules');
  return { matches: root.children, functions };
}

/** Splits a condition at its top-level `&&` (outside parentheses and strings). */
function conjuncts(condition: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < condition.length; i++) {
    const c = condition[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0 && condition.startsWith('&&', i)) {
      parts.push(condition.slice(start, i).trim());
      start = i + 2;
      i++;
    }
  }
  parts.push(condition.slice(start).trim());
  return parts;
}

/** The condition without its string literals (so a `|` inside a regex is not an `||`). */
const withoutStrings = (condition: string) => condition.replace(/'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"/g, "''");

/** The regex a Rules string literal spells, anchored like Rules' full-match `matches()`. */
function rulesRegex(body: string, flags = ''): RegExp {
  const literal = body.match(/\.matches\(\s*'((?:\\.|[^'\\])*)'\s*\)/);
  if (!literal) throw new Error(`No matches('...') in: ${body}`);
  const pattern = literal[1].replace(/\\\\/g, '\\');
  return new RegExp(`^(?:${pattern})$`, flags);
}

const source = readFileSync(new URL('../../storage.rules', import.meta.url), 'utf8');
const rules = parseRules(source);
const bucket = rules.matches.find((m) => m.path === '/b/{bucket}/o');
const uploads = bucket?.children.find((m) => m.path.startsWith(`/${UPLOADS_PREFIX}/`));
const recordings = bucket?.children.find((m) => m.path.startsWith(`/${RECORDINGS_PREFIX}/`));
const catchAll = bucket?.children.find((m) => m.path === '/{allPaths=**}');

function allowsOf(block: MatchBlock | undefined): Map<string, string> {
  const byOp = new Map<string, string>();
  for (const allow of block?.allows ?? []) {
    for (const op of allow.ops) {
      if (byOp.has(op)) throw new Error(`Two allow statements for ${op} on ${block?.path}`);
      byOp.set(op, allow.condition);
    }
  }
  return byOp;
}

describe('storage.rules (static check — the Storage emulator cannot run here, so these rules are parsed, not executed)', () => {
  it('firebase.json deploys this storage.rules', () => {
    const firebase = JSON.parse(readFileSync(new URL('../../firebase.json', import.meta.url), 'utf8')) as { storage?: { rules?: string } };
    expect(firebase.storage?.rules).toBe('storage.rules');
  });

  it('opens exactly three paths in the bucket: transcript uploads, recordings, and a closed catch-all', () => {
    expect(rules.matches.map((m) => m.path)).toEqual(['/b/{bucket}/o']);
    expect(bucket?.allows).toEqual([]);
    expect(bucket?.children.map((m) => m.path)).toEqual([
      `/${UPLOADS_PREFIX}/{uid}/{projectId}/{documentId}/{fileName}`,
      `/${RECORDINGS_PREFIX}/{uid}/{projectId}/{documentId}/{fileName}`,
      '/{allPaths=**}',
    ]);
    expect(bucket?.children.every((m) => m.children.length === 0)).toBe(true);
  });

  it('the upload path is the one the API hands out (uploads/{uid}/{projectId}/{documentId}/{fileName})', () => {
    const handedOut = uploadPath({ uid: 'alice', projectId: 'p1', documentId: 'd1', fileName: 'Interview 1.txt' });
    const segments = uploads!.path.slice(1).split('/');
    expect(handedOut.split('/')).toHaveLength(segments.length);
    expect(segments[0]).toBe(handedOut.split('/')[0]);
  });

  it('everything outside uploads and recordings is denied to everyone, for every operation', () => {
    expect(catchAll?.allows).toEqual([{ ops: ['read', 'write'], condition: 'false' }]);
  });

  it('nobody reads, replaces or deletes an upload from a client; only create is conditional', () => {
    const byOp = allowsOf(uploads);
    expect(byOp.get('read')).toBe('false');
    expect(byOp.get('update')).toBe('false');
    expect(byOp.get('delete')).toBe('false');
    expect([...byOp.keys()].sort()).toEqual(['create', 'delete', 'read', 'update']);
    expect(byOp.get('create')).not.toBe('false');
  });

  describe('an upload is created only when every one of these holds', () => {
    const create = allowsOf(uploads).get('create') ?? '';
    const parts = conjuncts(create);

    it('the condition is a pure conjunction (no `||` can open a second way in)', () => {
      expect(withoutStrings(create)).not.toContain('||');
      for (const name of ['acceptedType', 'acceptedName']) expect(withoutStrings(rules.functions[name]?.body ?? '||')).not.toContain('||');
    });

    it('the uploader is signed in and uploads into their own uid folder', () => {
      expect(parts).toContain('request.auth != null');
      expect(parts).toContain('request.auth.uid == uid');
    });

    it('into a project the uploader owns', () => {
      expect(parts).toContain('firestore.get(/databases/(default)/documents/projects/$(projectId)).data.ownerId == uid');
    });

    it("into an interview the API reserved for the upload (status 'uploading')", () => {
      expect(parts).toContain("firestore.get(/databases/(default)/documents/projects/$(projectId)/documents/$(documentId)).data.status == 'uploading'");
    });

    it(`at most ${MAX_UPLOAD_BYTES} bytes (MAX_UPLOAD_BYTES, the limit the app states)`, () => {
      const size = parts.find((p) => p.startsWith('request.resource.size <= '));
      expect(size).toBeDefined();
      const expression = size!.slice('request.resource.size <= '.length);
      expect(expression).toMatch(/^[\d\s*]+$/);
      expect(expression.split('*').reduce((product, n) => product * Number(n.trim()), 1)).toBe(MAX_UPLOAD_BYTES);
    });

    it('with an accepted content type and file name', () => {
      expect(parts).toContain('acceptedType()');
      expect(parts).toContain('acceptedName(fileName)');
    });

    it('and every conjunct is one of those above (none added or removed unread)', () => {
      expect(parts).toHaveLength(7);
    });
  });

  describe('content types', () => {
    const type = rulesRegex(rules.functions.acceptedType?.body ?? '');
    it('accept exactly the content types of the format table (contract/src/transcript-formats.ts), and unnamed bytes', () => {
      const literal = rules.functions.acceptedType?.body.match(/\.matches\(\s*'([a-z0-9.+/|-]+)'\s*\)$/);
      expect(literal?.[1].split('|').sort()).toEqual([...UPLOAD_CONTENT_TYPES, 'application/octet-stream'].sort());
    });
    // web/src/features/interviews/upload-checks.ts contentTypeFor(): what the browser declares.
    const declared = [
      'text/plain',
      'text/markdown',
      'text/vtt',
      'application/x-subrip',
      'application/x-subviewer',
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/octet-stream',
    ];
    it.each(declared)('accepts %s (a type the web client declares)', (contentType) => {
      expect(type.test(contentType)).toBe(true);
    });
    it.each(['text/html', 'image/svg+xml', 'application/javascript', 'text/javascript', 'application/zip', 'image/png', 'application/x-msdownload', 'text/plain-but-html'])(
      'refuses %s',
      (contentType) => {
        expect(type.test(contentType)).toBe(false);
      },
    );
  });

  describe('file names', () => {
    const fn = rules.functions.acceptedName;
    const name = rulesRegex(fn?.body ?? '');
    it('are lower-cased before the check', () => {
      expect(fn?.params).toEqual(['fileName']);
      expect(fn?.body.startsWith('fileName.lower().matches(')).toBe(true);
    });
    it('accept exactly the extensions of the format table (ACCEPTED_EXTENSIONS, contract/src/transcript-formats.ts)', () => {
      const group = fn!.body.match(/\\\\\.\(([a-z|]+)\)\$/);
      expect(group?.[1].split('|').map((e) => `.${e}`).sort()).toEqual([...ACCEPTED_EXTENSIONS].sort());
    });
    it.each(ACCEPTED_EXTENSIONS.flatMap((ext) => [`Interview 1${ext}`, `INTERVIEW${ext.toUpperCase()}`]))('accepts %s', (fileName) => {
      expect(name.test(fileName.toLowerCase())).toBe(true);
    });
    it.each(['page.html', 'notes.txt.exe', 'image.svg', 'script.js', 'txt', 'archive.zip', 'notes.txt/../x.html'])('refuses %s', (fileName) => {
      expect(name.test(fileName.toLowerCase())).toBe(false);
    });
  });

  describe('recordings (recordings/{uid}/{projectId}/{documentId}/{fileName})', () => {
    const byOp = allowsOf(recordings);
    const parts = conjuncts(byOp.get('create') ?? '');

    it('the path is the one the API hands out', () => {
      const handedOut = recordingPath({ uid: 'alice', projectId: 'p1', documentId: 'd1', fileName: 'Call 1.m4a' });
      expect(handedOut.split('/')).toHaveLength(recordings!.path.slice(1).split('/').length);
      expect(recordings!.path.slice(1).split('/')[0]).toBe(handedOut.split('/')[0]);
    });

    it('only their owner reads them; nobody replaces or deletes one from a client', () => {
      expect(byOp.get('read')).toBe('request.auth != null && request.auth.uid == uid');
      expect(byOp.get('update')).toBe('false');
      expect(byOp.get('delete')).toBe('false');
      expect([...byOp.keys()].sort()).toEqual(['create', 'delete', 'read', 'update']);
    });

    it('one is created only by its signed-in owner, in their own project, into an interview waiting for a recording', () => {
      expect(withoutStrings(byOp.get('create') ?? '||')).not.toContain('||');
      for (const name of ['recordingType', 'recordingName']) expect(withoutStrings(rules.functions[name]?.body ?? '||')).not.toContain('||');
      expect(parts).toContain('request.auth != null');
      expect(parts).toContain('request.auth.uid == uid');
      expect(parts).toContain('firestore.get(/databases/(default)/documents/projects/$(projectId)).data.ownerId == uid');
      expect(parts).toContain('reservedRecording(firestore.get(/databases/(default)/documents/projects/$(projectId)/documents/$(documentId)).data.recording, fileName)');
      expect(parts).toContain('recordingType()');
      expect(parts).toContain('recordingName(fileName)');
      expect(parts).toHaveLength(7);
    });

    it('only under the name the API reserved for the interview\'s recording: no other file beside it', () => {
      const fn = rules.functions.reservedRecording;
      expect(fn?.params).toEqual(['recording', 'fileName']);
      expect(conjuncts(fn?.body ?? '')).toEqual(["recording.status == 'uploading'", 'recording.storedName == fileName']);
      // The name reserved is the path's own last segment, as the API hands it out.
      expect(recordingPath({ uid: 'a', projectId: 'p', documentId: 'd', fileName: 'x/Call 1.m4a' }).split('/').at(-1)).toBe(storedRecordingName('x/Call 1.m4a'));
    });

    it(`at most ${RECORDING_MAX_BYTES_CEILING} bytes, the server's ceiling for a recording (RECORDINGS_MAX_BYTES may only lower it)`, () => {
      const size = parts.find((p) => p.startsWith('request.resource.size <= '));
      const expression = size!.slice('request.resource.size <= '.length);
      expect(expression).toMatch(/^[\d\s*]+$/);
      expect(expression.split('*').reduce((product, n) => product * Number(n.trim()), 1)).toBe(RECORDING_MAX_BYTES_CEILING);
    });

    it('with exactly the content types of the recording formats (contract/src/recording.ts), and unnamed bytes', () => {
      const literal = rules.functions.recordingType?.body.match(/\.matches\(\s*'([a-z0-9.+/|-]+)'\s*\)$/);
      expect(literal?.[1].split('|').sort()).toEqual([...RECORDING_CONTENT_TYPES, 'application/octet-stream'].sort());
      const type = rulesRegex(rules.functions.recordingType?.body ?? '');
      for (const refused of ['text/html', 'image/svg+xml', 'application/javascript', 'video/mp4-but-html']) expect(type.test(refused)).toBe(false);
    });

    it('named with exactly the recording formats\' extensions, whatever their case', () => {
      const fn = rules.functions.recordingName;
      expect(fn?.body.startsWith('fileName.lower().matches(')).toBe(true);
      const group = fn!.body.match(/\\\\\.\(([a-z0-9|]+)\)\$/);
      expect(group?.[1].split('|').map((e) => `.${e}`).sort()).toEqual([...RECORDING_EXTENSIONS].sort());
      const name = rulesRegex(fn!.body);
      for (const ext of RECORDING_EXTENSIONS) expect(name.test(`Call 1${ext.toUpperCase()}`.toLowerCase())).toBe(true);
      for (const refused of ['page.html', 'call.mp4.exe', 'script.js', 'mp4']) expect(name.test(refused)).toBe(false);
    });
  });
});
