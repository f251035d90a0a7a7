/**
 * What each landing page says: one config per audience, one page that renders them all (landing-page.tsx).
 * Everything here is a claim about the product as it is built: no customers, testimonials or figures that the
 * product cannot back. Pure data (it imports only the contract's constants), so the Chromium tests assert against the same words.
 * The list of formats is written out rather than built from the format table, which would weigh on every landing
 * page's first load; landing.test.tsx holds it equal to the table.
 */
import { SOLO_PRICE, TRIAL_CREDITS } from '@verbatim/contract/constants';

export type PersonaId = 'generic' | 'uxr' | 'consultant' | 'pm' | 'advariant' | 'agent';

/** A problem the audience knows, and how Verbatim answers it. */
export interface Pain {
  pain: string;
  answer: string;
}

/** Words a real participant said, quoted from a public interview (never about Verbatim, never a testimonial). */
export interface Voice {
  text: string;
  /** Who said it, plainly: not a Verbatim customer. */
  who: string;
}

export interface PersonaConfig {
  id: PersonaId;
  /** The address the page lives at (the generic page is also `/` for signed-out visitors). */
  path: string;
  /** The line above the headline: who the page is for. */
  audience: string;
  /** The browser tab's title. */
  title: string;
  headline: string;
  subheadline: string;
  pains: readonly Pain[];
  /** Short facts about the product that this audience cares about most. */
  proof: readonly string[];
  voice?: Voice;
  cta: { heading: string; body: string };
}

/** The call to action on every page. */
export const CTA = { primary: 'Start free', primaryTo: '/signup', secondary: 'See pricing', secondaryTo: '/pricing' } as const;

/** Pricing as the landing pages state it (the trial is the credits a new account gets). */
export const PRICING = {
  trialInterviews: TRIAL_CREDITS,
  soloPrice: SOLO_PRICE,
  soloPeriod: '/month',
} as const;

const ANCHORING = 'Every quote is checked against the transcript before you see it. Words that are not found there verbatim are dropped, never shown.';
const PRIVATE_CHOICE =
  'Set a project’s analysis to Verbatim only and its transcripts go to no outside AI. Where Google’s Gemini is offered it is the default for new projects, with names, emails and phone numbers redacted first.';

export const PERSONAS: Readonly<Record<PersonaId, PersonaConfig>> = {
  generic: {
    id: 'generic',
    path: '/landing',
    audience: 'For qualitative researchers',
    title: 'Verbatim — interview insights you can trace to the word',
    headline: 'Interview insights you can trace to the word.',
    subheadline:
      'Upload your transcripts. Verbatim finds the insights, groups them into themes and writes the project summary, and every quote links back to its interview, speaker and place in the transcript.',
    pains: [
      { pain: 'AI summaries paraphrase what people said, and sometimes invent it.', answer: ANCHORING },
      {
        pain: 'Synthesis across a dozen interviews means days of copy and paste.',
        answer: 'Insights arrive grouped into themes, with a project summary across interviews and a heatmap of which interviews back which theme.',
      },
      {
        pain: 'Then the deliverable takes another day of formatting.',
        answer: 'One click makes a Word report, a slide deck, sticky notes for Miro or FigJam, or a REFI-QDA project for your QDA tool.',
      },
      { pain: 'Interview transcripts are personal data.', answer: PRIVATE_CHOICE },
    ],
    proof: [
      'Every citation names the interview and the speaker, and opens the exact passage.',
      'The interviewer’s words are never presented as a participant’s.',
      'Reads .txt, .md, .docx, .pdf, .vtt, .srt and .sub transcripts.',
    ],
    cta: {
      heading: 'Try it on your own interviews',
      body: `Your first ${PRICING.trialInterviews} interviews are free. No card needed to start.`,
    },
  },
  uxr: {
    id: 'uxr',
    path: '/ux-researchers',
    audience: 'For UX researchers',
    title: 'Verbatim for UX researchers — synthesis you can defend',
    headline: 'Synthesis you can defend in the readout.',
    subheadline:
      'Verbatim turns your interview transcripts into themed insights where every quote is the participant’s own words, linked to the interview, the speaker and the moment they said it.',
    pains: [
      {
        pain: 'A stakeholder asks who actually said that.',
        answer: 'Every quote carries its citation. Click it and the transcript opens at that passage, with the speaker named.',
      },
      {
        pain: 'Affinity mapping by hand eats the week after fieldwork.',
        answer: 'Insights arrive grouped into themes. Rename, merge and move them, then send the stickies to Miro or FigJam to keep workshopping.',
      },
      {
        pain: 'Your analysis lives in a QDA tool, not in a slide.',
        answer: 'Export a REFI-QDA project: transcripts as sources, themes as codes, every quote as a coded selection at its exact position.',
      },
      { pain: 'Participants trusted you with what they said.', answer: PRIVATE_CHOICE },
    ],
    proof: [
      'Quotes the analyser cannot find verbatim are dropped, and the app says how many.',
      'The interviewer’s words are never presented as a participant’s.',
      'Opens in NVivo, ATLAS.ti, MAXQDA and QualCoder through REFI-QDA (.qdpx).',
    ],
    cta: {
      heading: 'Bring your last study',
      body: `Upload up to ${PRICING.trialInterviews} interviews free and see what the themes look like with the evidence attached.`,
    },
  },
  consultant: {
    id: 'consultant',
    path: '/consultants',
    audience: 'For consultants',
    title: 'Verbatim for consultants — client-ready findings with the evidence attached',
    headline: 'Client-ready findings, with the evidence attached.',
    subheadline:
      'Go from stakeholder and customer interviews to a report and a slide deck your client can check line by line: every finding backed by quotes, every quote cited.',
    pains: [
      {
        pain: 'The deck takes longer than the interviews did.',
        answer: 'One click makes a Word report (summary, method, findings by theme, every quote cited) and a PowerPoint deck that never cuts a quote mid-word.',
      },
      {
        pain: 'A client pushes back on a finding.',
        answer: 'Show the words behind it: each insight lists its supporting quotes, each with the interview and speaker it came from.',
      },
      {
        pain: 'Clients want to see the work without a login.',
        answer: 'Turn on a read-only link to the project summary or the interview insights. Turn it off whenever you like; full transcripts are never on it.',
      },
      { pain: 'Engagements come with confidentiality terms.', answer: PRIVATE_CHOICE },
    ],
    proof: [
      'Reports open in Word, LibreOffice and Google Docs; decks in PowerPoint, Keynote and Google Slides.',
      'A long quote in a deck is shortened at a word and ends in an ellipsis (…), never reworded.',
      'Deleting a project removes its documents, insights and files.',
    ],
    cta: {
      heading: 'Run your next engagement through it',
      body: `Start with ${PRICING.trialInterviews} free interviews. Solo is ${PRICING.soloPrice}${PRICING.soloPeriod} for unlimited use; teams, talk to us.`,
    },
  },
  pm: {
    id: 'pm',
    path: '/pm',
    audience: 'For product managers',
    title: 'Verbatim for product managers — what customers said, word for word',
    headline: 'Hear what customers said, not what you hoped they said.',
    subheadline:
      'Verbatim pulls the pain points, needs and workarounds out of your customer interviews, with the customer’s exact words behind each one.',
    pains: [
      {
        pain: 'Call notes record what you remember, not what they said.',
        answer: 'Upload the transcript or the meeting captions. Every insight is built on quotes that appear word for word in it.',
      },
      {
        pain: 'Roadmap debates turn into hearsay about what one customer said.',
        answer: 'A theme × interview heatmap shows how many interviews back each theme, and the project summary pulls them together.',
      },
      {
        pain: 'There is no researcher to hand the synthesis to.',
        answer: 'Insights, themes and a summary without a research toolkit; share a read-only link or drop a deck into the planning review.',
      },
      { pain: 'Customer calls are full of names and emails.', answer: PRIVATE_CHOICE },
    ],
    proof: [
      'Reads meeting captions (.vtt, .srt) as well as documents and PDFs.',
      'Themes such as pain points, needs and wishes, workarounds and what works well.',
      'Quotes from caption files keep their timestamp.',
    ],
    cta: {
      heading: 'Put last month’s customer calls through it',
      body: `Your first ${PRICING.trialInterviews} interviews are free. No card needed to start.`,
    },
  },
  advariant: {
    id: 'advariant',
    path: '/modern-research',
    audience: 'Qualitative research, without the busywork',
    title: 'Verbatim — qualitative research without the copy and paste',
    headline: 'Qualitative research without the copy and paste.',
    subheadline:
      'Upload interviews; get themes, insights and a project summary; export a report, a deck or a whiteboard in one click. Every quote stays word for word and traceable.',
    pains: [
      {
        pain: 'Highlighting, copying and pasting quotes into a doc.',
        answer: 'Insights come with their supporting quotes already pulled out and cited. You keep the ones you want and edit the rest.',
      },
      {
        pain: 'Sticky-note walls that no one can trace back to a source.',
        answer: 'Every sticky Verbatim exports carries its quote’s citation, grouped by theme, ready for Miro or FigJam.',
      },
      { pain: 'AI tools that summarise nicely and misquote quietly.', answer: ANCHORING },
      { pain: 'Uploading interviews to yet another AI service.', answer: PRIVATE_CHOICE },
    ],
    proof: [
      'Word report, slide deck, whiteboard stickies, REFI-QDA project and a spreadsheet of every quote.',
      'Every citation names the interview and the speaker, and opens the exact passage.',
      'Share a read-only summary link; turn it off any time.',
    ],
    cta: {
      heading: 'See it on your own interviews',
      body: `${PRICING.trialInterviews} interviews free, then ${PRICING.soloPrice}${PRICING.soloPeriod} for unlimited use.`,
    },
  },
  agent: {
    id: 'agent',
    path: '/agents',
    audience: 'For teams trying AI for research synthesis',
    title: 'Verbatim — AI help with synthesis, without invented quotes',
    headline: 'AI help with synthesis, without invented quotes.',
    subheadline:
      'General-purpose assistants summarise interviews fluently and misquote them quietly. Verbatim checks every quote against the transcript before you see it, and sends nothing to an outside AI unless you ask it to.',
    pains: [
      {
        pain: 'A chatbot’s quote of something nobody actually said.',
        answer: 'Quotes are anchored to the transcript: the exact span, the speaker, the position. What cannot be found verbatim is dropped and counted.',
      },
      {
        pain: 'Pasting participants’ words into a general-purpose AI.',
        answer: PRIVATE_CHOICE,
      },
      {
        pain: 'An answer in a chat window is not a deliverable.',
        answer: 'Themes, insights and a project summary you can edit, then a report, a deck, whiteboard stickies or a REFI-QDA project in one click.',
      },
    ],
    proof: [
      'The interviewer’s words are never presented as a participant’s.',
      'Choose the analysis per project: Verbatim only, or Google Gemini with redaction.',
      'Each interview says which analyser read it and how many quotes were dropped.',
    ],
    voice: {
      text: 'It can identify stuff, but the synopses that it provides are often missing key details and misquoting information.',
      who: 'A scientist describing AI literature tools, in a public interview from Anthropic’s Interviewer study (not a Verbatim user)',
    },
    cta: {
      heading: 'Let it draft; keep the quotes honest',
      body: `Try it on ${PRICING.trialInterviews} interviews free. No card needed to start.`,
    },
  },
};

/** Every landing page, in the order the tests visit them. */
export const PERSONA_LIST: readonly PersonaConfig[] = Object.values(PERSONAS);
