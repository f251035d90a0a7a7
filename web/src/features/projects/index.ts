/** The projects feature's public surface for other features (they never reach into its files). */
export { ProjectHeader } from './project-header';
export { interviewsPath } from './paths';
export { ProjectUnavailable } from './project-unavailable';
export { projectReadError } from './read-error';
export { useProject } from './use-projects';
export type { Live } from '../../lib/use-live';
