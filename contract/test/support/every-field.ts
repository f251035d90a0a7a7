/**
 * A type with every field, at every depth, required and not null: a record typed with it must set every field the
 * contract declares, so a field added to the type (or to what it holds) stops the test that uses it from type-checking
 * until it is given a value there, and then the reading under test must return it.
 */
export type EveryField<T> = T extends Date
  ? T
  : T extends readonly (infer U)[]
    ? EveryField<U>[]
    : T extends object
      ? { [K in keyof T]-?: EveryField<NonNullable<T[K]>> }
      : T;
