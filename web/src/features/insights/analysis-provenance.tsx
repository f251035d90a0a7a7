import type { StoredSynthesis } from '@verbatim/contract/insight-data';
import type { ProjectSettings, Interview } from '@verbatim/contract/project';
import { useAuth } from '../../app/auth-provider';
import { provenanceLines, reanalyseOffer } from './analysis-labels';
import { useCapabilities } from '../projects';
import { useReanalyseAll } from './api/reanalyse-all';

/**
 * Which analyser and model wrote the insights on the board and the synthesis, and when; after a switch of analyser,
 * the offer to re-analyse every interview with the project's current one, its credit cost on the button.
 */
export function AnalysisProvenance({
  projectId,
  settings,
  documents,
  synthesis,
}: {
  projectId: string;
  settings: ProjectSettings;
  documents: Interview[];
  synthesis: StoredSynthesis | null;
}) {
  const { user } = useAuth();
  const capabilities = useCapabilities();
  const reanalyse = useReanalyseAll();
  const lines = provenanceLines(documents, synthesis);
  const offer = capabilities.isPending
    ? null
    : reanalyseOffer(documents, settings, capabilities.data?.analysers.gemini === true, {
        creditsRemaining: user?.creditsRemaining ?? null,
        subscriptionActive: user?.subscriptionActive ?? false,
      });

  return (
    <div className="provenance" data-testid="provenance">
      {lines.insights && (
        <p className="provenance__line" data-testid="insights-writer">
          {lines.insights}
        </p>
      )}
      {lines.synthesis && (
        <p className={`provenance__line${synthesis?.writer.fallback ? ' provenance__line--fallback' : ''}`} data-testid="synthesis-writer">
          {lines.synthesis}
        </p>
      )}
      {offer && !reanalyse.isSuccess && (
        <div className="provenance__offer" data-testid="reanalyse-offer">
          <p>{offer.reason}</p>
          {offer.blocked ? (
            <p className="form-error">{offer.blocked}</p>
          ) : (
            <button type="button" className="button button--small" disabled={reanalyse.isPending} onClick={() => reanalyse.mutate(projectId)}>
              {reanalyse.isPending ? 'Sending the interviews back…' : offer.action}
            </button>
          )}
          {reanalyse.isError && (
            <p className="form-error" role="alert">
              {reanalyse.error.message}
            </p>
          )}
        </div>
      )}
      {reanalyse.isSuccess && (
        <p className="provenance__line" role="status" data-testid="reanalyse-started">
          {reanalyse.data === 1 ? '1 interview is' : `${reanalyse.data} interviews are`} being analysed again; the board follows as each one finishes.
        </p>
      )}
    </div>
  );
}
