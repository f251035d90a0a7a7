/**
 * The project workspace: the layout routes of `/projects/:projectId/*` (loaded lazily by the router). It sits above
 * the features whose screens it frames, so no feature imports it.
 */
export { ProjectGate } from './project-gate';
export { ProjectSections, type ProjectSectionHandle } from './project-sections';
export { ProjectWorkspace } from './project-workspace';
