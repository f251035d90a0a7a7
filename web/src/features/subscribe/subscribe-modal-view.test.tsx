import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

// Billing's public surface includes its API calls; no Firebase is needed (or started) here.
vi.mock('../../lib/firebase', () => ({ auth: { currentUser: null }, db: {} }));
import { SubscribeModalView } from './subscribe-modal-view';

const noop = () => {};
const text = (html: string) => html.replace(/<[^>]+>/g, '|').replace(/\|+/g, '|');

// The signed-out variant cannot be reached in the app today (the modal only opens on protected
// pages), so its texts are checked here; the signed-in one is checked in Chromium too.
describe('the subscribe modal', () => {
  it('signed out: Sign in first, the explanation and a Close button', () => {
    const html = renderToStaticMarkup(<SubscribeModalView signedIn={false} loading={false} onSubscribe={noop} onClose={noop} />);
    expect(text(html)).toBe('|×|Sign in first|Please log in or create an account before subscribing.|Close|');
    expect(html).toContain('role="dialog"');
    expect(html).not.toContain('Subscribe Now');
  });

  it('signed in: the heading, the lead, the five benefits, Cancel and Subscribe Now', () => {
    const html = renderToStaticMarkup(<SubscribeModalView signedIn loading={false} onSubscribe={noop} onClose={noop} />);
    expect(text(html)).toBe(
      "|×|It&#x27;s time to subscribe!|Get full access to the product&#x27;s powerful features.|" +
        'Instant document insights|Highlights auto-tagged with insights|Instant reports and slide decks based on insights|' +
        'Export of insights to a whiteboard tool|Cancel any time|Cancel|Subscribe Now|',
    );
  });

  it("while loading, the button reads 'Redirecting…' and is disabled", () => {
    const html = renderToStaticMarkup(<SubscribeModalView signedIn loading onSubscribe={noop} onClose={noop} />);
    expect(html).toMatch(/<button type="button" class="button button--primary" disabled="">Redirecting…<\/button>/);
  });
});
