import { z } from 'zod';

// ---- PUT /projects/:projectId/shares/:kind -------------------------------------------------------------

export const shareEnabledBody = z.object({
  enabled: z.boolean({ error: 'The enabled field must be true or false.' }),
  /** Interviews page only: visitors may play each quote's moment of its recording (unchanged when absent). */
  playRecordings: z.boolean({ error: 'The playRecordings field must be true or false.' }).optional(),
});

export type ShareEnabledRequest = z.infer<typeof shareEnabledBody>;
