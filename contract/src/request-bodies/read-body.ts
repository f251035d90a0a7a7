/** Reading a request body with its schema: the value as read, or the first rule it breaks and that rule's sentence. */
import { z } from 'zod';
import { AppError } from '../app-error';

/** A schema's verdict: the value as read, or the first thing wrong with it (its field and sentence). */
export type BodyParse<T> = { ok: true; value: T } | { ok: false; field: string; message: string };

/** Reads `body` with `schema`; the first broken rule, in the schema's field order, says what is wrong. */
export function readBody<T>(schema: z.ZodType<T>, body: unknown): BodyParse<T> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  return { ok: false, field: issue.path.length > 0 ? String(issue.path[0]) : 'body', message: issue.message };
}

/** The body as `schema` reads it, or an `invalid` AppError (400) with the first broken rule's sentence. */
export function requireBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const read = readBody(schema, body);
  if (!read.ok) throw new AppError('invalid', read.message);
  return read.value;
}

/** A string, trimmed; `message` when it is not a string. */
export const trimmedString = (message: string) => z.string({ error: message }).trim();
