import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { TRIAL_CREDITS } from '@verbatim/contract/constants';
import { ACCEPTED_EXTENSIONS_LIST } from '@verbatim/contract/transcript-formats';
import science0012 from '../../../../functions/test/fixtures/transcripts/04_anthropic-interviewer_science_0012.txt?raw';

// The page reads the signed-in user only to hide its own top bar; no Firebase here.
vi.mock('../../app/auth-provider', () => ({ useAuth: () => ({ user: null, authLoading: false }) }));
import { EXAMPLE_HEATMAP, EXAMPLE_INSIGHT, heatLevel } from './example-data';
import LandingPage from './landing-page';
import { CTA, PERSONA_LIST, PERSONAS, PRICING } from './personas';

const render = (persona: keyof typeof PERSONAS) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <LandingPage persona={persona} />
    </MemoryRouter>,
  );
const unescape = (html: string) => html.replace(/&#x27;/g, '\u0027').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

describe('the persona configs', () => {
  it('cover the generic page and the five audiences at the addresses the spec names', () => {
    expect(PERSONA_LIST.map((p) => [p.id, p.path])).toEqual([
      ['generic', '/landing'],
      ['uxr', '/ux-researchers'],
      ['consultant', '/consultants'],
      ['pm', '/pm'],
      ['advariant', '/modern-research'],
      ['agent', '/agents'],
    ]);
  });

  it('give every page its own headline, sub-headline, three or four pains with answers, and proof points', () => {
    expect(new Set(PERSONA_LIST.map((p) => p.headline)).size).toBe(PERSONA_LIST.length);
    for (const persona of PERSONA_LIST) {
      expect(persona.subheadline.length).toBeGreaterThan(40);
      expect(persona.pains.length).toBeGreaterThanOrEqual(3);
      expect(persona.pains.length).toBeLessThanOrEqual(4);
      for (const { pain, answer } of persona.pains) expect(pain && answer).toBeTruthy();
      expect(persona.proof.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('keep the signed-out home page headline the demo test looks for', () => {
    expect(PERSONAS.generic.headline).toBe('Interview insights you can trace to the word.');
  });

  it('state the trial the server grants', () => {
    expect(PRICING.trialInterviews).toBe(TRIAL_CREDITS);
  });

  it('name every transcript format the upload accepts, as a sentence reads them', () => {
    expect(PERSONAS.generic.proof).toContain('Reads .txt, .md, .docx, .pdf, .vtt, .srt and .sub transcripts.');
    expect(PERSONAS.generic.proof).toContain(`Reads ${ACCEPTED_EXTENSIONS_LIST} transcripts.`);
  });
});

describe('the landing page', () => {
  it.each(PERSONA_LIST.map((p) => [p.id] as const))('%s: one h1 (the headline), headings in order, calls to action', (id) => {
    const html = render(id);
    const h1s = [...html.matchAll(/<h1[^>]*>(.*?)<\/h1>/g)].map((m) => unescape(m[1]));
    expect(h1s).toEqual([PERSONAS[id].headline]);
    const levels = [...html.matchAll(/<h([1-6])/g)].map((m) => Number(m[1]));
    levels.forEach((level, i) => {
      if (i > 0) expect(level, `heading ${i} (h${level}) after h${levels[i - 1]}`).toBeLessThanOrEqual(levels[i - 1] + 1);
    });
    const hero = html.slice(html.indexOf('data-testid="hero-cta"'));
    expect(hero).toMatch(new RegExp(`^[^]*?href="${CTA.primaryTo}"[^>]*>${CTA.primary}</a>[^]*?href="${CTA.secondaryTo}"[^>]*>${CTA.secondary}</a>`));
    for (const { pain } of PERSONAS[id].pains) expect(unescape(html)).toContain(pain);
    // The top bar and the footer.
    expect(html).toContain('aria-label="Main"');
    expect(html).toMatch(/<footer[^]*href="\/pricing"[^]*href="\/legal"[^]*href="\/login"/);
  });

  it('every image-like mark is decorative or labelled', () => {
    const html = render('generic');
    for (const svg of html.match(/<svg[^>]*>/g) ?? []) expect(svg).toMatch(/aria-hidden="true"|role="img"/);
    expect(html).not.toMatch(/<img(?![^>]*alt=)/);
  });
});

describe('the example insight', () => {
  it('quotes its public interview word for word, with offsets as long as the words', () => {
    for (const quote of EXAMPLE_INSIGHT.quotes) {
      expect(science0012).toContain(quote.text);
      expect(quote.end - quote.start).toBe(quote.text.length);
    }
  });

  it('the participant quoted on the agents page said exactly that in the same interview', () => {
    const voice = PERSONAS.agent.voice;
    expect(voice).toBeDefined();
    const at = science0012.indexOf(voice?.text ?? '\u0000');
    expect(at).toBeGreaterThan(0);
    // Said by the participant ('User:'), not by the (AI) interviewer.
    expect(science0012.slice(0, at).match(/^(\w+):/gm)?.pop()).toBe('User:');
  });

  it('every page shows in quotation marks only words the participant said in that interview', () => {
    // The participant's ('User:') turns; the interviewer's ('Assistant:', 'AI:') are not theirs to quote.
    const said = science0012.split(/^(?=\w+:)/m).filter((turn) => turn.startsWith('User:'));
    for (const persona of PERSONA_LIST) {
      const shown = unescape(render(persona.id).replace(/<[^>]*>/g, ''));
      const spans = [...shown.matchAll(/“([^“”]*)”|«([^«»]*)»|‘([\s\S]*?)’(?![\p{L}\p{N}])/gu)].map((m) => m[1] ?? m[2] ?? m[3]);
      expect(spans.filter((span) => !said.some((turn) => turn.includes(span))), persona.id).toEqual([]);
    }
  });

  it('is cited the way the workspace cites quotes', () => {
    const html = unescape(render('generic'));
    expect(html.match(/class="quote__cite">[^<]*</g)).toEqual(EXAMPLE_INSIGHT.quotes.map(() => 'class="quote__cite">— User, science_0012<'));
    for (const credit of [EXAMPLE_INSIGHT.credit, EXAMPLE_HEATMAP.credit]) {
      expect(html).toContain(`${credit.before}<a href="${credit.href}">${credit.link}</a>${credit.after}`);
    }
  });

  it('heatmap: one count per interview in each row, shaded on a fixed scale', () => {
    for (const row of EXAMPLE_HEATMAP.rows) expect(row.counts).toHaveLength(EXAMPLE_HEATMAP.interviews.length);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 9].map(heatLevel)).toEqual([0, 1, 1, 2, 2, 3, 3, 4, 4]);
  });
});
