import type { RecordingLimits } from '@verbatim/contract/recording';
import { describe, expect, it } from 'vitest';
import { durationRejection, recordingRejection, recordingUploadHint } from './recording-checks';

const GB = 1024 ** 3;
const MB = 1024 ** 2;
const limits: RecordingLimits = { maxBytes: GB, maxSeconds: 2 * 3600, apiMaxBytes: 32 * MB };

describe('a recording checked before it is sent', () => {
  it('accepts each recording type, whatever the case of its ending', () => {
    for (const name of ['a.mp3', 'b.M4A', 'c.wav', 'd.ogg', 'e.webm', 'f.MP4', 'g.mov']) expect(recordingRejection(name, 10 * MB, limits)).toBeNull();
  });

  it('refuses a file that is not a recording, naming it and the accepted types', () => {
    expect(recordingRejection('notes.pptx', 1000, limits)).toBe(
      'The file notes.pptx is not an audio or video recording. Upload one of: .mp3, .m4a, .wav, .ogg, .webm, .mp4 and .mov.',
    );
  });

  it('holds it to the size limit of the way it is sent', () => {
    expect(recordingRejection('long.m4a', GB, limits)).toBeNull();
    expect(recordingRejection('long.m4a', GB + 1, limits)).toBe(
      'This recording is 1 GB; the limit is 1 GB. Export it with a lower bit rate, or as audio only (.m4a or .mp3).',
    );
    expect(recordingRejection('call.mp4', 40 * MB, limits, 'api')).toBe(
      'This recording is 40 MB; the limit is 32 MB. Export it with a lower bit rate, or as audio only (.m4a or .mp3).',
    );
    expect(recordingRejection('call.mp4', 40 * MB, limits, 'storage')).toBeNull();
  });

  it('leaves the size to the server when the limits are not known', () => {
    expect(recordingRejection('call.mp4', 40 * GB, null)).toBeNull();
  });

  it('refuses a recording longer than the limit, and leaves an unknown length to the server', () => {
    expect(durationRejection(2 * 3600, limits)).toBeNull();
    expect(durationRejection(2.5 * 3600, limits)).toBe(
      'This recording is 2 hours 30 minutes long; the limit is 2 hours. Split it into parts and upload each as its own interview.',
    );
    expect(durationRejection(null, limits)).toBeNull();
    expect(durationRejection(9000, null)).toBeNull();
  });
});

describe('what the upload zone says of recordings', () => {
  it('offers them for Gemini to transcribe, with the limits', () => {
    expect(recordingUploadHint(true, limits)).toBe('Recordings: .mp3, .m4a, .wav, .ogg, .webm, .mp4 and .mov · up to 1 GB and 2 hours · transcribed by Gemini, one credit each');
    expect(recordingUploadHint(true, null)).toBe('Recordings: .mp3, .m4a, .wav, .ogg, .webm, .mp4 and .mov · transcribed by Gemini, one credit each');
  });

  it('says what to do instead in a private project', () => {
    expect(recordingUploadHint(false, limits)).toBe(
      'Recordings: this project has its analysis set to Verbatim only, so they are not sent to be transcribed. Upload the transcript with timestamps, then attach the recording on its interview’s page.',
    );
  });
});
