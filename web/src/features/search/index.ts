/** The search feature's public surface for other features and the app shell. */
export { searchPath } from './paths';
