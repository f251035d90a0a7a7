import { describe, expect, it } from 'vitest';
import { buildExportModel } from '../../../src/exports/export-model';
import { sampleExportSource } from '../../support/export-fixtures';

describe('export model', () => {
  it('keeps the curated board: visible insights, the researcher’s title and theme, every quote verbatim', async () => {
    const source = await sampleExportSource();
    const model = buildExportModel(source);
    const all = model.themes.flatMap((t) => t.insights);
    expect(model.interviews.map((i) => i.id)).toEqual(['doc1', 'doc2', 'doc3']);
    expect(all.find((i) => i.id === source.insights[1].id)).toBeUndefined();
    const edited = all.find((i) => i.id === source.insights[0].id)!;
    expect(edited).toMatchObject({ title: 'Researchers want the model’s reasoning, not only its answer', theme: 'Trust in AI tools' });
    expect(model.counts.insights).toBe(all.length);
    expect(all.length).toBe(source.insights.length - 1);
    for (const quote of all.flatMap((i) => i.quotes)) {
      const text = model.interviews.find((iv) => iv.id === quote.documentId)!.text;
      expect(text.slice(quote.start, quote.end)).toBe(quote.text);
      expect(quote.citation).toContain(quote.documentName);
    }
    expect(model.summary).toBe(source.synthesis!.summarySentence);
    expect(model.droppedQuotes).toBe(0);
  });

  it("carries each insight's words trimmed, and only the fields the export decided on", async () => {
    const source = await sampleExportSource();
    const first = source.insights.find((i) => !i.deletedAt && !i.mergedInto)!;
    const padded = { ...first, title: '  ', description: `  ${first.description}  `, tag: ` ${first.tag} `, editedAt: new Date(), mergedFrom: ['x'] };
    const model = buildExportModel({ ...source, insights: [padded, ...source.insights.filter((i) => i.id !== first.id)] });
    const exported = model.themes.flatMap((t) => t.insights).find((i) => i.id === first.id)!;
    expect(Object.keys(exported).sort()).toEqual(['description', 'documentIds', 'id', 'quotes', 'source', 'tag', 'theme', 'title']);
    expect(exported).toMatchObject({ title: 'Untitled Insight', description: first.description.trim(), tag: first.tag.trim() });
  });

  it('orders insights by evidence inside each theme and counts quotes per theme and interview', async () => {
    const model = buildExportModel(await sampleExportSource());
    for (const theme of model.themes) {
      const strength = theme.insights.map((i) => [i.documentIds.length, i.quotes.length]);
      const sorted = [...strength].sort((a, b) => b[0] - a[0] || b[1] - a[1]);
      expect(strength).toEqual(sorted);
    }
    const total = model.heatmap.cells.flat().reduce((a, b) => a + b, 0);
    expect(total).toBe(model.counts.quotes);
    expect(model.heatmap.themes).toEqual(model.themes.map((t) => t.name));
  });

  it('leaves out a quote that no longer matches its transcript, and counts it', async () => {
    const source = await sampleExportSource(['04_anthropic-interviewer_science_0012.txt']);
    const victim = source.insights.find((i) => !i.deletedAt && i.quotes.length > 0)!;
    const tampered = { ...victim, quotes: [{ ...victim.quotes[0], text: `${victim.quotes[0].text} (paraphrased)` }, ...victim.quotes.slice(1)] };
    const model = buildExportModel({ ...source, insights: source.insights.map((i) => (i.id === victim.id ? tampered : i)) });
    expect(model.droppedQuotes).toBe(1);
    const exported = model.themes.flatMap((t) => t.insights).find((i) => i.id === victim.id)!;
    expect(exported.quotes.map((q) => q.text)).not.toContain(tampered.quotes[0].text);
  });

  it('names the interviews it leaves out, in upload order, and why: roles to check, still being read, a failure', async () => {
    const source = await sampleExportSource(['04_anthropic-interviewer_science_0012.txt']);
    const [ready] = source.documents;
    const waiting = (name: string, status: typeof ready.doc.status, day: number, errorCode: string | null = null) => ({
      doc: { ...ready.doc, id: name, name, status, errorCode, createdAt: new Date(Date.UTC(2026, 10, day)) },
      text: '',
    });
    const model = buildExportModel({
      ...source,
      documents: [...source.documents, waiting('Catch-up 2', 'awaiting-roles', 3), waiting('Catch-up 1', 'awaiting-roles', 2), waiting('Call', 'parsing', 4), waiting('Scan', 'failed', 5, 'unreadable-text'), waiting('Retro', 'failed', 6, 'analysis-failed')],
    });
    expect(model.interviews.map((i) => i.id)).toEqual([ready.doc.id]);
    expect(model.leftOut).toEqual([
      { name: 'Catch-up 1', reason: 'its speakers’ roles wait to be checked' },
      { name: 'Catch-up 2', reason: 'its speakers’ roles wait to be checked' },
      { name: 'Call', reason: 'it was still being read' },
      { name: 'Scan', reason: 'its file could not be read' },
      { name: 'Retro', reason: 'its analysis failed' },
    ]);
    expect(buildExportModel(source).leftOut).toEqual([]);
  });
});
