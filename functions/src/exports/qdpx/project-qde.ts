import { leftOutSentence, type ExportInsight, type ExportInterview, type ExportModel, type ExportQuote, type ExportTheme } from '../export-model';
import { codeBookNames } from './code-names';
import { codePointIndex } from './code-points';
import { stableGuid } from './guid';
import { buildInsightNotes, insightNoteGuid } from './insight-notes';
import { textSourceName } from './source-name';
import { uniqueNames } from './unique-names';
import { element, renderXmlDocument, type XmlElement } from './xml';
import { plural } from '@verbatim/contract/plural';

/**
 * The REFI-QDA Project Exchange (QDA-XML project 1.0) view of an export: `project.qde` and the plain-text files
 * it points to. The code book is themes → tags; each quote is a PlainTextSelection of its interview, coded with
 * its insight's tag and linked to the insight's note; each insight is a memo note and an annotation of every
 * interview it draws on (see insight-notes). Pure; `renderQdpx` zips it.
 */
export const QDA_PROJECT_NAMESPACE = 'urn:QDA-XML:project:1.0';
export const QDPX_USER_NAME = 'Verbatim export';

export interface QdpxSourceFile {
  /** Where it goes in the .qdpx archive: 'sources/<guid>.txt'. */
  path: string;
  /** A transcript exactly as stored, or a note's text (written as UTF-8). */
  text: string;
}

export interface ProjectQde {
  xml: string;
  /** The interviews' transcripts, then the insight notes' texts. */
  sources: QdpxSourceFile[];
}

/** Theme colours, one per theme in order (the palette repeats after ten themes); tags take their theme's. */
const THEME_COLOURS = ['#4E79A7', '#F28E2B', '#59A14F', '#E15759', '#76B7B2', '#EDC948', '#B07AA1', '#FF9DA7', '#9C755F', '#BAB0AC'];

const EXCERPT_LENGTH = 60;

export function buildProjectQde(model: ExportModel): ProjectQde {
  const guid = (...parts: Array<string | number>) => stableGuid(model.projectId, ...parts);
  const userGuid = stableGuid('user', QDPX_USER_NAME);
  const created = model.generatedAt.toISOString();
  const themeCode = (theme: ExportTheme) => guid('theme', theme.name);
  const tagCode = (theme: string, tag: string) => guid('tag', theme, tag);
  const noteGuid = (insight: ExportInsight) => insightNoteGuid(guid, insight);
  const sourceGuid = (interview: ExportInterview) => guid('source', interview.id);
  const insights = model.themes.flatMap((theme) => theme.insights);
  const audit = { creatingUser: userGuid, creationDateTime: created };
  const sourceNames = new Map(
    uniqueNames(model.interviews.map((interview) => textSourceName(interview.name))).map((name, i) => [model.interviews[i].id, name]),
  );
  const positions = new Map(model.interviews.map((interview) => [interview.id, codePointIndex(interview.text)]));
  const insightNotes = buildInsightNotes({
    insights,
    interviews: model.interviews,
    sourceNames,
    guid,
    position: (interviewId, offset) => positions.get(interviewId)!(offset),
    audit,
  });

  const themeTags = model.themes.map((theme) => [...new Set(theme.insights.map((i) => i.tag).filter(Boolean))]);
  const codeNames = codeBookNames(model.themes.map((theme, t) => ({ name: theme.name, tags: themeTags[t] })));
  const codes = model.themes.map((theme, t) => {
    const colour = THEME_COLOURS[t % THEME_COLOURS.length];
    const tagCodes = themeTags[t].map((tag, g) => {
      const tagged = theme.insights.filter((i) => i.tag === tag);
      return element('Code', { guid: tagCode(theme.name, tag), name: codeNames[t].tags[g], isCodable: true, color: colour }, [
        element('Description', {}, `Tag in the theme: ${theme.name}\nInsights: ${tagged.map((i) => i.title).join('; ')}`),
        ...tagged.map((i) => element('NoteRef', { targetGUID: noteGuid(i) })),
      ]);
    });
    return element('Code', { guid: themeCode(theme), name: codeNames[t].name, isCodable: true, color: colour }, [
      element('Description', {}, themeDescription(theme)),
      ...tagCodes,
    ]);
  });

  const sources = model.interviews.map((interview) => {
    const id = sourceGuid(interview);
    const toCodePoint = positions.get(interview.id)!;
    const selections: Array<{ start: number; end: number; xml: XmlElement }> = [];
    for (const theme of model.themes) {
      for (const insight of theme.insights) {
        insight.quotes.forEach((quote, q) => {
          if (quote.documentId !== interview.id) return;
          const code = insight.tag ? tagCode(theme.name, insight.tag) : themeCode(theme);
          selections.push({
            start: quote.start,
            end: quote.end,
            xml: element(
              'PlainTextSelection',
              {
                guid: guid('selection', insight.id, q),
                name: excerpt(quote.text),
                startPosition: toCodePoint(quote.start),
                endPosition: toCodePoint(quote.end),
                creatingUser: userGuid,
                creationDateTime: created,
              },
              [
                element('Description', {}, quoteDescription(quote, insight)),
                element('Coding', { guid: guid('coding', insight.id, q), creatingUser: userGuid, creationDateTime: created }, [
                  element('CodeRef', { targetGUID: code }),
                ]),
                element('NoteRef', { targetGUID: noteGuid(insight) }),
              ],
            ),
          });
        });
      }
    }
    return element('TextSource', { guid: id, name: sourceNames.get(interview.id), plainTextPath: `internal://${id}.txt`, ...audit }, [
      element('Description', {}, interviewDescription(interview)),
      ...selections.sort((a, b) => a.start - b.start || a.end - b.end).map((s) => s.xml),
      // The schema's order: selections, codings, then note references.
      ...(insightNotes.sourceNoteRefs.get(interview.id) ?? []),
    ]);
  });

  const notes = insightNotes.notes;

  const project = element(
    'Project',
    { xmlns: QDA_PROJECT_NAMESPACE, name: model.projectName, origin: 'Verbatim', creatingUserGUID: userGuid, creationDateTime: created },
    [
      element('Users', {}, [element('User', { guid: userGuid, name: QDPX_USER_NAME })]),
      // The schema wants at least one Code, Source and Note in their lists: empty lists are left out.
      ...(codes.length ? [element('CodeBook', {}, [element('Codes', {}, codes)])] : []),
      ...(sources.length ? [element('Sources', {}, sources)] : []),
      ...(notes.length ? [element('Notes', {}, notes)] : []),
      element('Description', {}, model.leftOut.length > 0 ? `${model.summary}\n${leftOutSentence(model.leftOut)}` : model.summary),
    ],
  );

  return {
    xml: renderXmlDocument(project),
    sources: [
      ...model.interviews.map((interview) => ({ path: `sources/${sourceGuid(interview)}.txt`, text: interview.text })),
      ...insightNotes.files,
    ],
  };
}

/** The first words of a quote on one line, cut at a character (never inside an emoji). */
function excerpt(text: string): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length > EXCERPT_LENGTH ? `${chars.slice(0, EXCERPT_LENGTH - 1).join('').trimEnd()}…` : chars.join('');
}

function themeDescription(theme: ExportTheme): string {
  return `Theme: ${plural(theme.insights.length, 'insight', 'insights')}, ${plural(theme.quoteCount, 'quote', 'quotes')} from ${plural(theme.interviewCount, 'interview', 'interviews')}.`;
}

function interviewDescription(interview: ExportInterview): string {
  const speakers = interview.speakers.map((s) => (s.role === 'unknown' ? s.label : `${s.label} (${s.role})`)).join(', ');
  return [`File: ${interview.fileName}`, `Uploaded: ${interview.uploadedAt.toISOString()}`, ...(speakers ? [`Speakers: ${speakers}`] : [])].join('\n');
}

function quoteDescription(quote: ExportQuote, insight: ExportInsight): string {
  return `${quote.citation.replace(/^—\s*/, '')}\nInsight: ${insight.title}`;
}
