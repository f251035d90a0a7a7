import type { ReactNode } from 'react';
import type { ThemeSection } from '@verbatim/contract/themes';
import { plural } from '@verbatim/contract/plural';
import { scrollBehavior } from '../../lib/motion';
import { jumpHeading, themeSectionId } from '../../lib/theme-sections';
import { PublicInsightCard, type CardInsight } from './public-insight-card';
import type { PublicLayout } from './public-themes';
import { chunks, NEXT_BATCH, useProgressiveCount } from './use-progressive-count';

/** Theme sections are scrolled to 80 px below the top of the window. */
export const THEME_SCROLL_OFFSET = 80;

function scrollToSection(id: string): void {
  const section = document.getElementById(id);
  if (!section) return;
  window.scrollTo({ top: section.getBoundingClientRect().top + window.scrollY - THEME_SCROLL_OFFSET, behavior: scrollBehavior() });
  // Keyboard users continue from the section they jumped to.
  section.querySelector<HTMLElement>('.pub-theme__title')?.focus({ preventScroll: true });
}

interface ListProps<T extends CardInsight> {
  layout: PublicLayout<T>;
  names: ReadonlyMap<string, string>;
  showSourceBadge: boolean;
  sourceOf?: (insight: T) => string | undefined;
}

/** The insights: "N insights. Jump to theme:" with a button per theme and a section per theme; or a flat list. */
export function PublicInsightList<T extends CardInsight>({ layout, names, showSourceBadge, sourceOf }: ListProps<T>) {
  const total = layout.kind === 'flat' ? layout.insights.length : layout.sections.reduce((n, s) => n + s.insights.length, 0);
  // Long lists fill in over a few short tasks; every section heading is there from the start.
  const { shown, showAll } = useProgressiveCount(total);
  const card = (insight: T) => (
    <PublicInsightCard key={insight.id} insight={insight} names={names} showSourceBadge={showSourceBadge} source={sourceOf?.(insight)} />
  );
  if (layout.kind === 'flat') {
    return (
      <section className="pub-flat" aria-labelledby="pub-flat-title">
        <h2 className="pub-flat__title" id="pub-flat-title" data-testid="insight-count">
          {plural(layout.insights.length, 'insight')}
        </h2>
        <Cards insights={layout.insights.slice(0, shown)} card={card} />
      </section>
    );
  }
  return <ThemeSections sections={layout.sections} card={card} count={total} shown={shown} showAll={showAll} />;
}

function ThemeSections<T extends CardInsight>({
  sections,
  card,
  count,
  shown,
  showAll,
}: {
  sections: ThemeSection<T>[];
  card: (insight: T) => ReactNode;
  count: number;
  shown: number;
  showAll: () => void;
}) {
  const ids = sections.map((s, i) => themeSectionId(s.theme, i));
  // Where each section starts in the overall order, to know how many of its cards are rendered yet.
  const starts = sections.map((_, i) => sections.slice(0, i).reduce((n, s) => n + s.insights.length, 0));
  const jump = (id: string) => {
    showAll();
    scrollToSection(id);
  };
  return (
    <>
      <nav className="pub-jump" aria-labelledby="pub-jump-heading">
        <h2 className="pub-jump__heading" id="pub-jump-heading" data-testid="jump-heading">
          {jumpHeading(count)}
        </h2>
        <ul className="pub-jump__list">
          {sections.map((section, i) => (
            <li key={ids[i]}>
              <button type="button" className="pub-jump__button" data-testid="theme-jump" onClick={() => jump(ids[i])}>
                <span>{section.theme}</span>
                <span className="pub-jump__count" aria-label={plural(section.insights.length, 'insight')}>
                  {section.insights.length}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {sections.map((section, i) => (
        <section key={ids[i]} id={ids[i]} className="pub-theme" aria-labelledby={`${ids[i]}-title`} data-testid="theme-section">
          <h2 className="pub-theme__title" id={`${ids[i]}-title`} tabIndex={-1}>
            <span data-testid="theme-heading">{section.theme}</span>
            <span className="pub-theme__count">{plural(section.insights.length, 'insight')}</span>
          </h2>
          <Cards insights={section.insights.slice(0, Math.max(0, shown - starts[i]))} card={card} />
        </section>
      ))}
    </>
  );
}

/** A section's cards as runs of even length (so two columns flow on across runs), each its own grid. */
function Cards<T extends CardInsight>({ insights, card }: { insights: T[]; card: (insight: T) => ReactNode }) {
  return (
    <div className="pub-cards">
      {chunks(insights, NEXT_BATCH).map((run) => (
        <div key={run[0].id} className="pub-grid">
          {run.map(card)}
        </div>
      ))}
    </div>
  );
}
