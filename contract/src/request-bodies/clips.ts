import { z } from 'zod';
import { CLIP_MESSAGES, MAX_CLIP_TITLE, MAX_NUDGE_WORDS } from '../clip';
import { MAX_REEL_CLIPS, MAX_REEL_TITLE, MAX_THEME_FINDINGS, REEL_MESSAGES } from '../reel';

const title = z
  .string({ error: 'The title must be text.' })
  .trim()
  .max(MAX_CLIP_TITLE, { error: CLIP_MESSAGES.titleTooLong });

const offset = z.number({ error: 'Select words of the transcript first.' }).int({ error: 'Select words of the transcript first.' }).min(0, { error: 'Select words of the transcript first.' });

// ---- POST /projects/:projectId/clips ---------------------------------------------------------------------------

/** A clip of a quote or a selection: which interview, and the offsets of its stored text ([start, end)). */
export const createClipBody = z
  .object({
    documentId: z.string({ error: 'Say which interview the clip is from.' }).regex(/^[A-Za-z0-9_-]{1,128}$/, { error: 'Say which interview the clip is from.' }),
    start: offset,
    end: offset,
    title: title.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.end <= body.start) ctx.addIssue({ code: 'custom', message: CLIP_MESSAGES.noWords, path: ['start'] });
  });

export type CreateClipRequest = z.infer<typeof createClipBody>;

// ---- PATCH /projects/:projectId/clips/:clipId ------------------------------------------------------------------

/** A new title, and/or one edge moved by whole words (negative: earlier); at least one of them. */
export const updateClipBody = z
  .object({
  title: title.optional(),
  nudge: z
    .object({
      edge: z.enum(['start', 'end'], { error: 'Say which edge of the clip to move: start or end.' }),
      words: z
        .number({ error: 'Say by how many words to move the edge.' })
        .int({ error: 'An edge moves by whole words.' })
        .min(-MAX_NUDGE_WORDS, { error: `An edge moves by at most ${MAX_NUDGE_WORDS} words at once.` })
        .max(MAX_NUDGE_WORDS, { error: `An edge moves by at most ${MAX_NUDGE_WORDS} words at once.` })
        .refine((n) => n !== 0, { error: 'Say by how many words to move the edge.' }),
    })
    .optional(),
  })
  .refine((body) => body.title !== undefined || body.nudge !== undefined, CLIP_MESSAGES.nothingToChange);

export type UpdateClipRequest = z.infer<typeof updateClipBody>;

// ---- POST /projects/:projectId/reels ---------------------------------------------------------------------------

/** The clips of a reel, in order, or the finding or theme whose quotes' clips it joins; and its title. */
export const createReelBody = z.object({
  insightId: z.string({ error: 'Say which finding the reel is of.' }).regex(/^[A-Za-z0-9_-]{1,128}$/, { error: 'Say which finding the reel is of.' }).optional(),
  clipIds: z
    .array(z.string({ error: 'Choose the clips for the reel.' }).regex(/^[A-Za-z0-9_-]{1,128}$/, { error: 'Choose the clips for the reel.' }), { error: 'Choose the clips for the reel.' })
    .superRefine((ids, ctx) => {
      if (ids.length === 0) ctx.addIssue({ code: 'custom', message: REEL_MESSAGES.empty });
      else if (ids.length > MAX_REEL_CLIPS) ctx.addIssue({ code: 'custom', message: REEL_MESSAGES.tooMany(ids.length) });
    })
    .optional(),
  title: z.string({ error: 'The title must be text.' }).trim().max(MAX_REEL_TITLE, { error: `A reel’s title is at most ${MAX_REEL_TITLE} characters.` }).optional(),
  /** A theme as the board shows it: its name (on every card) and its findings in the board's order. */
  theme: z
    .object({
      name: z.string({ error: REEL_MESSAGES.themeUnnamed }).trim().min(1, { error: REEL_MESSAGES.themeUnnamed }).max(MAX_REEL_TITLE, { error: `A theme’s name is at most ${MAX_REEL_TITLE} characters.` }),
      insightIds: z
        .array(z.string({ error: REEL_MESSAGES.themeEmpty }).regex(/^[A-Za-z0-9_-]{1,128}$/, { error: REEL_MESSAGES.themeEmpty }), { error: REEL_MESSAGES.themeEmpty })
        .min(1, { error: REEL_MESSAGES.themeEmpty })
        .max(MAX_THEME_FINDINGS, { error: `A theme’s reel is made of at most ${MAX_THEME_FINDINGS} findings.` }),
    })
    .optional(),
}).superRefine((body, ctx) => {
  if (!body.clipIds && !body.insightId && !body.theme) ctx.addIssue({ code: 'custom', message: REEL_MESSAGES.empty, path: ['clipIds'] });
});

export type CreateReelRequest = z.infer<typeof createReelBody>;
