import { z } from 'zod';
import type { AnalyserName } from '../insight';
import { cleanProjectName, projectNameError } from '../project';

// ---- POST /projects, PATCH /projects/:projectId ---------------------------------------------------------

/** A project's name: the contract's rule (`projectNameError`, which the web also checks before calling), stored cleaned. */
const projectName = z.string({ error: 'Please give the project a name.' }).transform((name, ctx) => {
  const refused = projectNameError(name);
  if (refused) {
    ctx.addIssue({ code: 'custom', message: refused });
    return z.NEVER;
  }
  return cleanProjectName(name);
});

const ANALYSERS = ['local', 'gemini'] as const satisfies readonly AnalyserName[];

/** The owner's choice of analyser and redaction; what is left out keeps its current (or default) value. */
const projectSettings = z.object(
  {
    analyser: z.enum(ANALYSERS, { error: 'The analyser must be local or gemini.' }).optional(),
    redactPii: z.boolean({ error: 'The redactPii field must be true or false.' }).optional(),
  },
  { error: 'The settings field must be an object.' },
);

export type ProjectSettingsChange = z.infer<typeof projectSettings>;

/** A new project: its name and, optionally, settings over the default (the settings are checked first). */
export const createProjectBody = z.object({
  settings: projectSettings.optional(),
  name: projectName,
});

export type CreateProjectRequest = z.input<typeof createProjectBody>;

/** A rename, a change of settings, or both. */
export const updateProjectBody = z
  .object({
    name: projectName.optional(),
    settings: projectSettings.optional(),
  })
  .refine((body) => body.name !== undefined || body.settings !== undefined, 'Nothing to change: send a name, settings or both.');

export type UpdateProjectRequest = z.input<typeof updateProjectBody>;
