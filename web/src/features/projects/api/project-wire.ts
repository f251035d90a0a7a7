import type { Project } from '@verbatim/contract/project';

/** A project as the API sends it: dates as ISO strings. */
export type WireProject = Omit<Project, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };
