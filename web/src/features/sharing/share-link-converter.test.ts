import { Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { shareLinkFromData } from './share-link-converter';

describe('the shareLinks converter', () => {
  it('reads the kind from the document id and the Timestamp as a Date', () => {
    const at = new Date('2026-05-01T12:00:00Z');
    expect(shareLinkFromData('summary', { token: 'tok', enabled: true, updatedAt: Timestamp.fromDate(at) })).toEqual({
      kind: 'summary',
      token: 'tok',
      enabled: true,
      updatedAt: at,
    });
  });
  it('reads anything but true as off, and skips unknown kinds or missing tokens', () => {
    expect(shareLinkFromData('interviews', { token: 'tok', enabled: 'yes' })?.enabled).toBe(false);
    expect(shareLinkFromData('interviews', { token: 'tok' })?.updatedAt.getTime()).toBe(0);
    expect(shareLinkFromData('deck', { token: 'tok', enabled: true })).toBeNull();
    expect(shareLinkFromData('summary', { enabled: true })).toBeNull();
  });
  it('reads whether visitors of the interviews page may play quotes from the recordings: off unless turned on', () => {
    expect(shareLinkFromData('interviews', { token: 'tok', enabled: true, playRecordings: true })?.playRecordings).toBe(true);
    expect(shareLinkFromData('interviews', { token: 'tok', enabled: true })?.playRecordings).toBe(false);
    expect(shareLinkFromData('interviews', { token: 'tok', enabled: true, playRecordings: 'yes' })?.playRecordings).toBe(false);
    expect(shareLinkFromData('summary', { token: 'tok', enabled: true, playRecordings: true })).not.toHaveProperty('playRecordings');
  });
});
