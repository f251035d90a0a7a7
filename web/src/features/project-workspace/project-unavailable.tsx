import type { FirestoreError } from 'firebase/firestore';
import { Link } from 'react-router-dom';
import { projectReadError } from '../projects';

/** What a project screen shows when its project can't be read or isn't the visitor's. */
export function ProjectUnavailable({ error }: { error: FirestoreError | null }) {
  return (
    <section className="container">
      <p className="form-error" role="alert">
        {error ? projectReadError(error, 'project') : 'This project does not exist or is not yours.'}
      </p>
      <p>
        <Link to="/projects">Back to your projects</Link>
      </p>
    </section>
  );
}
