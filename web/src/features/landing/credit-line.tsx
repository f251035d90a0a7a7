import type { Credit } from './example-data';

/** The small print under an example: where its words come from, and their licence. */
export function CreditLine({ credit }: { credit: Credit }) {
  return (
    <span className="landing-small">
      {credit.before}
      <a href={credit.href}>{credit.link}</a>
      {credit.after}
    </span>
  );
}
