/** The insights feature's public surface for other features (they never reach into its files). */
export { AnalysisSettings } from './analysis-settings';
export { boardInsights, type BoardInsight } from './board';
export { InterviewInsightsPanel, insightsQuoting } from './interview-insights-panel';
export { PassageDialog, type DialogPassage } from './passage-dialog';
export { insightsPath, quotePath } from './paths';
export { useProjectInsights, useSynthesis } from './use-insights';
