import { z } from 'zod';

// ---- PUT /projects/:projectId/shares/:kind -------------------------------------------------------------

export const shareEnabledBody = z.object({
  enabled: z.boolean({ error: '"enabled" must be true or false.' }),
});

export type ShareEnabledRequest = z.infer<typeof shareEnabledBody>;
