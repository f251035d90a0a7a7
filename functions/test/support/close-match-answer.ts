/**
 * A participant's words and the answer a real model gives about them: one quote tidied (hesitation and repeats
 * dropped), one shortened by two words, one exact, and one that turns "would recommend" into "would not recommend".
 * Anchoring keeps the first three (normalised, fuzzy with the model's words kept, exact) and refuses the last.
 */
export const CLOSE_MATCH_WORDS =
  'I would recommend it to anyone at all. I, um, I really think the the export is broken. ' +
  'The export was honestly really slow for our biggest client reports, every single week.';

export const SHORTENED_QUOTE = 'The export was slow for our biggest client reports, every single week.';

/** The model's answer (insights JSON), attributing every quote to `speaker`. */
export function closeMatchAnswer(speaker: string) {
  return {
    insights: [
      {
        title: 'Exports are broken and slow',
        description: 'The export fails and takes long.',
        tag: 'export',
        quotes: [
          { text: 'I really think the export is broken.', speaker },
          { text: SHORTENED_QUOTE, speaker },
          { text: 'I would recommend it to anyone at all.', speaker },
        ],
      },
      {
        title: 'Would not recommend the add-on',
        description: 'She would warn others off.',
        tag: 'recommendation',
        quotes: [{ text: 'I would not recommend it to anyone at all.', speaker }],
      },
    ],
    groupedTags: [],
  };
}

/** How the three kept quotes are stored: the participant's words, how each matched, the model's words if close. */
export const CLOSE_MATCH_STORED = [
  ['I, um, I really think the the export is broken.', 'normalised', null],
  ['The export was honestly really slow for our biggest client reports, every single week.', 'fuzzy', SHORTENED_QUOTE],
  ['I would recommend it to anyone at all.', 'exact', null],
];
