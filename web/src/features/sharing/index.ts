/** The sharing feature's public surface for other features (they never reach into its files). */
export { ShareButton } from './share-button';
export { sharePath, publicPagePath } from './paths';
