import { uniqueNames } from './unique-names';

export interface CodeBookEntry {
  name: string;
  tags: readonly string[];
}

/**
 * Code names for the code book (themes, each with its tags) that never repeat: a QDA tool may keep one code per
 * name (QualCoder does: a second "data" code is not added and its codings keep no code). A tag already named
 * earlier in the book (the same tag under two themes, or a tag named like a theme) is named with its theme,
 * "data (Trust in AI tools)"; any clash left gets a number (see uniqueNames). Returns the names in the same shape.
 */
export function codeBookNames(themes: readonly CodeBookEntry[]): Array<{ name: string; tags: string[] }> {
  const key = (name: string) => name.trim().toLocaleLowerCase('en');
  const seen = new Set<string>();
  const wanted = themes.flatMap((theme) => {
    seen.add(key(theme.name));
    return [
      theme.name,
      ...theme.tags.map((tag) => {
        const name = seen.has(key(tag)) ? `${tag} (${theme.name})` : tag;
        seen.add(key(tag));
        return name;
      }),
    ];
  });
  const names = uniqueNames(wanted);
  let next = 0;
  return themes.map((theme) => ({ name: names[next++], tags: theme.tags.map(() => names[next++]) }));
}
