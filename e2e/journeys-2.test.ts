// Persona journeys 4–6 of 6 (e2e/support/journey.ts); the other half runs beside them as its own file.
import { describeJourneys } from './support/journey';

describeJourneys(3, 6);
