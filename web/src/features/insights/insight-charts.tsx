import { scaleLinear, scaleSequentialSqrt } from 'd3-scale';
import { interpolateBlues } from 'd3-scale-chromatic';
import { tagKey } from '@verbatim/contract/themes';
import { memo, useMemo } from 'react';
import type { BoardIndex } from './board-index';
import { cellLabel, shortName, themeInterviewHeatmap, themeTotals, type HeatmapInterview } from './heatmap-data';

/**
 * The board's pictures, loaded as their own chunk: a theme × interview heatmap (cell = quotes from that interview
 * under that theme) and the insights and quotes of each theme. Scales and colours come from d3-scale and
 * d3-scale-chromatic; the marks are plain HTML, so they read like the rest of the page and stay accessible.
 */
export interface ChartsProps {
  index: Pick<BoardIndex, 'entries' | 'themes'>;
  interviews: readonly HeatmapInterview[];
  /** The theme and interview filters now set, to mark the chosen cell. */
  theme: string | null;
  interview: string | null;
  onCell: (theme: string, interviewId: string) => void;
  onTheme: (theme: string) => void;
}

// Light enough at the bottom that 1 quote still reads as "some", dark enough at the top for white figures.
const colour = (t: number) => interpolateBlues(0.12 + 0.83 * t);
/** Up to this many interviews, their names are written across the columns; beyond, up the columns. */
const WIDE_COLUMNS = 6;

export default memo(function InsightCharts({ index, interviews, theme, interview, onCell, onTheme }: ChartsProps) {
  const map = useMemo(() => themeInterviewHeatmap(index, interviews), [index, interviews]);
  const totals = useMemo(() => themeTotals(index), [index]);
  if (map.themes.length === 0) return null;
  const heat = scaleSequentialSqrt((t: number) => colour(t)).domain([0, Math.max(1, map.max)]);
  const chosenTheme = theme === null ? null : tagKey(theme);
  const maxCount = Math.max(1, ...totals.map((t) => Math.max(t.quotes, t.insights)));
  const width = scaleLinear().domain([0, maxCount]).range([0, 100]);

  return (
    <div className={`charts${map.interviews.length > WIDE_COLUMNS ? ' charts--stacked' : ''}`} data-testid="charts">
      <figure className={`chart heatmap${map.interviews.length <= WIDE_COLUMNS ? ' heatmap--few' : ''}`} data-testid="heatmap">
        <figcaption className="chart__caption">
          <strong>Which interviews support which theme</strong>
          <span>Quotes per theme and interview. Choose a cell to see those insights.</span>
        </figcaption>
        <div className="heatmap__scroll" tabIndex={-1}>
          <table className="heatmap__table">
            <thead>
              <tr>
                <th scope="col" className="heatmap__corner">
                  <span className="visually-hidden">Theme</span>
                </th>
                {map.interviews.map((d) => (
                  <th key={d.id} scope="col" className="heatmap__interview" title={d.name}>
                    <span className="heatmap__interview-name">{shortName(d.name, map.interviews.length <= WIDE_COLUMNS ? 40 : 24)}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {map.themes.map((t, r) => (
                <tr key={t} className={chosenTheme === tagKey(t) ? 'heatmap__row--chosen' : undefined}>
                  <th scope="row" className="heatmap__theme">
                    <button type="button" className="heatmap__theme-button" onClick={() => onTheme(t)} title="Show this theme’s insights">
                      {t}
                    </button>
                  </th>
                  {map.cells[r].map((cell, c) => {
                    const d = map.interviews[c];
                    const chosen = chosenTheme === tagKey(t) && interview === d.id;
                    const value = heat(cell.quotes);
                    const dark = cell.quotes > 0 && cell.quotes / Math.max(1, map.max) > 0.45;
                    return (
                      <td key={d.id} className="heatmap__cell-wrap">
                        {cell.quotes > 0 ? (
                          <button
                            type="button"
                            className={`heatmap__cell${chosen ? ' heatmap__cell--chosen' : ''}`}
                            style={{ background: value, color: dark ? '#fff' : '#142840' }}
                            aria-label={cellLabel(t, d.name, cell)}
                            title={cellLabel(t, d.name, cell)}
                            aria-pressed={chosen}
                            data-testid="heatmap-cell"
                            data-theme={t}
                            data-interview={d.id}
                            data-quotes={cell.quotes}
                            data-insights={cell.insights}
                            onClick={() => onCell(t, d.id)}
                          >
                            {cell.quotes}
                          </button>
                        ) : (
                          <span className="heatmap__cell heatmap__cell--empty" title={cellLabel(t, d.name, cell)}>
                            <span className="visually-hidden">{cellLabel(t, d.name, cell)}</span>
                          </span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="heatmap__legend" aria-hidden="true">
          <span>1</span>
          <span className="heatmap__ramp" style={{ background: `linear-gradient(90deg, ${heat(Math.min(1, map.max))}, ${heat(map.max)})` }} />
          <span>{map.max} quotes</span>
        </div>
      </figure>

      <figure className="chart theme-counts" data-testid="theme-counts">
        <figcaption className="chart__caption">
          <strong>Evidence per theme</strong>
          <span className="theme-counts__key">
            <span className="theme-counts__swatch theme-counts__swatch--insights" aria-hidden="true" /> insights
            <span className="theme-counts__swatch theme-counts__swatch--quotes" aria-hidden="true" /> quotes
          </span>
        </figcaption>
        <ul className="theme-counts__list">
          {totals.map((t) => (
            <li key={t.theme}>
              <button
                type="button"
                className={`theme-counts__row${chosenTheme === tagKey(t.theme) ? ' theme-counts__row--chosen' : ''}`}
                onClick={() => onTheme(t.theme)}
                data-testid="theme-count"
                data-theme={t.theme}
              >
                <span className="theme-counts__label">{t.theme}</span>
                <span className="visually-hidden">{`: ${t.insights} ${t.insights === 1 ? 'insight' : 'insights'}, ${t.quotes} ${t.quotes === 1 ? 'quote' : 'quotes'} from ${t.interviews} ${t.interviews === 1 ? 'interview' : 'interviews'}`}</span>
                <span className="theme-counts__line">
                  <span className="theme-counts__bars" aria-hidden="true">
                    <span className="theme-counts__bar theme-counts__bar--insights" style={{ width: `${width(t.insights)}%` }} />
                    <span className="theme-counts__bar theme-counts__bar--quotes" style={{ width: `${width(t.quotes)}%` }} />
                  </span>
                  <span className="theme-counts__figures" aria-hidden="true">
                    <span data-testid="theme-count-insights">{t.insights}</span> · <span data-testid="theme-count-quotes">{t.quotes}</span>
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </figure>
    </div>
  );
});
