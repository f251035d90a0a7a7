/** The project-name rule shared by create and rename: the contract's, checked before calling the server. */
export { cleanProjectName, projectNameError } from '@verbatim/contract/project';
