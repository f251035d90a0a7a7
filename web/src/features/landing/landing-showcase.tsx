import { ExampleInsightCard } from './example-insight-card';
import { MiniHeatmap } from './mini-heatmap';

/** What the product makes, shown with the product's own pieces and real output. */
export function LandingShowcase() {
  return (
    <section className="landing-section landing-showcase" aria-labelledby="landing-showcase-title">
      <div className="landing-section__inner">
        <h2 id="landing-showcase-title" className="landing-section__title">
          What you get back
        </h2>
        <p className="landing-section__lead">
          Insights with the participant’s exact words and where they said them, and themes you can see across interviews.
        </p>
        <div className="landing-showcase__grid">
          <ExampleInsightCard />
          <MiniHeatmap />
        </div>
      </div>
    </section>
  );
}
