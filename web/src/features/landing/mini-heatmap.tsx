import { CreditLine } from './credit-line';
import { EXAMPLE_HEATMAP, heatLevel } from './example-data';

const quotes = (n: number) => `${n} ${n === 1 ? 'quote' : 'quotes'}`;

/** A small theme × interview heatmap in plain HTML and CSS: quotes per theme in each interview of a real study. */
export function MiniHeatmap() {
  const max = Math.max(...EXAMPLE_HEATMAP.rows.flatMap((r) => r.counts));
  return (
    <figure className="landing-figure landing-heatmap" aria-labelledby="example-heatmap-caption">
      <div className="landing-heatmap__panel">
        <p className="landing-heatmap__title" aria-hidden="true">
          Which interviews support which theme
        </p>
        <table className="landing-heatmap__table">
          <caption className="visually-hidden">Quotes per theme (rows) and interview (columns)</caption>
          <thead>
            <tr>
              <th scope="col" className="landing-heatmap__corner">
                Theme
              </th>
              {EXAMPLE_HEATMAP.interviews.map((name) => (
                <th scope="col" key={name}>
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {EXAMPLE_HEATMAP.rows.map((row) => (
              <tr key={row.theme}>
                <th scope="row" className="landing-heatmap__theme">
                  {row.theme}
                </th>
                {row.counts.map((n, i) => (
                  <td key={EXAMPLE_HEATMAP.interviews[i]} className={`landing-heatmap__cell landing-heat--${heatLevel(n)}`} title={`${row.theme}, ${EXAMPLE_HEATMAP.interviews[i]}: ${quotes(n)}`}>
                    {n > 0 ? n : <span className="visually-hidden">0</span>}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="landing-heatmap__legend">
          <span>0</span>
          <span className="landing-heatmap__ramp" aria-hidden="true">
            {[0, 1, 2, 3, 4].map((level) => (
              <span key={level} className={`landing-heat--${level}`} />
            ))}
          </span>
          <span>{quotes(max)}</span>
        </p>
      </div>
      <figcaption id="example-heatmap-caption" className="landing-figure__caption">
        <strong>Quotes per theme across four interviews of one study.</strong>{' '}
        <span className="landing-small">Verbatim only analysis, per-interview themes; the catch-all theme, Recurring topics, left out. </span>
        <CreditLine credit={EXAMPLE_HEATMAP.credit} />
      </figcaption>
    </figure>
  );
}
