import { MAX_PROJECT_NAME_LENGTH } from '@domain/project';

/** The input schema shared by create and rename: the server's rule, checked before calling it. */
export function projectNameError(name: string): string | null {
  const cleaned = cleanProjectName(name);
  if (cleaned === '') return 'Please give the project a name.';
  if (cleaned.length > MAX_PROJECT_NAME_LENGTH) return `A project name can be at most ${MAX_PROJECT_NAME_LENGTH} characters.`;
  return null;
}

/** Trimmed, inner runs of blank space collapsed to one space (as the server stores it). */
export function cleanProjectName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}
