/** PII redaction for text sent to a model. Pure: no Firebase imports. */
export { redactPii, type PiiCounts, type PiiKind, type Redaction, type Replacement } from './redact-pii';
export { speakerNameCandidates } from './speaker-names';
export { findEmails, findPhones, type TextSpan } from './pii-patterns';
