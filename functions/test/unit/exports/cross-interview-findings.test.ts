import { beforeAll, describe, expect, it } from 'vitest';
import type { ConsolidatedInsight } from '@verbatim/contract/insight';
import { crossInterviewFindings } from '../../../src/exports/cross-interview-findings';
import { bestQuote, planShortDeck, topFindings } from '../../../src/exports/deck/short-deck-layout';
import type { ExportModel } from '../../../src/exports/export-model';
import { demoExportModel } from '../../support/demo-export-fixture';

let model: ExportModel;

beforeAll(async () => {
  model = await demoExportModel();
}, 60_000);

const placed = (m: ExportModel) => m.themes.flatMap((t) => t.insights);

describe('findings across interviews, for the key findings deck', () => {
  it('come from the synthesis, each quote verbatim and one the board shows, filed under a theme of the board', () => {
    expect(model.findings.length).toBeGreaterThan(5);
    expect(model.findings.some((f) => f.documentIds.length >= 2)).toBe(true);
    const shown = new Set(placed(model).flatMap((i) => i.quotes));
    const themes = new Set(model.themes.map((t) => t.name));
    for (const finding of model.findings) {
      expect(themes.has(finding.theme)).toBe(true);
      for (const quote of finding.quotes) {
        expect(shown.has(quote)).toBe(true);
        expect(model.interviews.find((iv) => iv.id === quote.documentId)!.text.slice(quote.start, quote.end)).toBe(quote.text);
      }
    }
  });

  it('leave out what the researcher took off the board: a finding of deleted insights, a quote no insight shows', () => {
    const [a, b] = placed(model).filter((i) => i.quotes.length > 0 && i.documentIds.length === 1);
    const unshown = { ...a.quotes[0], start: a.quotes[0].start + 1 };
    const consolidated: ConsolidatedInsight[] = [
      { id: 'gone', title: 'Deleted', description: '', tag: 't', quotes: a.quotes, sourceInsightIds: ['deleted-1', 'deleted-2'], documentIds: a.documentIds },
      { id: 'pair', title: 'Both say so', description: 'Across two.', tag: 't', quotes: [unshown, b.quotes[0]], sourceInsightIds: [a.id, b.id, 'deleted-3'], documentIds: [] },
      { id: 'one', title: 'The synthesis’s words', description: 'Its words.', tag: 't', quotes: a.quotes, sourceInsightIds: [a.id], documentIds: a.documentIds },
    ];
    const findings = crossInterviewFindings(consolidated, model.themes, model.interviews);
    expect(findings.map((f) => f.id)).toEqual(['pair', 'one']);
    const [pair, one] = findings;
    // The synthesis's own choice first (the unshown span left out), then the rest of what the board shows.
    expect(pair.quotes[0]).toBe(b.quotes[0]);
    expect(pair.quotes).not.toContainEqual(unshown);
    expect(new Set(pair.quotes)).toEqual(new Set([...b.quotes, ...a.quotes]));
    expect(pair).toMatchObject({ title: 'Both say so', theme: a.theme });
    // A finding of one insight keeps the researcher's title and description.
    expect(one).toMatchObject({ title: a.title, description: a.description });
  });

  it('make the key findings deck lead with what the most interviews say', () => {
    const top = topFindings(model);
    expect(top[0].documentIds.length).toBeGreaterThanOrEqual(2);
    const counts = top.map((f) => f.documentIds.length);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    const slides = planShortDeck(model).filter((s) => s.kind === 'finding');
    expect(slides).toHaveLength(top.length);
    expect(slides[0].notes).toContain(`${top[0].documentIds.length} of 4 interviews`);
    // Without a synthesis, the board's insights stand in.
    expect(topFindings({ ...model, findings: [] })[0].id).toBe(placed(model).filter((i) => i.quotes.length > 0).sort((x, y) => y.documentIds.length - x.documentIds.length || y.quotes.length - x.quotes.length)[0].id);
  });

  it('show each finding with the quote that speaks to its title, whole', () => {
    const finding = model.findings.find((f) => f.quotes.length >= 3)!;
    const quotes = finding.quotes.filter((q) => q.text.length < 300);
    const target = quotes.at(-1)!;
    const words = target.text.split(/\s+/).filter((w) => /^\p{L}{6,}$/u.test(w)).slice(0, 3).join(' ');
    expect(words.length).toBeGreaterThan(0);
    const chosen = bestQuote({ ...finding, title: words, description: '', quotes });
    expect(chosen.quote).toBe(target);
    expect(chosen.fitted.truncated).toBe(false);
  });
});
