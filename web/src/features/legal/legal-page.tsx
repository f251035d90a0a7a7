import { Link } from 'react-router-dom';

export default function LegalPage() {
  return (
    <article className="prose">
      <h1>Terms and privacy</h1>
      <p>
        Verbatim stores the transcripts you upload in your own project, readable only by you and by the people you share a
        public link with. You can delete a project at any time; its documents, insights and stored files are removed with it.
      </p>
      <h2>Your data and AI</h2>
      <p>
        Insights are produced by Verbatim's own analyser by default. A transcript is sent to an external AI service only when
        you choose it for that project. Every quote shown is a verbatim span of your transcript, linked to its interview,
        speaker and position.
      </p>
      <h2>Billing</h2>
      <p>
        The free trial includes a number of interview credits. The Solo plan costs 19 dollars a month for unlimited usage and
        can be cancelled any time from the billing portal.
      </p>
      <p>
        <Link to="/">Back to Verbatim</Link>
      </p>
    </article>
  );
}
