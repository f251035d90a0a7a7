import { Link } from 'react-router-dom';
import { SOLO_PRICE, TRIAL_CREDITS } from '@verbatim/contract/constants';
import { useAuth } from '../../app/auth-provider';
import './legal.css';

const CONTACT = 'hello@verbatim.app';

/** The companies that process data for Verbatim, and what for. Named so the page (and its test) say who. */
export const PROCESSORS = [
  {
    name: 'Google Firebase',
    what: 'runs Verbatim: Authentication (your sign-in), Cloud Firestore (the database), Cloud Functions (our server code, including the analysis of projects set to Verbatim only), Cloud Storage (the files you upload) and Hosting (the web app).',
  },
  {
    name: 'Stripe',
    what: 'takes payments for the Solo plan: checkout, the subscription and the billing portal. Your card details go to Stripe, never to us.',
  },
  {
    name: 'Google Analytics for Firebase',
    what: 'where it is switched on, counts how Verbatim is used: the pages you open, your account id, your plan and whether you are signed in. Never the text of your interviews or insights.',
  },
  {
    name: 'Google Gemini',
    what: 'analyses an interview only when you choose Gemini for its project. Before the text is sent, names, emails and phone numbers are redacted, unless you turn redaction off for that project.',
  },
] as const;

/** /legal: terms and privacy in plain words. */
export default function LegalPage() {
  const { user } = useAuth();
  return (
    <div className="legal">
      {/* Signed-in users have the navbar; visitors get a way home. */}
      {!user && (
        <div className="legal__top">
          <Link to="/" className="legal__home">
            <svg width="22" height="22" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
              <rect width="32" height="32" rx="7" fill="#1f3a5f" />
              <path d="M9 9h4l3 11 3-11h4l-5 14h-4z" fill="#f6c453" />
            </svg>
            Verbatim
          </Link>
        </div>
      )}
      <article className="legal__body" aria-labelledby="legal-title">
        <h1 id="legal-title">Terms and privacy</h1>
        <p className="legal__lead">
          The short version: your interviews are yours. We keep them so you can work with them, show them to no one unless you
          turn on a share link, send them to an outside AI only if you choose to, and delete them when you delete the project.
        </p>
        <nav className="legal__toc" aria-label="On this page">
          <ul>
            <li>
              <a href="#stored">What we store</a>
            </li>
            <li>
              <a href="#who-sees">Who can see it</a>
            </li>
            <li>
              <a href="#ai">How interviews are analysed</a>
            </li>
            <li>
              <a href="#processors">Who processes it for us</a>
            </li>
            <li>
              <a href="#deletion">Deleting your data</a>
            </li>
            <li>
              <a href="#billing">Credits and billing</a>
            </li>
            <li>
              <a href="#terms">Using Verbatim</a>
            </li>
            <li>
              <a href="#contact">Contact</a>
            </li>
          </ul>
        </nav>

        <section aria-labelledby="stored">
          <h2 id="stored">What we store</h2>
          <ul>
            <li>Your account: your email address, your name, and how you sign in (a password or your Google account).</li>
            <li>Your plan: the trial credits you have left and whether you have a Solo subscription.</li>
            <li>
              Your projects: the files you upload, the transcript text read from them, the speakers and their roles, the
              insights, themes and summaries made from them, and your edits.
            </li>
            <li>The share links you create, and whether each one is on.</li>
            <li>For subscribers: the Stripe customer and subscription references that link your account to your payments.</li>
            <li>If you use the Team/Enterprise contact form: the name, email, team size and notes you send, so we can reply.</li>
          </ul>
          <p>We do not sell your data and we do not use it for advertising.</p>
        </section>

        <section aria-labelledby="who-sees">
          <h2 id="who-sees">Who can see it</h2>
          <p>
            Only you. In Verbatim, a project, its interviews and its insights can be read by the account that owns them and by no
            one else.
          </p>
          <p>
            <strong>Public share pages</strong> exist only when you turn a link on. Anyone with that link can then read the
            project’s name and its insights, with their supporting quotes and the names of the interviews they come from, without
            logging in. The full transcripts are never on a public page. Turn the link off (or make a new one) and the old link
            stops working.
          </p>
        </section>

        <section aria-labelledby="ai">
          <h2 id="ai">How interviews are analysed</h2>
          <p>
            A project’s analysis is Verbatim only or Google Gemini. With Verbatim only, Verbatim reads your interviews on
            our own servers (Google Firebase, below); no outside AI service sees them. Where this service offers Google’s
            Gemini, a new project uses Google Gemini unless you choose Verbatim only when you create it (or later, for each project). With Gemini, the transcript text is sent to Google’s Gemini API, with
            names, emails and phone numbers redacted first unless you turn redaction off for that project, and Gemini writes the
            project synthesis from the insights and quotes already found. Redaction is automatic and may miss something, so choose
            Verbatim only for sensitive transcripts.
          </p>
          <p>
            Whichever analyser you use, every quote it proposes is checked against your transcript before it is saved. A quote that
            is not found there word for word is dropped, never shown.
          </p>
        </section>

        <section aria-labelledby="processors">
          <h2 id="processors">Who processes it for us</h2>
          <ul className="legal__processors" data-testid="processors">
            {PROCESSORS.map((p) => (
              <li key={p.name}>
                <strong>{p.name}</strong> {p.what}
              </li>
            ))}
          </ul>
          <p>Each handles your data to provide its part of the service, under its own terms and privacy policy.</p>
        </section>

        <section aria-labelledby="deletion">
          <h2 id="deletion">Deleting your data</h2>
          <p>
            Deleting an interview removes its file, its transcript and its insights. Deleting a project removes its documents, insights and files, and
            turns off its share links. To close your account and delete everything in it, email us at{' '}
            <a href={`mailto:${CONTACT}`}>{CONTACT}</a>.
          </p>
        </section>

        <section aria-labelledby="billing">
          <h2 id="billing">Credits and billing</h2>
          <ul>
            <li>{`A new account gets a free trial of ${TRIAL_CREDITS} interview credits. Each interview you upload uses one credit.`}</li>
            <li>If an analysis fails through no fault of the file, its credit is given back.</li>
            <li>
              The Solo plan costs {SOLO_PRICE} a month for unlimited interviews. Stripe charges it monthly until you cancel, which you can do
              any time from the billing portal (Account → Subscription).
            </li>
            <li>
              Team and Enterprise plans are priced on request: use the contact form on the <Link to="/pricing">pricing page</Link>.
            </li>
          </ul>
        </section>

        <section aria-labelledby="terms">
          <h2 id="terms">Using Verbatim</h2>
          <ul>
            <li>
              Upload only interviews you have the right to use, with the consent your participants gave, and keep to the
              promises you made them.
            </li>
            <li>
              Insights, titles and summaries are drafts made by software: read them before you rely on them or share them. Quotes
              are checked to be verbatim; what you conclude from them is your call.
            </li>
            <li>Don’t use Verbatim to break the law or to get at other people’s data.</li>
            <li>If these terms change in a way that matters, we will say so on this page before the change applies.</li>
          </ul>
        </section>

        <section aria-labelledby="contact">
          <h2 id="contact">Contact</h2>
          <p>
            Questions, requests about your data, or anything else: <a href={`mailto:${CONTACT}`}>{CONTACT}</a>.
          </p>
        </section>

        <p className="legal__back">
          <Link to="/">Back to Verbatim</Link>
        </p>
      </article>
    </div>
  );
}
