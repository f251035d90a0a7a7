import type { ThemeSection } from '@themes';
import { jumpHeading, themeSectionId, type BoardInsight } from './board';
import { InsightCard } from './insight-card';

/** Theme sections are scrolled to 80 px below the top of the window (more when the navbar sits lower). */
export const THEME_SCROLL_OFFSET = 80;

function scrollToSection(id: string): void {
  const section = document.getElementById(id);
  if (!section) return;
  const navbarBottom = document.querySelector('.navbar')?.getBoundingClientRect().bottom ?? 0;
  const offset = Math.max(THEME_SCROLL_OFFSET, navbarBottom + 20);
  window.scrollTo({ top: section.getBoundingClientRect().top + window.scrollY - offset, behavior: 'smooth' });
}

/** "N insights. Jump to theme:" with a button per theme, then a section per theme of insight cards. */
export function ThemeBoard({
  projectId,
  sections,
  count,
  names,
}: {
  projectId: string;
  sections: ThemeSection<BoardInsight>[];
  count: number;
  names: ReadonlyMap<string, string>;
}) {
  const ids = sections.map((s, i) => themeSectionId(s.theme, i));
  return (
    <div className="theme-board">
      <nav className="theme-jump" aria-labelledby="theme-jump-heading">
        <h2 className="theme-jump__heading" id="theme-jump-heading" data-testid="jump-heading">
          {jumpHeading(count)}
        </h2>
        <ul className="theme-jump__list">
          {sections.map((section, i) => (
            <li key={ids[i]}>
              <button type="button" className="theme-jump__button" data-testid="theme-jump" onClick={() => scrollToSection(ids[i])}>
                {section.theme}
                <span className="theme-jump__count" aria-label={`${section.insights.length} insights`}>
                  {section.insights.length}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {sections.map((section, i) => (
        <section key={ids[i]} className="theme-section" id={ids[i]} aria-labelledby={`${ids[i]}-title`} data-testid="theme-section">
          <h2 className="theme-section__title" id={`${ids[i]}-title`}>
            <span data-testid="theme-heading">{section.theme}</span>
            <span className="theme-section__count">
              {section.insights.length} {section.insights.length === 1 ? 'insight' : 'insights'}
            </span>
          </h2>
          <div className="insight-grid">
            {section.insights.map((insight) => (
              <InsightCard key={insight.id} projectId={projectId} insight={insight} names={names} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
