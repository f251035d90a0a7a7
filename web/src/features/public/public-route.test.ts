import { describe, expect, it } from 'vitest';
import { isPublicPath, publicRouteOf } from './public-route';

describe('the public pages’ router', () => {
  it('reads the page kind and the share token', () => {
    expect(publicRouteOf('/public/summary/abc_DEF-123')).toEqual({ kind: 'summary', token: 'abc_DEF-123' });
    expect(publicRouteOf('/public/interviews/tok/')).toEqual({ kind: 'interviews', token: 'tok' });
  });
  it('names no page for anything else', () => {
    expect(publicRouteOf('/public/summary/')).toBeNull();
    expect(publicRouteOf('/public/other/tok')).toBeNull();
    expect(publicRouteOf('/public/summary/a/b')).toBeNull();
    expect(publicRouteOf('/public/summary/%E0%A4%A')).toBeNull();
    expect(publicRouteOf('/projects')).toBeNull();
  });
  it('sends every /public/ path, and only those, to the public bundle', () => {
    expect(isPublicPath('/public/summary/x')).toBe(true);
    expect(isPublicPath('/public/whatever')).toBe(true);
    expect(isPublicPath('/public')).toBe(true);
    expect(isPublicPath('/publication')).toBe(false);
    expect(isPublicPath('/projects/p/insights')).toBe(false);
    expect(isPublicPath('/')).toBe(false);
  });
});
