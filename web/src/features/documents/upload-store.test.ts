import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import type { Reservation } from './api/reserve-document';
import { NO_CREDIT_FOR_FILE } from './upload-checks';

vi.mock('../../lib/firebase', () => ({ auth: { currentUser: null }, db: {}, firebaseApp: {} }));
vi.mock('../../lib/upload', () => ({
  isAbortError: (err: unknown) => (err as { name?: string })?.name === 'AbortError',
  uploadToStorage: vi.fn(),
}));
vi.mock('./api/reserve-document', () => ({ reserveDocument: vi.fn() }));
vi.mock('./api/upload-document-content', () => ({ uploadDocumentContent: vi.fn() }));
vi.mock('./api/delete-document', () => ({ deleteDocument: vi.fn() }));

const { uploadToStorage } = await import('../../lib/upload');
const { reserveDocument } = await import('./api/reserve-document');
const { uploadDocumentContent } = await import('./api/upload-document-content');
const { deleteDocument } = await import('./api/delete-document');
const { cancelUpload, enqueueUploads, uploadsOf } = await import('./upload-store');

const OUT_OF_CREDITS = "You've used all your free trial credits. Subscribe to the Solo plan for unlimited interviews.";
let projectCounter = 0;

function reservation(id: string, change: Partial<Reservation['document']> = {}, uploadVia: 'api' | 'storage' = 'api'): Reservation {
  return {
    document: { id, status: 'uploading', error: null, ...change } as Reservation['document'],
    uploadPath: `uploads/u1/p/${id}/interview.txt`,
    uploadVia,
  };
}

const file = (name = 'interview.txt', text = 'AI: Hello\n\nUser: Hi') => new File([text], name, { type: 'text/plain' });

describe('upload store', () => {
  let projectId: string;
  let hooks: { onOutOfCredits: ReturnType<typeof vi.fn<() => void>> };
  beforeEach(() => {
    vi.resetAllMocks();
    projectId = `p${++projectCounter}`;
    hooks = { onOutOfCredits: vi.fn<() => void>() };
  });

  it('reserves, sends the bytes with progress, then hands over to the live document', async () => {
    vi.mocked(reserveDocument).mockResolvedValue(reservation('d1'));
    let finish!: () => void;
    vi.mocked(uploadDocumentContent).mockImplementation(async (_input, options) => {
      options?.onProgress?.({ loaded: 5, total: 20 });
      await new Promise<void>((resolve) => (finish = resolve));
      return { status: 'parsed', wordCount: 3 };
    });
    const picked = file();
    enqueueUploads(projectId, [picked], hooks);
    await vi.waitFor(() => expect(uploadsOf(projectId)[0]).toMatchObject({ documentId: 'd1', phase: 'sending', sent: 5, total: 20 }));
    expect(reserveDocument).toHaveBeenCalledWith({ projectId, fileName: 'interview.txt', size: picked.size });
    expect(vi.mocked(uploadDocumentContent).mock.calls[0][0]).toEqual({ projectId, documentId: 'd1', file: picked });
    finish();
    await vi.waitFor(() => expect(uploadsOf(projectId)).toEqual([]));
    expect(hooks.onOutOfCredits).not.toHaveBeenCalled();
  });

  it('sends nothing for a file the server refused on its name or size', async () => {
    vi.mocked(reserveDocument).mockResolvedValue(reservation('d2', { status: 'failed', error: 'This file is empty.' }));
    enqueueUploads(projectId, [file('empty.txt', '')], hooks);
    await vi.waitFor(() => expect(uploadsOf(projectId)).toEqual([]));
    expect(uploadDocumentContent).not.toHaveBeenCalled();
    expect(uploadToStorage).not.toHaveBeenCalled();
  });

  it('uploads to Cloud Storage with the content type the rules accept when the server says so', async () => {
    vi.mocked(reserveDocument).mockResolvedValue(reservation('d3', {}, 'storage'));
    vi.mocked(uploadToStorage).mockResolvedValue();
    enqueueUploads(projectId, [file('captions.srt')], hooks);
    await vi.waitFor(() => expect(uploadsOf(projectId)).toEqual([]));
    expect(vi.mocked(uploadToStorage).mock.calls[0][0]).toBe('uploads/u1/p/d3/interview.txt');
    expect(vi.mocked(uploadToStorage).mock.calls[0][2].contentType).toBe('application/x-subrip');
    expect(uploadDocumentContent).not.toHaveBeenCalled();
  });

  it('on a 402, asks to subscribe and sends none of the files still waiting', async () => {
    vi.mocked(reserveDocument).mockRejectedValue(new ApiError(402, OUT_OF_CREDITS, 'payment-required'));
    enqueueUploads(projectId, [file('a.txt'), file('b.txt'), file('c.txt')], hooks);
    await vi.waitFor(() => expect(uploadsOf(projectId).every((u) => u.phase === 'failed')).toBe(true));
    expect(uploadsOf(projectId).map((u) => [u.fileName, u.error])).toEqual([
      ['a.txt', OUT_OF_CREDITS],
      ['b.txt', OUT_OF_CREDITS],
      ['c.txt', NO_CREDIT_FOR_FILE],
    ]);
    expect(reserveDocument).toHaveBeenCalledTimes(2);
    expect(hooks.onOutOfCredits).toHaveBeenCalled();
  });

  it("leaves a parser's refusal to the document, and keeps a transport failure with its reason", async () => {
    vi.mocked(reserveDocument).mockResolvedValueOnce(reservation('d4')).mockResolvedValueOnce(reservation('d5'));
    vi.mocked(uploadDocumentContent)
      .mockRejectedValueOnce(new ApiError(422, 'This file contains only blank space.', 'whitespace-only'))
      .mockRejectedValueOnce(new ApiError(0, 'Could not reach the server. Check your connection and try again.'));
    enqueueUploads(projectId, [file('blank.txt'), file('offline.txt')], hooks);
    await vi.waitFor(() => expect(uploadsOf(projectId).map((u) => [u.fileName, u.phase])).toEqual([['offline.txt', 'failed']]));
    expect(uploadsOf(projectId)[0]).toMatchObject({ documentId: 'd5', error: 'Could not reach the server. Check your connection and try again.' });
  });

  it('a cancelled upload deletes the document it reserved', async () => {
    vi.mocked(reserveDocument).mockResolvedValue(reservation('d6'));
    vi.mocked(deleteDocument).mockResolvedValue();
    vi.mocked(uploadDocumentContent).mockImplementation(
      (_input, options) =>
        new Promise((_resolve, reject) => options?.signal?.addEventListener('abort', () => reject(new DOMException('x', 'AbortError')))),
    );
    enqueueUploads(projectId, [file()], hooks);
    await vi.waitFor(() => expect(uploadsOf(projectId)[0]?.phase).toBe('sending'));
    cancelUpload(uploadsOf(projectId)[0].key);
    await vi.waitFor(() => expect(uploadsOf(projectId)).toEqual([]));
    expect(deleteDocument).toHaveBeenCalledWith({ projectId, documentId: 'd6' });
  });
});
