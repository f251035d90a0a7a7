// A synthetic interview for the search tests: questions and answers rotating through a few sentences.

export const SAY = [
  'Onboarding was confusing and the setup wizard lost my settings twice.',
  'I never trust the totals until I check them against my own spreadsheet.',
  'The reports are often wrong, so I redo the sums by hand every Monday.',
  'We paste screenshots into a slide deck every Friday for the managers.',
  'Exporting to Excel takes ages and the charts break when I open them.',
  'My team argues about which numbers are the real ones before every meeting.',
  'I learned the new dashboard from a video a colleague recorded for us.',
  'Pricing felt fair at first, but the extra seats made it expensive quickly.',
];
const ASK = ['How did you start?', 'What happens next?', 'Can you say more about that?', 'Why?'];

/** Interview `k`: questions and answers rotating through SAY, `rounds` answers long, 3 sentences each. */
export function syntheticInterview(k: number, rounds: number) {
  const turns: Array<{ speaker: string; start: number; end: number; ts?: number }> = [];
  let text = '';
  for (let r = 0; r < rounds; r++) {
    for (const [speaker, said] of [
      ['Interviewer', ASK[(k + r) % ASK.length]],
      [`Participant ${k}`, [0, 1, 2].map((s) => SAY[(k * 3 + r + s * 5) % SAY.length]).join(' ')],
    ] as const) {
      if (text) text += '\n\n';
      turns.push({ speaker, start: text.length, end: text.length + said.length, ts: r * 30 });
      text += said;
    }
  }
  return { text, turns, labels: ['Interviewer', `Participant ${k}`] };
}
