import type { AnalyserName } from '@verbatim/contract/insight';
import type { Project, ProjectSettings } from '@verbatim/contract/project';
import type { UpdateProjectRequest } from '@verbatim/contract/request-bodies';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

export interface UpdateAnalysisSettingsInput {
  projectId: string;
  settings: Partial<ProjectSettings>;
}

const ANALYSERS: readonly AnalyserName[] = ['local', 'gemini'];

/** The input schema: only the two settings, each of its own type. */
export function analysisSettingsError(settings: Partial<ProjectSettings>): string | null {
  const keys = Object.keys(settings);
  if (keys.length === 0) return 'Nothing to change.';
  if (keys.some((k) => k !== 'analyser' && k !== 'redactPii')) return 'Only the analyser and redaction can be changed here.';
  if (settings.analyser !== undefined && !ANALYSERS.includes(settings.analyser)) return 'Choose Verbatim only or Google Gemini.';
  if (settings.redactPii !== undefined && typeof settings.redactPii !== 'boolean') return 'Redaction is either on or off.';
  return null;
}

/** PATCH /projects/:projectId {settings: {analyser?, redactPii?}} → {project}. */
export async function updateAnalysisSettings({ projectId, settings }: UpdateAnalysisSettingsInput): Promise<ProjectSettings> {
  const invalid = analysisSettingsError(settings);
  if (invalid) throw new ApiError(400, invalid, 'invalid');
  const body: UpdateProjectRequest = { settings };
  const { project } = await apiRequest<{ project: Pick<Project, 'settings'> }>(`/projects/${encodeURIComponent(projectId)}`, { method: 'PATCH', body });
  return project.settings;
}

export function useUpdateAnalysisSettings() {
  return useMutation({ mutationFn: updateAnalysisSettings });
}
