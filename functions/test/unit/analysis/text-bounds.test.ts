/**
 * What reaches a text library: runs of characters longer than any word are read past without moving an offset,
 * scripts written without spaces are read as text, a long turn is read in passages cut at sentence ends, and a shared
 * library instance that threw is never used again.
 */
import { describe, expect, it } from 'vitest';
import { boundedPassages, hasOverlongRun, maskOverlongRuns, overlongRuns, RenewableInstance } from '../../../src/analysis/text-bounds';
import { TEXT_LIMITS } from '../../../src/config/server-limits';

const { maxTokenChars, maxPassageChars } = TEXT_LIMITS;
const BLOB = 'QUJD'.repeat(2_000); // 8,000 characters of base64, no space
const LINK = `https://example.com/share/${'x1y2'.repeat(30)}?utm_source=newsletter`;
const JAPANESE = 'ユーザーはダッシュボードの数字を毎朝確認していますが、フィルターが保存されないので困っています。';
const spans = (text: string) => boundedPassages(text).map((p) => text.slice(p.start, p.end));

describe('runs longer than any word', () => {
  it('keeps real words, long ones and links up to the limit, and finds a pasted encoded file', () => {
    const text = `Internationalisation and Donaudampfschifffahrtsgesellschaftskapitän are words; see https://example.com/a/b?c=d. ${BLOB} The end.`;
    const runs = overlongRuns(text);
    expect(runs).toEqual([{ start: text.indexOf(BLOB), end: text.indexOf(BLOB) + BLOB.length }]);
    expect(hasOverlongRun('internationalisation')).toBe(false);
    expect(hasOverlongRun(BLOB)).toBe(true);
  });

  it(`drops a link longer than ${maxTokenChars} characters from what is read, as any run that long`, () => {
    expect(LINK.length).toBeGreaterThan(maxTokenChars);
    expect(spans(`Open ${LINK} and sign in.`)).toEqual(['Open', 'and sign in.']);
  });

  it('masks each run with spaces of its length: same length, every other character where it was', () => {
    const text = `Maria: I export the plots. ${BLOB}\nThen I email them. ${'z'.repeat(300_000)}`;
    const masked = maskOverlongRuns(text);
    expect(masked).toHaveLength(text.length);
    expect(masked).not.toContain('QUJD');
    expect(masked).not.toContain('zz');
    for (const word of ['Maria:', 'I export the plots.', 'Then I email them.']) expect(masked.indexOf(word)).toBe(text.indexOf(word));
    expect(masked.slice(text.indexOf(BLOB), text.indexOf(BLOB) + BLOB.length).trim()).toBe('');
    expect(maskOverlongRuns('Nothing long here.')).toBe('Nothing long here.');
  });

  it('never takes a long passage of Japanese, Chinese, Korean or Thai for a run, even without a space', () => {
    for (const text of [JAPANESE.repeat(40), '我们每天早上都会查看仪表板上的数字但是筛选条件没有保存'.repeat(20), '사용자는매일아침대시보드를확인합니다'.repeat(30), 'ผู้ใช้ตรวจสอบแดชบอร์ดทุกเช้า'.repeat(30)]) {
      expect(text.length).toBeGreaterThan(maxTokenChars * 5);
      expect(overlongRuns(text)).toEqual([]);
      expect(maskOverlongRuns(text)).toBe(text);
    }
    // A Latin run inside Japanese text is a run of its own.
    const mixed = `${JAPANESE}${'a'.repeat(500)}${JAPANESE}`;
    expect(overlongRuns(mixed)).toEqual([{ start: JAPANESE.length, end: JAPANESE.length + 500 }]);
  });

  it('reads a word of 300,000 characters past in one linear pass', () => {
    const text = `Yes. ${'a'.repeat(300_000)} No.`;
    expect(spans(text)).toEqual(['Yes.', 'No.']);
    expect(hasOverlongRun(text)).toBe(true);
  });
});

describe('bounded passages', () => {
  it('gives a normal turn back whole, without the white space around it', () => {
    const text = '  I open the dashboard every morning. The filters never stick, so I redo them.  ';
    expect(boundedPassages(text)).toEqual([{ start: 2, end: text.length - 2 }]);
  });

  it('never lets a passage span a run: the sentences on either side are read apart', () => {
    const text = `I think ${BLOB} is the export button.`;
    expect(spans(text)).toEqual(['I think', 'is the export button.']);
  });

  it(`cuts a turn longer than ${maxPassageChars.toLocaleString('en')} characters at sentence ends, losing no character`, () => {
    const sentence = 'We export the plots to slides every Friday, and the filters are lost each time. ';
    const text = sentence.repeat(Math.ceil((3 * maxPassageChars) / sentence.length));
    const passages = boundedPassages(text);
    expect(passages.length).toBeGreaterThanOrEqual(3);
    for (const p of passages) {
      expect(p.end - p.start).toBeLessThanOrEqual(maxPassageChars);
      expect(text.slice(p.start, p.end).endsWith('each time.')).toBe(true);
    }
    expect(passages.map((p) => text.slice(p.start, p.end)).join(' ')).toBe(text.trim());
  });

  it('cuts a long Japanese turn at its 。 and keeps every character of it', () => {
    const text = JAPANESE.repeat(Math.ceil((2.5 * maxPassageChars) / JAPANESE.length));
    const passages = boundedPassages(text);
    expect(passages.length).toBeGreaterThanOrEqual(3);
    expect(passages.every((p) => p.end - p.start <= maxPassageChars && text[p.end - 1] === '。')).toBe(true);
    expect(passages.map((p) => text.slice(p.start, p.end)).join('')).toBe(text);
  });

  it('cuts speech without punctuation at a space, and text without either between two characters, never inside a surrogate pair', () => {
    const spoken = 'yeah so we mostly use notebooks for that and then '.repeat(600);
    for (const p of boundedPassages(spoken)) {
      expect(p.end - p.start).toBeLessThanOrEqual(maxPassageChars);
      expect(spoken.slice(p.start, p.end)).toMatch(/^yeah .* then$/);
    }
    const emoji = '中'.repeat(maxPassageChars - 1) + '😀'.repeat(50);
    const passages = boundedPassages(emoji);
    expect(passages.map((p) => emoji.slice(p.start, p.end)).join('')).toBe(emoji);
    expect(emoji.codePointAt(passages[0].end - 1)).toBe('中'.codePointAt(0));
  });

  it('reads a masked copy exactly as the text it was made from', () => {
    const text = `First point. ${BLOB} Second point, ${'x'.repeat(20_000)} third point.`;
    expect(boundedPassages(maskOverlongRuns(text))).toEqual(boundedPassages(text));
  });
});

describe('a shared library instance', () => {
  it('is built again after a call that threw, so the next call reads with a fresh one', () => {
    let made = 0;
    const shared = new RenewableInstance(() => ({ id: ++made, broken: false }));
    expect(shared.use((instance) => instance.id)).toBe(1);
    expect(() =>
      shared.use((instance) => {
        instance.broken = true;
        throw new RangeError('Maximum call stack size exceeded');
      }),
    ).toThrow(RangeError);
    expect(shared.use((instance) => [instance.id, instance.broken])).toEqual([2, false]);
    expect(shared.use((instance) => instance.id)).toBe(2);
  });

  it('is built again once its calls have read what it may hold', () => {
    let made = 0;
    const shared = new RenewableInstance(() => ++made, 100);
    expect([shared.use((id) => id, 60), shared.use((id) => id, 60), shared.use((id) => id, 10)]).toEqual([1, 1, 2]);
    expect(shared.built).toBe(2);
  });
});
