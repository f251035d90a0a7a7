import { plural } from '@verbatim/contract/plural';
import { tagKey } from '@verbatim/contract/themes';

/** How the board and the public pages name their theme sections and the row of links to them. Pure. */

/** "12 insights. Jump to theme:" (one insight: "1 insight. Jump to theme:"). */
export function jumpHeading(count: number): string {
  return `${plural(count, 'insight')}. Jump to theme:`;
}

/** A stable, URL-safe element id for the section of the `index`-th theme (counted from 0): "theme-1-pain-points". */
export function themeSectionId(theme: string, index: number): string {
  const slug = tagKey(theme)
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  return `theme-${index + 1}${slug ? `-${slug}` : ''}`;
}
