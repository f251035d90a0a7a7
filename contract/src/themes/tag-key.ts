/** How tags and theme labels are compared: case-insensitive, ignoring surrounding spaces. */
export function tagKey(tag: string): string {
  return tag.trim().toLowerCase();
}

/** The label shown for an insight whose tag matches no theme. */
export const OTHER_THEME = 'Other';
