import { useAuth } from '../../app/auth-provider';
import './landing.css';
import { LandingBar } from './landing-bar';
import { LandingClosing } from './landing-closing';
import { LandingFeatures } from './landing-features';
import { LandingFooter } from './landing-footer';
import { LandingHero } from './landing-hero';
import { LandingPains } from './landing-pains';
import { LandingPricing } from './landing-pricing';
import { LandingProof } from './landing-proof';
import { LandingShowcase } from './landing-showcase';
import { PERSONAS, type PersonaId } from './personas';
import { useDocumentTitle } from './use-document-title';

/**
 * Every landing page (`/`, `/landing` and one per audience): one component, its words from the persona's config.
 * Signed-in visitors already have the navbar, so the page's own top bar is for visitors only.
 */
export default function LandingPage({ persona }: { persona: PersonaId }) {
  const config = PERSONAS[persona];
  const { user } = useAuth();
  useDocumentTitle(config.title);
  return (
    <div className="landing-page" data-persona={config.id}>
      {!user && <LandingBar />}
      <LandingHero config={config} />
      <LandingShowcase />
      <LandingPains pains={config.pains} />
      <LandingFeatures />
      <LandingProof config={config} />
      <LandingPricing />
      <LandingClosing config={config} />
      <LandingFooter />
    </div>
  );
}
