/**
 * How one stored field is read, for the contract's readers of stored data (`project-data.ts`, `insight-data.ts`):
 * what is missing or of the wrong type reads as empty, never as a guess.
 */

/** A stored timestamp → a Date; null for what is not a timestamp. Each SDK passes its own (each has its own Timestamp). */
export type ToDate = (value: unknown) => Date | null;

export type Data = Record<string, unknown>;

const EPOCH = 0;

export const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
export const str = (value: unknown) => (typeof value === 'string' ? value : '');
export const strOrNull = (value: unknown) => (typeof value === 'string' ? value : null);
/** A string that says something, or null (an empty one says nothing). */
export const nonEmptyOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
export const record = (value: unknown): Data => (value && typeof value === 'object' ? (value as Data) : {});
/** The objects of a stored array (anything else in it left out). */
export const records = (value: unknown): Data[] => (Array.isArray(value) ? value.filter((v): v is Data => typeof v === 'object' && v !== null) : []);
/** The strings of a stored array (anything else in it left out). */
export const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
/** A required timestamp: the epoch when there is none. */
export const dateOrEpoch = (value: unknown, toDate: ToDate) => toDate(value) ?? new Date(EPOCH);
