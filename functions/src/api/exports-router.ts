import { Router, type RequestHandler } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { AppError } from '@verbatim/contract/app-error';
import { EXPORT_CONTENT_TYPES, EXPORT_FORMATS, exportFileName, isExportFormat } from '@verbatim/contract/exports';
import { buildExportModel } from '../exports/export-model';
import { loadExportSource } from '../exports/load-export-source';
import { quotesWithClips, renderExport } from '../exports/render-export';
import { quoteClips } from '../clips/quote-clips';
import type { RecordingStore } from '../storage/recording-store';
import type { AccountQuotas } from '../config/server-limits';
import { logs } from '../lib/logs';
import { EXPORTS, recordUse } from '../quotas/account-quotas';
import { requireAuth } from './auth-middleware';
import { attachmentHeader } from './content-disposition';
import { requireCaller, type ApiRequest } from './request-context';

export interface ExportsRouterDeps {
  db: Firestore;
  quotas: AccountQuotas;
  /** The instance's account gate (api/account-gate.ts): rendering costs CPU. */
  gate: RequestHandler;
  /** Where clips are kept: the decks carry their quotes' clips. */
  recordings?: RecordingStore;
}

/**
 * `GET /projects/{projectId}/exports/{format}`: one deliverable of the owner's project, as a download. Counted
 * per account and hour (429 with Retry-After past it).
 */
export function exportsRouter({ db, quotas, gate, recordings }: ExportsRouterDeps): Router {
  const router = Router({ mergeParams: true });
  router.use(requireAuth);

  router.get('/:format', gate, async (req: ApiRequest, res) => {
    const format = String(req.params.format);
    if (!isExportFormat(format)) {
      throw new AppError('not-found', `There is no export called ${format}. Choose one of: ${EXPORT_FORMATS.join(', ')}.`);
    }
    const { uid } = requireCaller(req);
    await recordUse(db, uid, EXPORTS, quotas, new Date());
    const started = Date.now();
    const source = await loadExportSource(db, uid, String(req.params.projectId));
    const model = buildExportModel(source);
    // A deck's quotes with a clip carry it on their slides.
    const clips = recordings ? await quoteClips(db, { store: recordings, storageLimit: quotas.clipStorageBytes }, uid, model.projectId, quotesWithClips(model, format)) : undefined;
    const body = await renderExport(model, format, clips);
    const fileName = exportFileName(model.projectName, format);
    logs.exportRendered(model.projectId, format, body.length, Date.now() - started, model.droppedQuotes);
    res.setHeader('Content-Type', EXPORT_CONTENT_TYPES[format]);
    res.setHeader('Content-Disposition', attachmentHeader(fileName));
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.send(body);
  });

  return router;
}
