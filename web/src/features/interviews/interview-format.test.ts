import { describe, expect, it } from 'vitest';
import { countOf, formatBytes, formatLabel, formatTimestamp, languageLabel } from './interview-format';

describe('document formatting', () => {
  it('formats timestamps as mm:ss, and h:mm:ss from one hour', () => {
    expect(formatTimestamp(0)).toBe('00:00');
    expect(formatTimestamp(83.9)).toBe('01:23');
    expect(formatTimestamp(3599)).toBe('59:59');
    expect(formatTimestamp(3600)).toBe('1:00:00');
    expect(formatTimestamp(4 * 3600 + 5 * 60 + 7)).toBe('4:05:07');
  });

  it('formats sizes', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(6365)).toBe('6.2 KB');
    expect(formatBytes(20 * 1024 * 1024)).toBe('20.0 MB');
  });

  it('counts words and names formats and languages', () => {
    expect(countOf(1050, 'word')).toBe('1,050 words');
    expect(countOf(1, 'turn')).toBe('1 turn');
    expect(formatLabel('docx')).toBe('DOCX');
    expect(formatLabel(null)).toBe('Unknown type');
    expect(languageLabel('en')).toBe('English');
    expect(languageLabel('pt')).toBe('Portuguese');
    expect(languageLabel('und')).toBe('Language not detected');
    expect(languageLabel(null)).toBe('Language not detected');
  });
});
