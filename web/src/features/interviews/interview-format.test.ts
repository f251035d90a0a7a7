import { describe, expect, it } from 'vitest';
import { formatLabel, languageLabel } from './interview-format';
import { byteSizeText } from '@verbatim/contract/byte-size';
import { plural } from '@verbatim/contract/plural';
import { quoteTime } from '@verbatim/contract/citation';

describe('document formatting', () => {
  it('formats timestamps as mm:ss, and h:mm:ss from one hour', () => {
    expect(quoteTime(0)).toBe('00:00');
    expect(quoteTime(83.9)).toBe('01:23');
    expect(quoteTime(3599)).toBe('59:59');
    expect(quoteTime(3600)).toBe('1:00:00');
    expect(quoteTime(4 * 3600 + 5 * 60 + 7)).toBe('4:05:07');
  });

  it('formats sizes', () => {
    expect(byteSizeText(0)).toBe('0 bytes');
    expect(byteSizeText(1)).toBe('1 byte');
    expect(byteSizeText(6365)).toBe('6.2 KB');
    expect(byteSizeText(20 * 1024 * 1024)).toBe('20 MB');
    expect(byteSizeText(19.46 * 1024 * 1024)).toBe('19.5 MB');
    expect(byteSizeText(1536 * 1024 * 1024)).toBe('1.5 GB');
  });

  it('counts words and names formats and languages', () => {
    expect(plural(1050, 'word')).toBe('1,050 words');
    expect(plural(1, 'turn')).toBe('1 turn');
    expect(formatLabel('docx')).toBe('DOCX');
    expect(formatLabel(null)).toBe('Unknown type');
    expect(languageLabel('en')).toBe('English');
    expect(languageLabel('pt')).toBe('Portuguese');
    expect(languageLabel('und')).toBe('Language not detected');
    expect(languageLabel(null)).toBe('Language not detected');
  });
});
