/**
 * The product shown on the landing pages, not stock art: real output of Verbatim's built-in analyser on public
 * interviews from the shared test corpus (functions/test/fixtures/transcripts, see its MANIFEST.md and NOTICE.md).
 * landing.test.ts checks every quote against its transcript file, so a wrong character here fails a test.
 */

export interface ExampleQuote {
  text: string;
  speaker: string;
  /** Character offsets into the parsed transcript, as the anchoring step saved them. */
  start: number;
  end: number;
}

/**
 * One insight as the built-in analyser produced it for `04_anthropic-interviewer_science_0012.txt`
 * (title, description and tag unchanged; its 14 proposed quotes were all anchored, none dropped).
 */
export const EXAMPLE_INSIGHT = {
  fixture: '04_anthropic-interviewer_science_0012.txt',
  interview: 'science_0012',
  title: 'The AI itself does a poor job scouring literature',
  /** Empty: none of the other quotes' statements reads whole as a sentence of its own. */
  description: '',
  tag: 'scientific process',
  theme: 'Pain points',
  quotes: [
    {
      text: 'Several things are keeping me from using it throughout my work.',
      speaker: 'User',
      start: 3637,
      end: 3700,
    },
    {
      text: 'The main factor is that I would like my research to be my own - my own ideas, analyses, and conclusions.',
      speaker: 'User',
      start: 3701,
      end: 3805,
    },
    {
      text: "Along that line of thinking, it's integral to the scientific process to follow certain steps and ensure that my research is all of my own work - often, utilizing AI for these portions of research creates ethical issues.",
      speaker: 'User',
      start: 3806,
      end: 4025,
    },
    {
      text: 'Another reason that I do not utilize AI for certain things is because the AI itself does a poor job scouring literature, most of the time.',
      speaker: 'User',
      start: 4026,
      end: 4164,
    },
  ] satisfies ExampleQuote[],
  /** The interview's anchoring line, as the app words it. */
  checked: '14 quotes checked against the transcript; all found verbatim in a participant’s words.',
  credit: {
    before: 'Interview science_0012 from the ',
    link: 'Anthropic Interviewer dataset',
    href: 'https://huggingface.co/datasets/Anthropic/AnthropicInterviewer',
    after: ' (Handa et al., 2025, Anthropic), CC-BY. The participant is labelled User in that transcript.',
  },
} as const;

/**
 * Quotes per theme and interview, as the built-in analyser found them in the four interviews of the public PDPilot
 * user study (the demo project's interviews). The catch-all theme, Recurring topics, is left out.
 */
export const EXAMPLE_HEATMAP = {
  interviews: ['P1', 'P2', 'P3', 'P4'],
  fixtures: [
    '18_pdpilot_P1_user-study-interview.pdf',
    '01_pdpilot_P2_user-study-interview.pdf',
    '19_pdpilot_P3_user-study-interview.pdf',
    '20_pdpilot_P4_user-study-interview.pdf',
  ],
  rows: [
    { theme: 'Pain points', counts: [11, 10, 7, 4] },
    { theme: 'Needs and wishes', counts: [4, 11, 2, 4] },
    { theme: 'Goals and motivations', counts: [6, 2, 8, 0] },
    { theme: 'Workarounds', counts: [3, 0, 0, 3] },
    { theme: 'How they work today', counts: [0, 3, 0, 8] },
    { theme: 'What works well', counts: [7, 4, 14, 17] },
    { theme: 'Feelings', counts: [3, 0, 0, 0] },
  ],
  credit: {
    before: 'Interviews P1–P4 of the ',
    link: 'PDPilot user study',
    href: 'https://github.com/DanielKerrigan/PDPilotUserStudy',
    after: ', © 2023 Daniel Kerrigan, BSD-3-Clause.',
  },
} as const;

/** Small print naming a source, with a link to it. */
export interface Credit {
  before: string;
  link: string;
  href: string;
  after: string;
}

/** A cell's shade, 0 (none) to 4 (most), on the heatmap's fixed scale. */
export function heatLevel(count: number): 0 | 1 | 2 | 3 | 4 {
  if (count <= 0) return 0;
  if (count <= 2) return 1;
  if (count <= 4) return 2;
  if (count <= 6) return 3;
  return 4;
}
