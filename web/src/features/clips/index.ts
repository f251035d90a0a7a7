/**
 * The clips feature's public surface for other features: clips made on an interview's page (from a quote or selected
 * words), and where a project's clips are listed. The Clips tab's page is loaded by the router from clips-page.tsx.
 */
export { QuoteClipArea, useClipMaker } from './clip-maker';
export { clipsPath } from './paths';
export { FindingReelButton } from './finding-reel-button';
export { ThemeReelButton } from './theme-reel-button';
