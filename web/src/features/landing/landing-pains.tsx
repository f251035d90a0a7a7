import type { Pain } from './personas';

/** The audience's problems, each with how Verbatim answers it. */
export function LandingPains({ pains }: { pains: readonly Pain[] }) {
  return (
    <section className="landing-section landing-section--tint" aria-labelledby="landing-pains-title">
      <div className="landing-section__inner">
        <h2 id="landing-pains-title" className="landing-section__title">
          Sound familiar?
        </h2>
        <ul className="landing-pains" data-testid="landing-pains">
          {pains.map(({ pain, answer }) => (
            <li className="landing-pain" key={pain}>
              <p className="landing-pain__problem">{pain}</p>
              <p className="landing-pain__answer">
                <span className="landing-pain__label">With Verbatim: </span>
                {answer}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
