import { Link } from 'react-router-dom';
import { sharePath } from './paths';

/** The project's entry to its share links (for the project header). */
export function ShareButton({ projectId }: { projectId: string }) {
  return (
    <Link className="button" to={sharePath(projectId)} data-testid="share-button">
      <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
        <path
          d="M10 3v9M6.5 6.5 10 3l3.5 3.5M5 10.5V16h10v-5.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.7"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      Share
    </Link>
  );
}
