/**
 * Bounds on what reaches a text library: over-long runs read past, passages of bounded length, and shared library
 * instances rebuilt when a call breaks them. Pure.
 */
export { boundedPassages } from './bounded-passages';
export { hasOverlongRun, maskOverlongRuns, overlongRuns, overlongShare, type TextSpan } from './overlong-runs';
export { RenewableInstance } from './renewable-instance';
