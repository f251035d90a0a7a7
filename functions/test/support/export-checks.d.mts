import type { Insight } from '@verbatim/contract/insight';
import type { ParsedTranscript } from '@verbatim/contract/transcript';

export interface ExportExpectation {
  labelPattern: string | null;
  speakers?: readonly string[];
  roles?: Readonly<Record<string, string>>;
}

export interface ExportCheck {
  labels: string[];
  missingSpeakers: string[];
  extraSpeakers: string[];
  wrongRoles: string[];
  turns: number;
  timeMarks: number;
  asksAboutRoles: boolean;
  labelsInText: string[];
  stampsInText: string[];
  /** Lines of a turn that are only a caption's counter. */
  countersInText: string[];
  /** Quotes that open on a mark or a time rather than the speaker's words. */
  markStarts: string[];
  quotes: number;
  misattributed: string[];
  unfound: string[];
}

export function wordsOf(text: string): string[];
export function bareName(written: string): string;
export function checkExport(input: {
  raw: string;
  parsed: ParsedTranscript;
  insights: readonly Pick<Insight, 'quotes'>[];
  expected: ExportExpectation;
}): ExportCheck;
