import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { ThemeSection } from '@verbatim/contract/themes';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { scrollBehavior } from '../../lib/motion';
import { jumpHeading, themeSectionId } from '../../lib/theme-sections';
import type { BoardInsight } from './board';
import { InsightCard } from './insight-card';
import { ThemeReelButton } from '../clips';

/** Theme sections are scrolled to 80 px below the top of the window (more when the navbar sits lower). */
export const THEME_SCROLL_OFFSET = 80;

/** From this many cards the board draws only what is on screen (and a little more). */
export const VIRTUALISE_FROM = 60;

function scrollOffset(): number {
  const navbarBottom = document.querySelector('.navbar')?.getBoundingClientRect().bottom ?? 0;
  return Math.max(THEME_SCROLL_OFFSET, navbarBottom + 20);
}

function scrollToSection(id: string): void {
  const section = document.getElementById(id);
  if (!section) return;
  window.scrollTo({ top: section.getBoundingClientRect().top + window.scrollY - scrollOffset(), behavior: scrollBehavior() });
}

export interface BoardEditing {
  /** Every theme on the board (before filters), to move insights to. */
  themes: readonly string[];
  selected: ReadonlySet<string>;
  onSelect: (id: string, selected: boolean) => void;
}

interface Props {
  projectId: string;
  sections: ThemeSection<BoardInsight>[];
  count: number;
  names: ReadonlyMap<string, string>;
  /** Present when the researcher may edit these insights (their own board, not the synthesis). */
  editing?: BoardEditing;
}

/** "N insights. Jump to theme:" with a button per theme, then a section per theme of insight cards. */
export function ThemeBoard(props: Props) {
  const { sections, count } = props;
  const ids = sections.map((s, i) => themeSectionId(s.theme, i));
  const virtual = count >= VIRTUALISE_FROM;
  const jumpRef = useRef<(index: number) => void>(() => undefined);
  return (
    <div className="theme-board">
      <nav className="theme-jump" aria-labelledby="theme-jump-heading">
        <h2 className="theme-jump__heading" id="theme-jump-heading" data-testid="jump-heading">
          {jumpHeading(count)}
        </h2>
        <ul className="theme-jump__list">
          {sections.map((section, i) => (
            <li key={ids[i]}>
              <button
                type="button"
                className="theme-jump__button"
                data-testid="theme-jump"
                onClick={() => (virtual ? jumpRef.current(i) : scrollToSection(ids[i]))}
              >
                {section.theme}
                <span className="theme-jump__count" aria-label={`${section.insights.length} insights`}>
                  {section.insights.length}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {virtual ? <VirtualSections {...props} ids={ids} jumpRef={jumpRef} /> : <FlatSections {...props} ids={ids} />}
    </div>
  );
}

function SectionTitle({ id, section, reelOf }: { id: string; section: ThemeSection<BoardInsight>; reelOf?: string }) {
  return (
    <div className="theme-section__head">
      <h2 className="theme-section__title" id={`${id}-title`}>
        <span data-testid="theme-heading">{section.theme}</span>
        <span className="theme-section__count">
          {section.insights.length} {section.insights.length === 1 ? 'insight' : 'insights'}
        </span>
      </h2>
      {/* A theme's highlight reel, on the researcher's own board (its findings are theirs to cut). */}
      {reelOf && <ThemeReelButton projectId={reelOf} theme={section.theme} insights={section.insights} />}
    </div>
  );
}

function Card({ projectId, names, editing, insight, theme }: Props & { insight: BoardInsight; theme: string }) {
  return editing ? (
    <InsightCard
      projectId={projectId}
      insight={insight}
      names={names}
      themes={editing.themes}
      theme={theme}
      selected={editing.selected.has(insight.id)}
      onSelect={editing.onSelect}
    />
  ) : (
    <InsightCard projectId={projectId} insight={insight} names={names} />
  );
}

/** Every card in the page: a board this small lays out at once. */
function FlatSections(props: Props & { ids: string[] }) {
  const { sections, ids } = props;
  return (
    <>
      {sections.map((section, i) => (
        <section key={ids[i]} className="theme-section" id={ids[i]} aria-labelledby={`${ids[i]}-title`} data-testid="theme-section">
          <SectionTitle id={ids[i]} section={section} reelOf={props.editing ? props.projectId : undefined} />
          <div className="insight-grid">
            {section.insights.map((insight) => (
              <Card key={insight.id} {...props} insight={insight} theme={section.theme} />
            ))}
          </div>
        </section>
      ))}
    </>
  );
}

type Row = { kind: 'title'; key: string; section: number } | { kind: 'card'; key: string; section: number; insight: BoardInsight };

/**
 * A long board: theme titles and cards as one list, of which only the rows near the screen are in the page. Rows
 * are measured once drawn, so cards of any height (an open editor, every quote shown) keep their place.
 */
function VirtualSections(props: Props & { ids: string[]; jumpRef: { current: (index: number) => void } }) {
  const { sections, ids, jumpRef } = props;
  const rows = useMemo(() => {
    const out: Row[] = [];
    sections.forEach((section, s) => {
      out.push({ kind: 'title', key: `title:${ids[s]}`, section: s });
      for (const insight of section.insights) out.push({ kind: 'card', key: insight.id, section: s, insight });
    });
    return out;
  }, [sections, ids]);
  const listRef = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);
  // The list's distance from the top of the page moves when what is above it changes (pictures, filters): measured
  // after every render, and set only when it moved.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const top = Math.round((listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
    if (top !== margin) setMargin(top);
  });
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (i) => (rows[i].kind === 'title' ? 72 : 260),
    overscan: 4,
    scrollMargin: margin,
    getItemKey: (i) => rows[i].key,
    scrollPaddingStart: 100,
  });
  jumpRef.current = (section: number) => {
    const index = rows.findIndex((r) => r.kind === 'title' && r.section === section);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'start' });
  };
  return (
    <div ref={listRef} className="theme-board__virtual" style={{ height: virtualizer.getTotalSize(), position: 'relative' }} data-testid="virtual-board">
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index];
        return (
          <div
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className={row.kind === 'title' ? 'virtual-row virtual-row--title' : 'virtual-row'}
            style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
          >
            {row.kind === 'title' ? (
              <SectionTitle id={ids[row.section]} section={sections[row.section]} reelOf={props.editing ? props.projectId : undefined} />
            ) : (
              <Card {...props} insight={row.insight} theme={sections[row.section].theme} />
            )}
          </div>
        );
      })}
    </div>
  );
}
