import { describe, expect, it } from 'vitest';
import { holdForSoundNotice, soundNotice } from './sound-notice';

const files = ['notes.vtt', 'call.m4a', 'Team call.MP4', 'summary.docx'].map((name) => ({ name }));

describe('the notice before recordings go to Gemini', () => {
  it('holds the recordings, and only them, in a Gemini project that redacts', () => {
    const { now, held } = holdForSoundNotice(files, { analyser: 'gemini', redactPii: true });
    expect(held.map((f) => f.name)).toEqual(['call.m4a', 'Team call.MP4']);
    expect(now.map((f) => f.name)).toEqual(['notes.vtt', 'summary.docx']);
  });

  it('holds nothing where redaction is off, in a private project, or while the project is unknown', () => {
    for (const settings of [{ analyser: 'gemini', redactPii: false }, { analyser: 'local', redactPii: true }, undefined] as const) {
      expect(holdForSoundNotice(files, settings)).toEqual({ now: files, held: [] });
    }
  });

  it('says that redaction works on text only, that the file is deleted at Google once transcribed, and what sends nothing', () => {
    const one = soundNotice(1);
    expect(one.title).toBe('Send this recording to Gemini?');
    expect(one.risk).toContain('Redaction works on text only: names and other details said aloud in the recording reach Gemini (Google) as spoken.');
    expect(one.deletion).toContain('the file is deleted at Google once it is transcribed');
    expect(one.alternative).toContain('upload the interview’s transcript with timestamps');
    expect(one.alternative).toContain('attach the recording');
    expect(soundNotice(3).title).toBe('Send these 3 recordings to Gemini?');
    expect(soundNotice(3).risk).toContain('said aloud in these recordings');
    expect(soundNotice(3).deletion).toContain('each file is deleted at Google once it is transcribed');
  });
});
