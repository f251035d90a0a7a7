/**
 * Names that stay distinct in any QDA tool: the first use of a name keeps it, each later one gets the first free
 * " (2)", " (3)"… suffix. Names are compared trimmed and without regard to case (a tool may treat "Tool" and "tool"
 * as one), and a suffixed name never takes a name used later in the list. Deterministic: the same list in the same
 * order gives the same names.
 */
export function uniqueNames(names: readonly string[]): string[] {
  const key = (name: string) => name.trim().toLocaleLowerCase('en');
  const taken = new Set(names.map(key));
  const used = new Set<string>();
  return names.map((name) => {
    let unique = name;
    if (used.has(key(name))) {
      const base = name.trim();
      let n = 2;
      while (taken.has(key(`${base} (${n})`)) || used.has(key(`${base} (${n})`))) n++;
      unique = `${base} (${n})`;
    }
    used.add(key(unique));
    return unique;
  });
}
