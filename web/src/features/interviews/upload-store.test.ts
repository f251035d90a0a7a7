import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import type { Reservation } from './api/reserve-interview';
import { NO_CREDIT_FOR_FILE } from './upload-checks';

vi.mock('../../lib/firebase', () => ({ auth: { currentUser: null }, db: {}, firebaseApp: {} }));
vi.mock('../../lib/upload', () => ({
  isAbortError: (err: unknown) => (err as { name?: string })?.name === 'AbortError',
  uploadToStorage: vi.fn(),
  sendFileToApi: vi.fn(),
}));
vi.mock('../../lib/api-client', async (actual) => ({ ...(await actual<object>()), apiRequest: vi.fn() }));
vi.mock('./api/reserve-interview', () => ({ reserveInterview: vi.fn() }));
vi.mock('./api/upload-interview-content', () => ({ uploadInterviewContent: vi.fn() }));
vi.mock('./api/delete-interview', () => ({ deleteInterview: vi.fn() }));

const { sendFileToApi, uploadToStorage } = await import('../../lib/upload');
const { apiRequest } = await import('../../lib/api-client');
const { reserveInterview } = await import('./api/reserve-interview');
const { uploadInterviewContent } = await import('./api/upload-interview-content');
const { deleteInterview } = await import('./api/delete-interview');
const { cancelUpload, enqueueUploads, renameUpload, uploadsOf } = await import('./upload-store');

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
    vi.mocked(reserveInterview).mockResolvedValue(reservation('d1'));
    let finish!: () => void;
    vi.mocked(uploadInterviewContent).mockImplementation(async (_input, options) => {
      options?.onProgress?.({ loaded: 5, total: 20 });
      await new Promise<void>((resolve) => (finish = resolve));
      return { status: 'parsed', wordCount: 3 };
    });
    const picked = file();
    enqueueUploads(projectId, [picked], hooks);
    await vi.waitFor(() => expect(uploadsOf(projectId)[0]).toMatchObject({ documentId: 'd1', phase: 'sending', sent: 5, total: 20 }));
    // Named from the transcript's labels ("User" tells no one apart): the file's name without its extension.
    expect(reserveInterview).toHaveBeenCalledWith({ projectId, fileName: 'interview.txt', size: picked.size, name: 'interview' });
    expect(vi.mocked(uploadInterviewContent).mock.calls[0][0]).toEqual({ projectId, documentId: 'd1', file: picked });
    finish();
    await vi.waitFor(() => expect(uploadsOf(projectId)).toEqual([]));
    expect(hooks.onOutOfCredits).not.toHaveBeenCalled();
  });

  it('sends nothing for a file the server refused on its name or size', async () => {
    vi.mocked(reserveInterview).mockResolvedValue(reservation('d2', { status: 'failed', error: 'This file is empty.' }));
    enqueueUploads(projectId, [file('empty.txt', '')], hooks);
    await vi.waitFor(() => expect(uploadsOf(projectId)).toEqual([]));
    expect(uploadInterviewContent).not.toHaveBeenCalled();
    expect(uploadToStorage).not.toHaveBeenCalled();
  });

  it('uploads to Cloud Storage with the content type the rules accept when the server says so', async () => {
    vi.mocked(reserveInterview).mockResolvedValue(reservation('d3', {}, 'storage'));
    vi.mocked(uploadToStorage).mockResolvedValue();
    enqueueUploads(projectId, [file('captions.srt')], hooks);
    await vi.waitFor(() => expect(uploadsOf(projectId)).toEqual([]));
    expect(vi.mocked(uploadToStorage).mock.calls[0][0]).toBe('uploads/u1/p/d3/interview.txt');
    expect(vi.mocked(uploadToStorage).mock.calls[0][2].contentType).toBe('application/x-subrip');
    expect(uploadInterviewContent).not.toHaveBeenCalled();
  });

  it('names the interview from the transcript, or as the researcher typed it before the reservation', async () => {
    vi.mocked(reserveInterview).mockResolvedValue(reservation('n1'));
    vi.mocked(uploadInterviewContent).mockResolvedValue({ status: 'parsed', wordCount: 3 });
    const text = 'Date: 2025-05-02\nInterviewer: What slows you down?\nDana Whitfield: The exports, every week.\nInterviewer: How so?\nDana Whitfield: They break the layout.\n';
    enqueueUploads(projectId, [file('call.txt', text)], hooks);
    await vi.waitFor(() => expect(reserveInterview).toHaveBeenCalled());
    expect(vi.mocked(reserveInterview).mock.calls[0][0]).toMatchObject({ fileName: 'call.txt', name: 'Dana Whitfield · 2 May 2025' });
    await vi.waitFor(() => expect(uploadsOf(projectId)).toEqual([]));

    // A name typed as soon as the file is picked, before its reservation, goes with it (trimmed).
    vi.mocked(reserveInterview).mockClear();
    enqueueUploads(projectId, [file('call-2.txt', text)], hooks);
    renameUpload(uploadsOf(projectId)[0].key, '  Dana, second call ');
    await vi.waitFor(() => expect(reserveInterview).toHaveBeenCalled());
    expect(vi.mocked(reserveInterview).mock.calls[0][0]).toMatchObject({ fileName: 'call-2.txt', name: 'Dana, second call' });
    await vi.waitFor(() => expect(uploadsOf(projectId)).toEqual([]));
  });

  it('on a 402, asks to subscribe and sends none of the files still waiting', async () => {
    vi.mocked(reserveInterview).mockRejectedValue(new ApiError(402, OUT_OF_CREDITS, 'payment-required'));
    enqueueUploads(projectId, [file('a.txt'), file('b.txt'), file('c.txt')], hooks);
    await vi.waitFor(() => expect(uploadsOf(projectId).every((u) => u.phase === 'failed')).toBe(true));
    const errors = uploadsOf(projectId).map((u) => [u.fileName, u.error]);
    expect(errors[0]).toEqual(['a.txt', OUT_OF_CREDITS]);
    // The second was already on its way (its name being proposed) or not yet: either sentence says there is no credit.
    expect(errors[1][0]).toBe('b.txt');
    expect([OUT_OF_CREDITS, NO_CREDIT_FOR_FILE]).toContain(errors[1][1]);
    expect(errors[2]).toEqual(['c.txt', NO_CREDIT_FOR_FILE]);
    expect(vi.mocked(reserveInterview).mock.calls.length).toBeLessThanOrEqual(2);
    expect(hooks.onOutOfCredits).toHaveBeenCalled();
  });

  it("leaves a parser's refusal to the document, and keeps a transport failure with its reason", async () => {
    vi.mocked(reserveInterview).mockResolvedValueOnce(reservation('d4')).mockResolvedValueOnce(reservation('d5'));
    vi.mocked(uploadInterviewContent)
      .mockRejectedValueOnce(new ApiError(422, 'This file contains only blank space.', 'whitespace-only'))
      .mockRejectedValueOnce(new ApiError(0, 'Could not reach the server. Check your connection and try again.'));
    enqueueUploads(projectId, [file('blank.txt'), file('offline.txt')], hooks);
    await vi.waitFor(() => expect(uploadsOf(projectId).map((u) => [u.fileName, u.phase])).toEqual([['offline.txt', 'failed']]));
    expect(uploadsOf(projectId)[0]).toMatchObject({ documentId: 'd5', error: 'Could not reach the server. Check your connection and try again.' });
  });

  it('a cancelled upload deletes the document it reserved', async () => {
    vi.mocked(reserveInterview).mockResolvedValue(reservation('d6'));
    vi.mocked(deleteInterview).mockResolvedValue();
    vi.mocked(uploadInterviewContent).mockImplementation(
      (_input, options) =>
        new Promise((_resolve, reject) => options?.signal?.addEventListener('abort', () => reject(new DOMException('x', 'AbortError')))),
    );
    enqueueUploads(projectId, [file()], hooks);
    await vi.waitFor(() => expect(uploadsOf(projectId)[0]?.phase).toBe('sending'));
    cancelUpload(uploadsOf(projectId)[0].key);
    await vi.waitFor(() => expect(uploadsOf(projectId)).toEqual([]));
    expect(deleteInterview).toHaveBeenCalledWith({ projectId, documentId: 'd6' });
  });

  describe('a recording, in a project Gemini transcribes', () => {
    const GB = 1024 ** 3;
    const limits = { maxBytes: GB, maxSeconds: 7200, apiMaxBytes: 2048 };
    const recording = (name = 'call.m4a') => new File([new Uint8Array(3072)], name, { type: 'audio/mp4' });

    it('reserves a new interview for the recording and sends it straight to Cloud Storage with its progress', async () => {
      vi.mocked(apiRequest).mockResolvedValue({ documentId: 'r1', uploadPath: 'recordings/u1/p/r1/call.m4a', uploadVia: 'storage' });
      let finish!: () => void;
      vi.mocked(uploadToStorage).mockImplementation(async (_path, _file, options) => {
        options.onProgress?.({ loaded: 1024, total: 3072 });
        await new Promise<void>((resolve) => (finish = resolve));
      });
      enqueueUploads(projectId, [recording()], { ...hooks, recordingLimits: limits });
      await vi.waitFor(() => expect(uploadsOf(projectId)[0]).toMatchObject({ documentId: 'r1', phase: 'sending', sent: 1024, total: 3072 }));
      expect(vi.mocked(apiRequest).mock.calls[0]).toEqual([
        `/projects/${projectId}/documents`,
        { method: 'POST', body: { fileName: 'call.m4a', size: 3072, kind: 'recording' } },
      ]);
      expect(vi.mocked(uploadToStorage).mock.calls[0][0]).toBe('recordings/u1/p/r1/call.m4a');
      expect(vi.mocked(uploadToStorage).mock.calls[0][2].contentType).toBe('audio/mp4');
      finish();
      await vi.waitFor(() => expect(uploadsOf(projectId)).toEqual([]));
      expect(reserveInterview).not.toHaveBeenCalled();
    });

    it('carries the researcher’s confirmation that its sound may reach Gemini as spoken, when it was given', async () => {
      vi.mocked(apiRequest).mockResolvedValue({ documentId: 'r4', uploadPath: 'recordings/u1/p/r4/call.m4a', uploadVia: 'storage' });
      vi.mocked(uploadToStorage).mockResolvedValue(undefined);
      enqueueUploads(projectId, [recording()], { ...hooks, recordingLimits: limits, soundConfirmed: true });
      await vi.waitFor(() => expect(uploadsOf(projectId)).toEqual([]));
      expect(vi.mocked(apiRequest).mock.calls[0]).toEqual([
        `/projects/${projectId}/documents`,
        { method: 'POST', body: { fileName: 'call.m4a', size: 3072, kind: 'recording', confirmUnredactedSound: true } },
      ]);
    });

    it('sends it through the API when the server says so', async () => {
      vi.mocked(apiRequest).mockResolvedValue({ documentId: 'r2', uploadPath: 'recordings/u1/p/r2/talk.webm', uploadVia: 'api' });
      vi.mocked(sendFileToApi).mockResolvedValue(undefined);
      enqueueUploads(projectId, [recording('talk.webm')], { ...hooks, recordingLimits: { ...limits, apiMaxBytes: GB } });
      await vi.waitFor(() => expect(uploadsOf(projectId)).toEqual([]));
      expect(vi.mocked(sendFileToApi).mock.calls[0][0]).toBe(`/projects/${projectId}/documents/r2/recording/content`);
      expect(vi.mocked(sendFileToApi).mock.calls[0][2]).toMatchObject({ method: 'PUT' });
    });

    it('refuses one over the limit of the way it is to be sent, sends nothing, and removes the interview reserved for it', async () => {
      vi.mocked(apiRequest).mockResolvedValue({ documentId: 'r3', uploadPath: 'recordings/u1/p/r3/call.m4a', uploadVia: 'api' });
      vi.mocked(deleteInterview).mockResolvedValue();
      enqueueUploads(projectId, [recording()], { ...hooks, recordingLimits: limits });
      await vi.waitFor(() => expect(uploadsOf(projectId)[0]?.phase).toBe('failed'));
      expect(uploadsOf(projectId)[0]).toMatchObject({
        documentId: null,
        error: 'This recording is 3 KB; the limit is 2 KB. Export it with a lower bit rate, or as audio only (.m4a or .mp3).',
      });
      expect(sendFileToApi).not.toHaveBeenCalled();
      expect(deleteInterview).toHaveBeenCalledWith({ projectId, documentId: 'r3' });
    });
  });
});
