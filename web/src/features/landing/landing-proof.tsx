import type { PersonaConfig } from './personas';

/** Facts this audience cares about, and (on some pages) a participant's own words on why they matter. */
export function LandingProof({ config }: { config: PersonaConfig }) {
  return (
    <section className="landing-section landing-section--tint" aria-labelledby="landing-proof-title">
      <div className={`landing-section__inner landing-proof${config.voice ? '' : ' landing-proof--plain'}`}>
        <div>
          <h2 id="landing-proof-title" className="landing-section__title">
            Built so you can check it
          </h2>
          <ul className="landing-proof__list" data-testid="landing-proof">
            {config.proof.map((point) => (
              <li key={point}>
                <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="16" height="16">
                  <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </div>
        {config.voice && (
          <figure className="landing-voice">
            <blockquote className="landing-voice__quote">
              <p>“{config.voice.text}”</p>
            </blockquote>
            <figcaption className="landing-small">— {config.voice.who}</figcaption>
          </figure>
        )}
      </div>
    </section>
  );
}
