import { useAuth } from '../../app/auth-provider';

export default function ProjectsPage() {
  const { user } = useAuth();
  return (
    <section className="container">
      <h1>Projects</h1>
      <p className="muted">Signed in as {user?.email}</p>
      <div className="empty-state">
        <h2>No projects yet</h2>
        <p>Projects hold your interviews, their insights and the deliverables you share.</p>
      </div>
    </section>
  );
}
