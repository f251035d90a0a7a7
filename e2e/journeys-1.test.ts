// Persona journeys 1–3 of 6 (e2e/support/journey.ts); the other half runs beside them as its own file.
import { describeJourneys } from './support/journey';

describeJourneys(0, 3);
