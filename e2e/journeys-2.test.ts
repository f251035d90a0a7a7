import { describe, it } from 'vitest';
import { PERSONAS } from '../web/src/features/landing/personas';
import { useBrowser } from './support/browser';
import { journey, JOURNEYS } from './support/journey';

// Persona journeys 4–6 of 6 (e2e/support/journey.ts).
const newPage = useBrowser();

describe('persona journeys: landing → sign-up → project → upload → insights → share → deck → out of credits → subscribed', () => {
  for (const [persona, fixture, interview] of JOURNEYS.slice(3, 6)) {
    it(`${persona} (${PERSONAS[persona].path}, ${fixture.split('.').pop()}, ${interview})`, async () => {
      await journey(await newPage(), newPage, persona, fixture, interview);
    }, 360_000);
  }
});
