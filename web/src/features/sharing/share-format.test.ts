import { describe, expect, it } from 'vitest';
import { publicPagePath, publicPageUrl, sharePath } from './paths';
import { linkFromWire } from './api/share-wire';
import { shareState, shareStatusText, updatedText } from './share-format';

const link = (enabled: boolean) => ({ kind: 'summary' as const, token: 't', enabled, updatedAt: new Date(1) });

describe('share links', () => {
  it('open the public pages on this site', () => {
    expect(publicPagePath('summary', 'abc-_1')).toBe('/public/summary/abc-_1');
    expect(publicPageUrl('interviews', 'tok', 'http://127.0.0.1:5000/')).toBe('http://127.0.0.1:5000/public/interviews/tok');
    expect(sharePath('p 1')).toBe('/projects/p%201/share');
  });

  it('are none, on or off', () => {
    expect(shareState(undefined)).toBe('none');
    expect(shareState(link(true))).toBe('on');
    expect(shareState(link(false))).toBe('off');
    expect(shareStatusText('off')).toMatch(/disabled/);
  });

  it('say when they last changed', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    expect(updatedText(new Date('2026-05-01T11:59:30Z'), now)).toBe('Changed just now');
    expect(updatedText(new Date('2026-05-01T11:55:00Z'), now)).toBe('Changed 5 minutes ago');
    expect(updatedText(new Date('2026-05-01T11:00:00Z'), now)).toBe('Changed 1 hour ago');
    expect(updatedText(new Date('2026-04-01T12:00:00Z'), now)).toBe('Changed on Apr 1, 2026');
    expect(updatedText(new Date(0), now)).toBe('');
  });

  it('arrive from the API with ISO dates', () => {
    expect(linkFromWire({ kind: 'summary', token: 't', enabled: true, updatedAt: '2026-05-01T12:00:00.000Z' }).updatedAt.toISOString()).toBe(
      '2026-05-01T12:00:00.000Z',
    );
    expect(linkFromWire({ kind: 'summary', token: 't', enabled: true, updatedAt: 'nope' }).updatedAt.getTime()).toBe(0);
  });
});
