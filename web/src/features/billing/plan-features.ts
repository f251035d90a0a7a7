/** What the Solo plan (and the subscribe prompt) promises, in the spec's order. */
export const SOLO_FEATURES = [
  'Instant document insights',
  'Highlights auto-tagged with insights',
  'Instant reports and slide decks based on insights',
  'Export of insights to a whiteboard tool',
  'Cancel any time',
] as const;
