/** The projects feature's public surface for other features (they never reach into its files). */
export { useCapabilities } from './api/get-capabilities';
export { projectSummary } from './project-format';
export { ReadyProjectContext, useReadyProject, useWorkspaceProject, WorkspaceProjectContext } from './project-context';
export { projectReadError } from './read-error';
export { useProject } from './use-projects';
export type { Live } from '../../lib/use-live';
