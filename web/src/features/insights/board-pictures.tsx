import type { BoardIndex } from './board';
import type { ChartsModule } from './use-charts';

interface Props {
  shown: boolean;
  onToggle: () => void;
  charts: ChartsModule | null;
  index: BoardIndex;
  interviews: { id: string; name: string }[];
  theme: string | null;
  interview: string | null;
  onCell: (theme: string, interview: string) => void;
  onTheme: (theme: string) => void;
}

/** Themes across interviews as pictures, which the researcher may hide; a place held for them while they load. */
export function BoardPictures({ shown, onToggle, charts, index, interviews, theme, interview, onCell, onTheme }: Props) {
  return (
    <section className="pictures" aria-labelledby="pictures-title">
      <div className="pictures__head">
        <h2 id="pictures-title" className="pictures__title">
          Themes across interviews
        </h2>
        <button type="button" className="link-button" aria-expanded={shown} onClick={onToggle}>
          {shown ? 'Hide pictures' : 'Show pictures'}
        </button>
      </div>
      {shown && (
        charts ? (
          <charts.default index={index} interviews={interviews} theme={theme} interview={interview} onCell={onCell} onTheme={onTheme} />
        ) : (
          <div className="charts charts--loading" aria-busy="true" />
        )
      )}
    </section>
  );
}
