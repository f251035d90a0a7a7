/** The deliverable feature's public surface for other features (they never reach into its files). */
export { deliverablePath } from './paths';
