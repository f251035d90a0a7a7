import { Link } from 'react-router-dom';
import { interviewsPath } from '..';

/** What the interview page shows when the interview can't be read or isn't the visitor's. */
export function InterviewUnavailable({ projectId }: { projectId: string }) {
  return (
    <section className="container">
      <p className="form-error" role="alert">
        This interview does not exist or is not yours.
      </p>
      <p>
        <Link to={interviewsPath(projectId)}>Back to the interviews</Link>
      </p>
    </section>
  );
}
