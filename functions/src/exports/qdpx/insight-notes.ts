import type { ExportInsight, ExportInterview, ExportQuote } from '../export-model';
import { uniqueNames } from './unique-names';
import { element, xmlSafe, type XmlElement } from './xml';

/**
 * Each insight as REFI-QDA notes, written both ways the standard allows, in the places importers look:
 *
 * - its **memo**: a `<Note>` named by the insight's title (made unique) whose text is a file,
 *   `plainTextPath="internal://<guid>.txt"` → `sources/<guid>.txt`. Codes and coded selections point to it with
 *   `<NoteRef>`. QualCoder imports it as a journal entry.
 * - per interview it draws on, an **annotation**: a `<Note>` whose text is inline (`<PlainTextContent>`), with a
 *   `<PlainTextSelection>` on the insight's first quote in that interview (the first whose place is not another
 *   annotation's), referenced by a `<NoteRef>` directly under that interview's `<TextSource>`. QualCoder imports
 *   it as an annotation of the quote.
 *
 * A note carries its text one way only: the standard's TextSourceType (which `<Note>` uses) says "Either
 * PlainTextContent or plainTextPath MUST be filled, not both", and strict readers enforce it. Both notes hold the
 * same text: title, description, theme and tag.
 */
export interface InsightNotesInput {
  /** In board order: it decides which of two insights with the same title keeps the plain title. */
  insights: readonly ExportInsight[];
  interviews: readonly ExportInterview[];
  /** The TextSource name of each interview, by interview id. */
  sourceNames: ReadonlyMap<string, string>;
  guid: (...parts: Array<string | number>) => string;
  /** Character (code point) position in an interview's text for a UTF-16 offset. */
  position: (interviewId: string, utf16Offset: number) => number;
  audit: { creatingUser: string; creationDateTime: string };
}

export interface InsightNotes {
  /** The memos in board order, then the annotations. */
  notes: XmlElement[];
  /** The memos' text files: path in the archive and text. */
  files: Array<{ path: string; text: string }>;
  /** `<NoteRef>`s to put under each interview's TextSource, by interview id. */
  sourceNoteRefs: Map<string, XmlElement[]>;
}

export const insightNoteGuid = (guid: InsightNotesInput['guid'], insight: Pick<ExportInsight, 'id'>) => guid('note', insight.id);

export function buildInsightNotes(input: InsightNotesInput): InsightNotes {
  const { insights, interviews, sourceNames, guid, position, audit } = input;
  const interviewIds = new Set(interviews.map((i) => i.id));
  const annotated = insights.map((insight) => insight.documentIds.filter((id) => interviewIds.has(id)));
  const names = uniqueNames([
    ...insights.map((insight) => insight.title),
    ...insights.flatMap((insight, i) => annotated[i].map((id) => `${insight.title} · ${sourceNames.get(id) ?? id}`)),
  ]);
  let nextName = 0;

  const files: InsightNotes['files'] = [];
  const memos = insights.map((insight) => {
    const id = insightNoteGuid(guid, insight);
    files.push({ path: `sources/${id}.txt`, text: noteText(insight) });
    return element('Note', { guid: id, name: names[nextName++], plainTextPath: `internal://${id}.txt`, ...audit });
  });

  const sourceNoteRefs = new Map<string, XmlElement[]>();
  // Places taken by an annotation, per interview: QualCoder's import stops at a second annotation on one place.
  const taken = new Set<string>();
  const annotations = insights.flatMap((insight, i) =>
    annotated[i].map((interviewId) => {
      const id = guid('annotation', insight.id, interviewId);
      const refs = sourceNoteRefs.get(interviewId) ?? [];
      refs.push(element('NoteRef', { targetGUID: id }));
      sourceNoteRefs.set(interviewId, refs);
      const place = (q: Pick<ExportQuote, 'start' | 'end'>) => JSON.stringify([interviewId, q.start, q.end]);
      const quote = insight.quotes.find((q) => q.documentId === interviewId && !taken.has(place(q)));
      if (quote) taken.add(place(quote));
      return element('Note', { guid: id, name: names[nextName++], ...audit }, [
        element('PlainTextContent', {}, noteText(insight)),
        // Where the annotation sits: the insight's first quote there whose place no other annotation has. Without
        // one (no quote there, or all taken) it has no place, and the insight's memo still holds it.
        ...(quote
          ? [
              element('PlainTextSelection', {
                guid: guid('annotation-selection', insight.id, interviewId),
                startPosition: position(interviewId, quote.start),
                endPosition: position(interviewId, quote.end),
                ...audit,
              }),
            ]
          : []),
      ]);
    }),
  );

  return { notes: [...memos, ...annotations], files, sourceNoteRefs };
}

/** What a researcher reads in a note: the title first, then the description, theme and tag. */
export function noteText(insight: ExportInsight): string {
  const parts = [insight.title, insight.description, `Theme: ${insight.theme}`, ...(insight.tag ? [`Tag: ${insight.tag}`] : [])];
  // Without the characters XML cannot carry, so the file and the inline text are the same.
  return xmlSafe(parts.filter(Boolean).join('\n\n'));
}
