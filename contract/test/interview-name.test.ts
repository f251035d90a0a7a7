import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dateIn, fileStem, proposeInterviewName } from '../src/interview-name';

const fixture = (name: string) => readFileSync(new URL(`../../functions/test/fixtures/transcripts/${name}`, import.meta.url), 'utf8');
const propose = (name: string) => proposeInterviewName(name, fixture(name)).name;

describe('the name proposed for an uploaded interview', () => {
  it('is the participant’s, never the interviewer’s, in the real transcripts', () => {
    // Adam Stacoviak asks; Jack Dorsey answers (a Markdown transcript, labels in bold).
    expect(propose('10_changelog_founders-talk-91.md')).toBe('Jack Dorsey');
    // Subtitles whose labels stand alone on their lines, none of their turns a question: who interviews cannot be told,
    // so no one is named (it could be the interviewer).
    expect(propose('06_gvc_eBay-FarhangKassei-Interview-v4.srt')).toBe('06 gvc eBay-FarhangKassei-Interview-v4');
    // Labels that only say "User" (and the interviewer "AI"): the file's name without its extension.
    expect(propose('04_anthropic-interviewer_science_0012.txt')).toBe('04 anthropic-interviewer science 0012');
    // A focus group is not named after one of its members.
    expect(propose('14_qualcoder_transcript_focus-group.txt')).toBe('14 qualcoder transcript focus-group');
    // Numbered questions ("Pergunta 1:") are not speakers; the file's name says P1.
    expect(propose('05_raise_Exp_P1_usability-think-aloud_pt-BR.txt')).toBe('P1');
  });

  it('takes a participant’s label from the file name when the file cannot be read in the browser (PDF, Word)', () => {
    expect(proposeInterviewName('01_pdpilot_P2_user-study-interview.pdf').name).toBe('P2');
    expect(proposeInterviewName('Participant-12 notes.docx').name).toBe('Participant 12');
  });

  it('adds the day found in the file’s name or the transcript’s header', () => {
    const text = 'Date: 12 March 2024\n\nInterviewer: How do you plan a study?\nDana Whitfield: I start from the decision it should inform.\nInterviewer: And then?\nDana Whitfield: Then I pick who to ask, and how many.\n';
    expect(proposeInterviewName('interview.txt', text)).toEqual({ name: 'Dana Whitfield · 12 Mar 2024', participant: 'Dana Whitfield', date: '12 Mar 2024' });
    const vtt = 'WEBVTT\n\n00:00.000 --> 00:02.000\n<v Moderator>What was hard?\n\n00:02.000 --> 00:09.000\n<v Participant 3>Finding the export button, every single time.\n';
    expect(proposeInterviewName('call_2024-03-12.vtt', vtt).name).toBe('Participant 3 · 12 Mar 2024');
    // No participant: the file's stem, with the day unless it already says it.
    expect(proposeInterviewName('interview.vtt', 'WEBVTT\n\nNOTE recorded March 5, 2025\n').name).toBe('interview · 5 Mar 2025');
    expect(proposeInterviewName('kickoff 2025-03-05.txt').name).toBe('kickoff 2025-03-05');
  });

  it('tells the interviewer by the questions asked when no label says so', () => {
    const text = 'Sam: How did you find the onboarding?\nAlex: Slow. The first screen asked for things I did not have yet, so I left and came back a week later.\nSam: What would have helped?\nAlex: A way to skip and fill it in later.\n';
    expect(proposeInterviewName('session.txt', text).name).toBe('Alex');
    // Two people telling stories, neither asking: neither is named.
    const stories = 'Maya: We moved the team onto the board.\nTom: We switched the booking system.\nMaya: The summary email won people over.\nTom: The waiting list did it for us.\n';
    expect(proposeInterviewName('catch-up.txt', stories).name).toBe('catch-up');
    expect(proposeInterviewName('session.txt', '[00:00:03] Speaker 1: Why?\n[00:00:05] Speaker 2: Because it is slow, that is why.\n[00:00:09] Speaker 1: When?\n[00:00:11] Speaker 2: Every morning.\n').name).toBe('session');
  });

  it('reads a date only where it is one day', () => {
    expect(dateIn('notes 2024_11_03')).toBe('3 Nov 2024');
    expect(dateIn('20240229 call')).toBe('29 Feb 2024');
    expect(dateIn('20230229 call')).toBeNull();
    expect(dateIn('03/04/2024')).toBeNull();
    expect(dateIn('13/04/2024')).toBe('13 Apr 2024');
    expect(dateIn('Oct 7th, 2025')).toBe('7 Oct 2025');
    expect(dateIn('version 12')).toBeNull();
  });

  it('falls back to the file’s name without its extension', () => {
    expect(fileStem('interview.vtt')).toBe('interview');
    expect(fileStem('my_call__final.docx')).toBe('my call final');
    expect(proposeInterviewName('interview.vtt').name).toBe('interview');
  });
});
