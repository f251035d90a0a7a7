import { describe, expect, it } from 'vitest';
import { returnPath } from './return-path';

describe('returnPath', () => {
  it('returns to the protected page that redirected to login, with its query', () => {
    expect(returnPath({ from: { pathname: '/projects/p1/insights', search: '?tag=x' } }, '')).toBe('/projects/p1/insights?tag=x');
  });

  it('follows ?next= and carries the chosen plan as autoSubscribe', () => {
    expect(returnPath(null, '?next=/pricing&plan=solo')).toBe('/pricing?autoSubscribe=solo');
  });

  it('never follows a next that leaves the site', () => {
    expect(returnPath(null, '?next=//evil.example/x')).toBe('/projects');
    expect(returnPath(null, '?next=https://evil.example')).toBe('/projects');
  });

  it('falls back to the projects list', () => {
    expect(returnPath(undefined, '')).toBe('/projects');
  });
});
