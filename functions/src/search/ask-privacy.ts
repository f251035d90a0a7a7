/**
 * What Ask may send to Gemini, decided by each project's own choice. A project whose analyser is the built-in one was
 * created with the promise that nothing leaves Verbatim's servers, so a question whose passages include one of its
 * passages is not sent at all: it gets the extractive answer (sending the other projects' passages alone would
 * answer from part of the evidence while looking like the whole). A project that redacts personal details has its
 * passages' words, speaker labels and interview names redacted as its analyses are (the question too, so a name
 * asked about is not sent either); Gemini's sentences are restored before anyone reads them. Pure.
 */
import type { AskPassage } from '@verbatim/contract/search';
import type { ProjectSettings } from '@verbatim/contract/project';
import { redactPii, speakerNameCandidates } from '../analysis/redaction';
import { choiceName } from '@verbatim/contract/analysis-choice';

/** What is sent, and how Gemini's words are mapped back. */
export interface AskSending {
  question: string;
  /** The passages as sent (same ids and order as retrieved). */
  passages: AskPassage[];
  restore: (s: string) => string;
}

export type AskPrivacy = { send: false; privateProjects: number; allPrivate: boolean } | { send: true; sending: AskSending };

/**
 * Whether `passages` may go to Gemini and, if so, as what. `settings` holds each passage's project's settings; a
 * project without settings counts as private.
 */
export function askPrivacy(question: string, passages: readonly AskPassage[], settings: ReadonlyMap<string, ProjectSettings>): AskPrivacy {
  const projects = [...new Set(passages.map((p) => p.projectId))];
  const privateProjects = projects.filter((id) => settings.get(id)?.analyser !== 'gemini');
  if (privateProjects.length > 0) return { send: false, privateProjects: privateProjects.length, allPrivate: privateProjects.length === projects.length };

  const redacting = passages.filter((p) => settings.get(p.projectId)?.redactPii !== false);
  if (redacting.length === 0) return { send: true, sending: { question, passages: [...passages], restore: (s) => s } };
  const labels = [...new Set(redacting.map((p) => p.speaker))];
  const redaction = redactPii(
    redacting.flatMap((p) => [p.documentName, p.speaker, p.text]).join('\n\n'),
    speakerNameCandidates(labels.map((label) => ({ label, aliases: [] }))),
  );
  const redacted = new Set(redacting.map((p) => p.id));
  return {
    send: true,
    sending: {
      question: redaction.redact(question),
      passages: passages.map((p) =>
        redacted.has(p.id)
          ? { ...p, documentName: redaction.redact(p.documentName), speaker: redaction.redact(p.speaker), text: redaction.redact(p.text) }
          : p,
      ),
      restore: redaction.restore,
    },
  };
}

/** Why a question over private projects' passages was answered without Gemini. */
export function privateNotice(privateProjects: number, allPrivate: boolean): string {
  const projects = `${privateProjects === 1 ? 'a project' : 'projects'} whose analysis is ${choiceName('local')}`;
  const why = `(nothing leaves Verbatim’s servers), so ${choiceName('gemini')} was not asked; these are the most relevant quotes.`;
  return allPrivate
    ? `These passages come from ${projects} ${why}`
    : `Some of these passages come from ${projects} ${why} Ask within a project whose analysis is ${choiceName('gemini')} for a written answer.`;
}
