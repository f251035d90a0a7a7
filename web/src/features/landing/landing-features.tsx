import type { ReactNode } from 'react';

interface Feature {
  title: string;
  body: string;
  icon: ReactNode;
}

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** What every page promises, whoever it is for. Facts about the product as built. */
const FEATURES: readonly Feature[] = [
  {
    title: 'Quotes you can trust',
    body: 'Every quote is an exact span of the transcript, with its interview, speaker and position (and timestamp when the file has one). A quote an analyser proposes that is not found verbatim is dropped, and the interview says how many were.',
    icon: (
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path d="M7 7h4v4H8c0 2 1 3 3 3v2c-3 0-4-2-4-5zM14 7h4v4h-3c0 2 1 3 3 3v2c-3 0-4-2-4-5z" {...stroke} />
      </svg>
    ),
  },
  {
    title: 'Themes and project summaries',
    body: 'Insights are grouped into themes for each interview and brought together across the project in a summary, with a heatmap of which interviews support which theme. Rename, merge and move them as you see fit.',
    icon: (
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <rect x="4" y="4" width="7" height="7" rx="1.5" {...stroke} />
        <rect x="13" y="4" width="7" height="7" rx="1.5" {...stroke} />
        <rect x="4" y="13" width="7" height="7" rx="1.5" {...stroke} />
        <rect x="13" y="13" width="7" height="7" rx="1.5" {...stroke} />
      </svg>
    ),
  },
  {
    title: 'One-click deliverables',
    body: 'A Word report, a slide deck, sticky notes for Miro or FigJam, a REFI-QDA project (.qdpx) for NVivo, ATLAS.ti, MAXQDA or QualCoder, and a spreadsheet of every quote. Each quote keeps its citation.',
    icon: (
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path d="M12 4v11M7 10l5 5 5-5M5 19h14" {...stroke} />
      </svg>
    ),
  },
  {
    title: 'Private when you choose',
    body: 'With the analysis set to Verbatim only, your interviews are read on Verbatim’s own servers and go nowhere else; choose it for any project. Where Google’s Gemini is offered it is the default for new projects, with names, emails and phone numbers redacted first. Share links stay off until you turn one on.',
    icon: (
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <rect x="5" y="11" width="14" height="9" rx="2" {...stroke} />
        <path d="M8 11V8a4 4 0 0 1 8 0v3" {...stroke} />
      </svg>
    ),
  },
];

export function LandingFeatures() {
  return (
    <section className="landing-section" aria-labelledby="landing-features-title">
      <div className="landing-section__inner">
        <h2 id="landing-features-title" className="landing-section__title">
          From transcript to deliverable
        </h2>
        <ul className="landing-features">
          {FEATURES.map((feature) => (
            <li className="landing-feature" key={feature.title}>
              <span className="landing-feature__icon">{feature.icon}</span>
              <h3 className="landing-feature__title">{feature.title}</h3>
              <p className="landing-feature__body">{feature.body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
