/**
 * Tables that say, for every field of a type, whether it goes somewhere (a public page, an export). Written with
 * `satisfies Record<keyof T, boolean>`, a table stops compiling when the type gains a field it does not decide on, so a
 * new field is never dropped, nor sent, without someone saying so.
 */
export type FieldTable<T> = { readonly [K in keyof T]-?: boolean };

/** The fields a table marks `true`. */
export type ChosenFields<T, Table extends FieldTable<T>> = { [K in keyof T]-?: Table[K] extends true ? K : never }[keyof T];

/** The value's fields that the table marks `true`, and no other. */
export function pickFields<T extends object, Table extends FieldTable<T>>(value: T, table: Table): Pick<T, ChosenFields<T, Table>> {
  const out: Partial<T> = {};
  for (const key of Object.keys(table) as (keyof T)[]) if (table[key] && value[key] !== undefined) out[key] = value[key];
  return out as Pick<T, ChosenFields<T, Table>>;
}
