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
 * (title, description and tag unchanged; its 9 proposed quotes were all anchored, none dropped).
 */
export const EXAMPLE_INSIGHT = {
  fixture: '04_anthropic-interviewer_science_0012.txt',
  interview: 'science_0012',
  title: 'Current practice: data',
  description: 'The participant mentions “data” in 3 statements, all describing how they work today.',
  tag: 'data',
  theme: 'How they work today',
  quotes: [
    {
      text: 'After that I needed to process some of the data, namely some of the more basic statistical analyses.',
      speaker: 'User',
      start: 2264,
      end: 2364,
    },
    {
      text: 'Primarily, I have utilized AI to help me process data and identify other pieces of pertinent literature.',
      speaker: 'User',
      start: 2718,
      end: 2822,
    },
    {
      text: 'The same steps and techniques were used but AI was used as a tool - helping me quickly process data so that I could identify trends then go in myself and process the data where I identified trends.',
      speaker: 'User',
      start: 3025,
      end: 3222,
    },
  ] satisfies ExampleQuote[],
  /** The interview's anchoring line, as the app words it. */
  checked: '9 quotes checked against the transcript; all found verbatim in a participant’s words.',
  credit: {
    before: 'Interview science_0012 from the ',
    link: 'Anthropic Interviewer dataset',
    href: 'https://huggingface.co/datasets/Anthropic/AnthropicInterviewer',
    after: ' (Handa et al., 2025, Anthropic), CC-BY. “User” is the participant’s label in that transcript.',
  },
} as const;

/**
 * Quotes per theme and interview, as the built-in analyser found them in the four interviews of the public PDPilot
 * user study (the demo project's interviews). The catch-all theme “Recurring topics” is left out.
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
    { theme: 'Pain points', counts: [3, 7, 3, 3] },
    { theme: 'Needs and wishes', counts: [0, 4, 5, 2] },
    { theme: 'Goals and motivations', counts: [0, 3, 6, 0] },
    { theme: 'Workarounds', counts: [0, 0, 2, 0] },
    { theme: 'How they work today', counts: [2, 0, 0, 6] },
    { theme: 'What works well', counts: [6, 4, 2, 9] },
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
