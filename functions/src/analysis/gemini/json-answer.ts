/**
 * Reading a model's JSON answer with a zod schema: the value as read, or the first thing wrong with it, said with its
 * place in the answer ("insights[0].quotes has 6 items (at most 5)"). A list is judged (type, length) before its
 * items, and an object's fields in the schema's order, so the problem named is the first one met reading the answer
 * from the top. Fields the schema does not know are left out of the value.
 */
import { z } from '@verbatim/contract/zod';

export type JsonAnswerReading<T> = { ok: true; value: T } | { ok: false; problem: string };

/** Reads one answer's text; never throws. */
export function readJsonAnswer<T>(schema: z.ZodType<T>, answerText: string | undefined): JsonAnswerReading<T> {
  if (answerText === undefined || answerText.trim() === '') return { ok: false, problem: 'the answer has no text' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(answerText);
  } catch {
    return { ok: false, problem: 'the answer is not valid JSON' };
  }
  const result = schema.safeParse(parsed);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  return { ok: false, problem: `${placeOf(issue.path)} ${issue.message}` };
}

/** `insights[0].quotes[1].text`; the answer itself is `answer`. */
export function placeOf(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'answer';
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? String(key) : `.${String(key)}`)).join('');
}

/** An object with these fields, read in this order. */
export const answerObject = <Shape extends z.ZodRawShape>(shape: Shape) => z.object(shape, { error: 'is not an object' });

/** A string, as sent. */
export const answerString = () => z.string({ error: 'is not a string' });

/** At most `max` characters (once trimmed, when the string is). */
export const atMost = (max: number) => ({ error: (issue: { input?: unknown }) => `is ${String(issue.input).length} characters long (at most ${max})` });

/** A label: a string with words in it, trimmed, at most `max` characters. */
export const answerLabel = (max: number) => answerString().trim().min(1, { error: 'is empty' }).max(max, atMost(max));

/** A list of `min` to `max` items, its length judged before its items are read. */
export function answerList<Item extends z.ZodType>(item: Item, max: number, min = 0) {
  const count = (issue: { input?: unknown }) => (Array.isArray(issue.input) ? issue.input.length : 0);
  return z
    .array(z.unknown(), { error: 'is not an array' })
    .max(max, { error: (issue) => `has ${count(issue)} items (at most ${max})` })
    .min(min, { error: (issue) => `has ${count(issue)} items (at least ${min})` })
    .pipe(z.array(item));
}
