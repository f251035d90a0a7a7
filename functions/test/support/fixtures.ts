import { readFileSync } from 'node:fs';

const DIR = new URL('../fixtures/transcripts/', import.meta.url);

/** A shared transcript fixture's bytes (see fixtures/transcripts/MANIFEST.md). */
export function fixture(name: string): Buffer {
  return readFileSync(new URL(name, DIR));
}

/**
 * A short interview whose speakers' roles the parser is sure of (one asks, one answers), for tests about what happens
 * to any upload. The focus-group fixture has no interviewer, so it waits for its owner to check the roles instead.
 */
export function smallInterview(): Buffer {
  return Buffer.from(
    [
      'Interviewer: How did the history course go for you this semester?',
      'Participant: I like the course. It really helped me with understanding the past and gave me an insight into how people coped with the complexities of life.',
      'Interviewer: What was hard about it?',
      'Participant: I am struggling with the lecture slides. I felt that they were too busy and I switched off. There were also too many assignments for the short semester, and they were too long.',
      'Interviewer: Did the assignments help you learn?',
      'Participant: Yes, they made me work hard to learn about the different periods of history. I think it paid off, and it will be good for my career at the museum.',
    ].join('\n\n'),
  );
}

/** Two people trading stories (Maya and Tom): neither asks, so nobody stands out as the interviewer. */
export function twoStorytellers(): Buffer {
  return Buffer.from(
    [
      'Maya: I moved our whole team onto the new planning board last spring. The first week was rough because nobody trusted the automatic reminders, so people kept their own spreadsheets on the side.',
      'Tom: That matches what happened at my clinic. We switched the booking system in January and the nurses kept a paper diary for a month, because the reminders went out at the wrong hour and patients turned up early.',
      'Maya: What finally won people over was the weekly summary email. Once the managers saw every late task in one place, they stopped asking for the spreadsheets and started using the board in meetings.',
      'Tom: For us the turning point was the waiting list. The old system lost cancellations, and the new one filled every cancelled slot within an hour. The receptionists told me it saved them two hours a day of phoning people.',
      'Maya: I still find the export frustrating. When I send the board to finance, the dates come out in the American format and I have to fix every row by hand before the quarterly report.',
      'Tom: The export is the worst part for me too. I copy the monthly figures into our own template, and the totals never match because the cancelled visits are counted twice in the download.',
      'Maya: Pricing was the other worry. We pay per seat, and every time a contractor joins for a week I have to decide whether the seat is worth it, which feels like a tax on collaboration.',
      'Tom: We had the same problem with seasonal staff. In the summer we add six temporary nurses, and the licence cost for them was higher than their training budget, so some of them shared a login, which the auditors did not like at all.',
    ].join('\n'),
  );
}
