/** The insights feature's public surface for other features (they never reach into its files). */
export { AnalysisSettings } from './analysis-settings';
export { DocumentInsightsPanel } from './document-insights-panel';
export { highlightInTurn, insightsPath, parseQuoteHash, quoteHash, type QuoteRange, type TurnHighlight } from './paths';
