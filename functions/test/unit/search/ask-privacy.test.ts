import { describe, expect, it } from 'vitest';
import type { AskPassage } from '@verbatim/contract/search';
import type { ProjectSettings } from '@verbatim/contract/project';
import { askPrivacy, privateNotice } from '../../../src/search/ask-privacy';

function passage(id: string, projectId: string, text: string, speaker = 'Maria Silva', documentName = 'Interview Maria Silva.docx'): AskPassage {
  return { id, kind: 'passage', projectId, projectName: 'Study', documentId: `d-${id}`, documentName, speaker, start: 0, end: text.length, ts: null, theme: null, text, focus: null };
}

const GEMINI_REDACTING: ProjectSettings = { analyser: 'gemini', redactPii: true };
const GEMINI_OPEN: ProjectSettings = { analyser: 'gemini', redactPii: false };
const PRIVATE: ProjectSettings = { analyser: 'local', redactPii: true };

describe('what Ask may send to Gemini follows each project’s choice', () => {
  it('nothing of a private project is sent: a question over its passages alone, or mixed with others, is not sent at all', () => {
    const passages = [passage('P1', 'private', 'The pricing page confused me.'), passage('P2', 'open', 'Pricing was clear to me.')];
    expect(askPrivacy('pricing?', passages.slice(0, 1), new Map([['private', PRIVATE]]))).toEqual({ send: false, privateProjects: 1, allPrivate: true });
    expect(askPrivacy('pricing?', passages, new Map([['private', PRIVATE], ['open', GEMINI_OPEN]]))).toEqual({ send: false, privateProjects: 1, allPrivate: false });
    // A project whose settings cannot be read counts as private.
    expect(askPrivacy('pricing?', passages.slice(1), new Map())).toMatchObject({ send: false });
  });

  it('a redacting project’s passages go with names, emails and phone numbers replaced — words, speaker and interview name — and the answer comes back restored', () => {
    const passages = [passage('P1', 'r', 'Maria Silva here: write to maria@example.org or call +44 20 7946 0958 about pricing.')];
    const privacy = askPrivacy('What did Maria say about pricing?', passages, new Map([['r', GEMINI_REDACTING]]));
    expect(privacy.send).toBe(true);
    if (!privacy.send) return;
    const sent = JSON.stringify([privacy.sending.question, privacy.sending.passages]);
    expect(sent).not.toMatch(/Maria|Silva|maria@example\.org|7946/);
    expect(privacy.sending.passages[0]).toMatchObject({ id: 'P1', speaker: '[NAME_1]', documentName: expect.stringMatching(/\[NAME_\d+\]\.docx$/) });
    expect(privacy.sending.restore('[NAME_1] found the pricing unclear.')).toBe('Maria Silva found the pricing unclear.');
  });

  it('says why Gemini was not asked, and what the researcher can do over a mix', () => {
    expect(privateNotice(1, true)).toBe(
      'These passages come from a project whose analysis is Verbatim only (nothing leaves Verbatim’s servers), so Google Gemini was not asked; these are the most relevant quotes.',
    );
    expect(privateNotice(2, false)).toBe(
      'Some of these passages come from projects whose analysis is Verbatim only (nothing leaves Verbatim’s servers), so Google Gemini was not asked; these are the most relevant quotes. Ask within a project whose analysis is Google Gemini for a written answer.',
    );
  });

  it('a project that allows names has its passages sent as stored', () => {
    const passages = [passage('P1', 'o', 'Maria Silva here: pricing was fine.')];
    const privacy = askPrivacy('pricing?', passages, new Map([['o', GEMINI_OPEN]]));
    expect(privacy).toMatchObject({ send: true, sending: { question: 'pricing?', passages } });
  });
});
