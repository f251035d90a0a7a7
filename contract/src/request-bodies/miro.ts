import { z } from 'zod';
import { TOKEN } from './tokens';

// ---- POST /projects/:projectId/miro/boards/:boardId/stickies ---------------------------------------

const FRAME_IDS = 'frameIds must be the list of frame ids the first step returned.';

export const miroStepRequestBody = z.object({
  frameIds: z.array(z.string({ error: FRAME_IDS }).min(1, FRAME_IDS).max(100, FRAME_IDS), { error: FRAME_IDS }).max(1000, FRAME_IDS),
  planId: z.string({ error: 'planId must be the plan id the first step returned.' }).regex(/^[A-Za-z0-9_-]{1,64}$/, 'planId must be the plan id the first step returned.'),
  from: z
    .number({ error: 'from must be the number of stickies already placed (0 or more).' })
    .int('from must be the number of stickies already placed (0 or more).')
    .min(0, 'from must be the number of stickies already placed (0 or more).'),
});

export type MiroStepRequest = z.infer<typeof miroStepRequestBody>;

/** The researcher's Miro access token: never logged, never stored. */
export const miroTokenBody = z.object({
  token: z
    .string({ error: 'Paste a Miro access token to send the board to Miro.' })
    .trim()
    .min(1, 'Paste a Miro access token to send the board to Miro.')
    .min(8, 'That does not look like a Miro access token: paste the token exactly as Miro shows it, without spaces.')
    .max(4096, 'That does not look like a Miro access token: paste the token exactly as Miro shows it, without spaces.')
    .regex(TOKEN, 'That does not look like a Miro access token: paste the token exactly as Miro shows it, without spaces.'),
});

export type MiroTokenRequest = z.input<typeof miroTokenBody>;
