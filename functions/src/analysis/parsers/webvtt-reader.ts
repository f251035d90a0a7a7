/**
 * WebVTT text → cues with their cue-text trees: the parsing of webvtt-parser 2.2 (public domain), rewritten to run in
 * linear time. The library reads cue text one character at a time into growing strings and tries every entity name
 * on each unknown `&…;`, which took about 30 s on a 20 MB file; this reader scans with indexes and slices instead.
 *
 * It keeps the library's behaviour exactly (differential tests compare the two on the fixtures and on generated and
 * mutated files): the same cues kept or dropped (a cue whose timing line does not parse is dropped; `NOTE` and
 * `STYLE` blocks are skipped; a timing line inside a cue starts the next cue), the same tree (tags `c i b u ruby rt
 * v lang`, in-cue timestamps, entities from the given table), cues sorted by start time then by end time,
 * descending. What the library only reports (errors, cue settings) is not computed.
 */
import type { WebVTTNode } from 'webvtt-parser';

export interface VttCue {
  startTime: number;
  endTime: number;
  tree: { children: WebVTTNode[] };
}

const TIMING_ARROW = '-->';

function isDigit(unit: number): boolean {
  return unit >= 48 && unit <= 57;
}

/** Space, tab or form feed: what separates the parts of a timing line. */
function isTimingSpace(char: string | undefined): boolean {
  return char === ' ' || char === '\t' || char === '\f';
}

/** A cursor over one line, reading WebVTT timestamps as the specification's algorithm does. */
class TimestampReader {
  pos = 0;

  constructor(private readonly line: string) {}

  /** The run of digits at the cursor: its length and its value (read by parseInt only when too long to add up exactly). */
  private digits(): { length: number; value: number } {
    const from = this.pos;
    let value = 0;
    while (this.pos < this.line.length) {
      const unit = this.line.charCodeAt(this.pos);
      if (!isDigit(unit)) break;
      value = value * 10 + (unit - 48);
      this.pos++;
    }
    const length = this.pos - from;
    if (length > 15) value = Number.parseInt(this.line.slice(from, this.pos), 10);
    return { length, value };
  }

  skipSpaces(): void {
    while (isTimingSpace(this.line[this.pos])) this.pos++;
  }

  at(char: string): boolean {
    return this.line[this.pos] === char;
  }

  atEnd(): boolean {
    return this.pos >= this.line.length;
  }

  /** `[hh:]mm:ss.ttt` in seconds, or undefined. */
  timestamp(): number | undefined {
    if (this.atEnd() || !isDigit(this.line.charCodeAt(this.pos))) return undefined;
    let first = this.digits();
    const hours = first.length > 2 || first.value > 59;
    if (!this.at(':')) return undefined;
    this.pos++;
    let second = this.digits();
    if (second.length !== 2) return undefined;
    let third: { length: number; value: number };
    if (hours || this.at(':')) {
      if (!this.at(':')) return undefined;
      this.pos++;
      third = this.digits();
      if (third.length !== 2) return undefined;
    } else {
      if (first.length !== 2) return undefined;
      third = second;
      second = first;
      first = { length: 1, value: 0 };
    }
    if (!this.at('.')) return undefined;
    this.pos++;
    const millis = this.digits();
    if (millis.length !== 3) return undefined;
    if (second.value > 59 || third.value > 59) return undefined;
    return first.value * 3600 + second.value * 60 + third.value + millis.value / 1000;
  }
}

/** A timing line's start and end, or null when the cue must be dropped. */
function readTimings(line: string): { startTime: number; endTime: number } | null {
  const reader = new TimestampReader(line);
  reader.skipSpaces();
  const startTime = reader.timestamp();
  if (startTime === undefined) return null;
  reader.skipSpaces();
  for (const char of TIMING_ARROW) {
    if (!reader.at(char)) return null;
    reader.pos++;
  }
  reader.skipSpaces();
  const endTime = reader.timestamp();
  if (endTime === undefined) return null;
  return { startTime, endTime };
}

/** An in-cue timestamp tag's value, or undefined when it is not exactly a timestamp. */
function readTimestampTag(text: string): number | undefined {
  const reader = new TimestampReader(text);
  const value = reader.timestamp();
  return reader.atEnd() ? value : undefined;
}

type Token =
  | { kind: 'text'; value: string }
  | { kind: 'start'; name: string; classes: string[]; annotation: string }
  | { kind: 'end'; name: string }
  | { kind: 'timestamp'; value: string };

const ENTITY_NAME_CHAR = /[a-z#0-9]/i;
const DECIMAL_REFERENCE = /^&#([0-9]+)$/;
const NUMERIC_REFERENCE = /^&#(x?[0-9]+)$/;

/** Entity lookups as the library does them, with the "first key that prefixes the name" found without a scan. */
class EntityTable {
  private readonly values = new Map<string, string>();
  private readonly order = new Map<string, number>();
  private readonly longest: number;

  constructor(entities: Readonly<Record<string, string>>) {
    Object.keys(entities).forEach((key, index) => {
      this.values.set(key, entities[key]);
      this.order.set(key, index);
    });
    this.longest = Math.max(0, ...Object.keys(entities).map((key) => key.length));
  }

  get(key: string): string | undefined {
    return this.values.get(key);
  }

  /** The key, earliest in the table, that `name` starts with. */
  firstPrefixOf(name: string): string | undefined {
    let best: string | undefined;
    let bestIndex = Number.POSITIVE_INFINITY;
    for (let length = 0; length <= Math.min(this.longest, name.length); length++) {
      const index = this.order.get(name.slice(0, length));
      if (index !== undefined && index < bestIndex) {
        best = name.slice(0, length);
        bestIndex = index;
      }
    }
    return best;
  }
}

/** The WebVTT cue text tokenizer (specification §6.4), one token per call. */
class CueTextTokenizer {
  pos = 0;

  constructor(
    private readonly text: string,
    private readonly entities: EntityTable,
  ) {}

  get done(): boolean {
    return this.pos >= this.text.length;
  }

  next(): Token {
    const text = this.text;
    let result = '';
    // Data state: runs of plain characters are taken as one slice.
    for (;;) {
      const from = this.pos;
      while (this.pos < text.length && text[this.pos] !== '&' && text[this.pos] !== '<') this.pos++;
      result += text.slice(from, this.pos);
      const char = text[this.pos];
      if (char === undefined) {
        this.pos++;
        return { kind: 'text', value: result };
      }
      if (char === '<') {
        if (result !== '') return { kind: 'text', value: result };
        this.pos++;
        return this.tag();
      }
      // An escape: '&' then letters, digits and '#'.
      let buffer = '&';
      this.pos++;
      for (;;) {
        const c = text[this.pos];
        if (c === '<' || c === undefined) {
          result += this.decodeUnterminated(buffer);
          if (c === undefined) this.pos++;
          return { kind: 'text', value: result };
        }
        if (c === '&') {
          result += buffer;
          buffer = c;
          this.pos++;
          continue;
        }
        if (ENTITY_NAME_CHAR.test(c)) {
          const from2 = this.pos;
          while (this.pos < text.length && ENTITY_NAME_CHAR.test(text[this.pos])) this.pos++;
          buffer += text.slice(from2, this.pos);
          continue;
        }
        if (c === ';') result += this.decodeTerminated(buffer);
        else result += buffer + c;
        this.pos++;
        break;
      }
    }
  }

  private decodeUnterminated(buffer: string): string {
    const m = DECIMAL_REFERENCE.exec(buffer);
    if (m) return String.fromCharCode(Number(m[1]));
    return this.entities.get(buffer) || buffer;
  }

  private decodeTerminated(buffer: string): string {
    const m = NUMERIC_REFERENCE.exec(buffer);
    if (m) return String.fromCharCode(Number(`0${m[1]}`)); // "0x41" reads as hexadecimal
    const whole = this.entities.get(`${buffer};`);
    if (whole) return whole;
    const prefix = this.entities.firstPrefixOf(buffer);
    if (prefix !== undefined) return `${this.entities.get(prefix)}${buffer.slice(prefix.length)};`;
    return `${buffer};`;
  }

  /** After '<': a start tag, an end tag or a timestamp, up to '>' (consumed) or the end. */
  private tag(): Token {
    const text = this.text;
    const c = text[this.pos];
    if (c === '\t' || c === '\n' || c === '\f' || c === ' ') {
      this.pos++;
      return this.annotation('', [], '');
    }
    if (c === '.') {
      this.pos++;
      return this.classes('');
    }
    if (c === '/') {
      this.pos++;
      return { kind: 'end', name: this.upToClose() };
    }
    if (c !== undefined && isDigit(c.charCodeAt(0))) return { kind: 'timestamp', value: this.upToClose() };
    if (c === '>' || c === undefined) {
      this.pos++;
      return { kind: 'start', name: '', classes: [], annotation: '' };
    }
    // The tag name.
    const from = this.pos;
    while (this.pos < text.length && !'\t\f \n.>'.includes(text[this.pos])) this.pos++;
    const name = text.slice(from, this.pos);
    const stop = text[this.pos];
    this.pos++;
    if (stop === '\t' || stop === '\f' || stop === ' ') return this.annotation(name, [], '');
    if (stop === '\n') return this.annotation(name, [], '\n');
    if (stop === '.') return this.classes(name);
    return { kind: 'start', name, classes: [], annotation: '' };
  }

  private classes(name: string): Token {
    const text = this.text;
    const classes: string[] = [];
    let buffer = '';
    for (;;) {
      const from = this.pos;
      while (this.pos < text.length && !'\t\f \n.>'.includes(text[this.pos])) this.pos++;
      buffer += text.slice(from, this.pos);
      const stop = text[this.pos];
      this.pos++;
      if (buffer) classes.push(buffer);
      buffer = '';
      if (stop === '.') continue;
      if (stop === '\t' || stop === '\f' || stop === ' ') return this.annotation(name, classes, '');
      if (stop === '\n') return this.annotation(name, classes, '\n');
      return { kind: 'start', name, classes, annotation: '' };
    }
  }

  private annotation(name: string, classes: string[], start: string): Token {
    const raw = start + this.upToClose();
    const annotation = raw.split(/[\u0020\t\f\r\n]+/).filter(Boolean).join(' ');
    return { kind: 'start', name, classes, annotation };
  }

  /** Everything up to '>' (consumed) or the end. */
  private upToClose(): string {
    const end = this.text.indexOf('>', this.pos);
    const stop = end === -1 ? this.text.length : end;
    const value = this.text.slice(this.pos, stop);
    this.pos = stop + 1;
    return value;
  }
}

interface OpenNode {
  node: WebVTTNode & { children: WebVTTNode[] };
  name: string | undefined;
}

/** Cue text → the tree the library builds (without its parent links). */
function parseCueText(text: string, entities: EntityTable): { children: WebVTTNode[] } {
  const root: WebVTTNode & { children: WebVTTNode[] } = { type: 'object', children: [] };
  const open: OpenNode[] = [{ node: root, name: undefined }];
  const current = () => open[open.length - 1];
  const attach = (name: string, classes: string[]): OpenNode => {
    const node: WebVTTNode & { children: WebVTTNode[] } = { type: 'object', name, classes, children: [] };
    current().node.children.push(node);
    const entry = { node, name };
    open.push(entry);
    return entry;
  };

  const tokenizer = new CueTextTokenizer(text, entities);
  while (!tokenizer.done) {
    const token = tokenizer.next();
    if (token.kind === 'text') {
      current().node.children.push({ type: 'text', value: token.value });
    } else if (token.kind === 'start') {
      const { name } = token;
      if (name === 'c' || name === 'i' || name === 'b' || name === 'u' || name === 'ruby') attach(name, token.classes);
      else if (name === 'rt' && current().name === 'ruby') attach(name, token.classes);
      else if (name === 'v' || name === 'lang') attach(name, token.classes).node.value = token.annotation;
    } else if (token.kind === 'end') {
      if (open.length > 1 && token.name === current().name) open.pop();
      else if (token.name === 'ruby' && current().name === 'rt') open.splice(-2, 2);
    } else {
      const value = readTimestampTag(token.value);
      if (value !== undefined) current().node.children.push({ type: 'timestamp', value });
    }
  }
  return { children: root.children };
}

/** Parses WebVTT text as webvtt-parser 2.2 does, with the given entity table. */
export function parseWebVttCues(input: string, entityTable: Readonly<Record<string, string>>): VttCue[] {
  return readWebVttLines(input.split(/\r\n|\r|\n/), entityTable, (cue) => cue);
}

/**
 * The same over the file's lines, handing each cue to `read` as soon as it is parsed (so its tree is short-lived)
 * and returning what `read` made of them in the library's cue order.
 */
export function readWebVttLines<T>(lines: readonly string[], entityTable: Readonly<Record<string, string>>, read: (cue: VttCue) => T): T[] {
  const entities = new EntityTable(entityTable);
  const cues: { startTime: number; endTime: number; value: T }[] = [];
  const isBlank = (at: number) => lines[at] === '' || lines[at] === undefined;
  let at = 1; // the signature line
  let alreadyCollected = false;
  while (!isBlank(at)) {
    if (lines[at].includes(TIMING_ARROW)) {
      alreadyCollected = true;
      break;
    }
    at++;
  }

  while (lines[at] !== undefined) {
    if (!alreadyCollected) while (lines[at] === '') at++;
    if (!alreadyCollected && lines[at] === undefined) break;

    if (!lines[at].includes(TIMING_ARROW)) {
      const id = lines[at];
      if (/^(NOTE|STYLE)($|[ \t])/.test(id)) {
        // A comment or a style block: skipped up to the blank line.
        at++;
        while (!isBlank(at)) at++;
        continue;
      }
      at++;
      if (isBlank(at) || !lines[at].includes(TIMING_ARROW)) continue;
    }

    const timings = readTimings(lines[at]);
    at++;
    const textStart = at;
    // The cue's text runs to a blank line, or to a timing line (which then starts the next cue).
    while (!isBlank(at) && !lines[at].includes(TIMING_ARROW)) at++;
    alreadyCollected = !isBlank(at);
    if (!timings) continue; // a bad cue: its text is skipped
    const text = lines.slice(textStart, at).join('\n');
    const tree = parseCueText(text.includes('\0') ? text.replace(/\0/g, '\uFFFD') : text, entities);
    const { startTime, endTime } = timings;
    cues.push({ startTime, endTime, value: read({ startTime, endTime, tree }) });
  }
  // Array.prototype.sort is stable: equal cues keep their order, as in the library. Cues are nearly always in order
  // already, and then the sort is skipped.
  const before = (a: (typeof cues)[number], b: (typeof cues)[number]) => a.startTime - b.startTime || b.endTime - a.endTime;
  let sorted = true;
  for (let i = 1; i < cues.length && sorted; i++) if (before(cues[i - 1], cues[i]) > 0) sorted = false;
  if (!sorted) cues.sort(before);
  return cues.map((cue) => cue.value);
}
