import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_NAME_LENGTH } from '@verbatim/contract/constants';
import { INSIGHT_TEXT_LIMITS } from '@verbatim/contract/insight';
import { INSIGHT_WORDING_FIELDS } from '@verbatim/contract/insight-schema';

/**
 * The text limits firestore.rules enforces on the client's own writes are the contract's: a change on one
 * side without the other would let the web app offer what the rules refuse (or the reverse).
 */
const rules = readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8');

/** Every `<field>.size() <= N` the rules hold, per field name. */
function sizeLimits(): Map<string, number[]> {
  const limits = new Map<string, number[]>();
  for (const match of rules.matchAll(/request\.resource\.data\.([A-Za-z]+)\.size\(\)\s*<=\s*(\d+)/g)) {
    limits.set(match[1], [...(limits.get(match[1]) ?? []), Number(match[2])]);
  }
  return limits;
}

describe('the text limits in firestore.rules', () => {
  const limits = sizeLimits();

  it("hold an insight's title, description, tag and theme to the contract's limits", () => {
    for (const [field, max] of Object.entries(INSIGHT_TEXT_LIMITS)) {
      expect(limits.get(field), `firestore.rules limit for ${field}`).toEqual([max]);
    }
  });

  it("let the owner edit each of an insight's words the contract lists, and bound each one", () => {
    const block = rules.slice(rules.indexOf('match /insights/{insightId}'));
    const editable = /hasOnly\(\[([^\]]*)\]\)/.exec(block)?.[1] ?? '';
    for (const field of INSIGHT_WORDING_FIELDS) {
      expect(editable, `firestore.rules lets the owner edit ${field}`).toContain(`'${field}'`);
      expect(limits.has(field), `firestore.rules bounds ${field}`).toBe(true);
    }
  });

  it("hold a profile's display name to the contract's limit", () => {
    expect(limits.get('name')).toEqual([MAX_NAME_LENGTH]);
  });

  it('name no other sized field the contract does not know', () => {
    expect([...limits.keys()].sort()).toEqual([...Object.keys(INSIGHT_TEXT_LIMITS), 'name'].sort());
  });
});
