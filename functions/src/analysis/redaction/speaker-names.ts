/**
 * Which speaker labels are person names worth redacting. Role labels ("Interviewer", "P1", "Speaker 2", "User",
 * "[id1]", "Unknown speaker") are not; "Maria Silva" is, and so are "Maria" and "Silva" on their own, since a
 * transcript usually mentions people by first name.
 */
const ROLE_WORDS = new Set([
  'interviewer', 'interviewee', 'participant', 'respondent', 'moderator', 'facilitator', 'researcher', 'speaker',
  'user', 'assistant', 'ai', 'host', 'guest', 'customer', 'client', 'student', 'teacher', 'unknown', 'narrator',
  'audience', 'person', 'voice', 'caller', 'agent', 'q', 'a', 'question', 'answer', 'entrevistador', 'entrevistado',
  'participante', 'usuário', 'usuario', 'pesquisador', 'pesquisadora', 'id', 'int', 'intv', 'mod', 'resp', 'part', 'spk',
]);
const PARTICLES = new Set(['da', 'de', 'do', 'dos', 'das', 'del', 'della', 'di', 'du', 'la', 'le', 'van', 'von', 'der', 'den']);

function words(label: string): string[] {
  return label.split(/[^\p{L}\p{N}'’-]+/u).filter((w) => w.length > 0);
}

function isRoleLabel(label: string): boolean {
  const parts = words(label.toLowerCase());
  if (parts.length === 0) return true;
  // "P1", "S2", "R10", "id3", or role words with numbers ("Speaker 2", "Participant A").
  return parts.every((part) => ROLE_WORDS.has(part) || /^\p{L}{0,3}\d+$/u.test(part) || /^[a-z]$/.test(part));
}

/** Labels and aliases that name people, plus their capitalised words (first and last names). */
export function speakerNameCandidates(speakers: readonly { label: string; aliases: readonly string[] }[]): string[] {
  const out = new Set<string>();
  for (const speaker of speakers) {
    for (const label of [speaker.label, ...speaker.aliases]) {
      const trimmed = label.trim();
      if (isRoleLabel(trimmed)) continue;
      out.add(trimmed);
      for (const part of words(trimmed)) {
        if (part.length >= 2 && /^\p{Lu}/u.test(part) && !PARTICLES.has(part.toLowerCase()) && !ROLE_WORDS.has(part.toLowerCase())) {
          out.add(part);
        }
      }
    }
  }
  return [...out];
}
