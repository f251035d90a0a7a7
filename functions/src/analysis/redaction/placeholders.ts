/**
 * Stable placeholders: the same original string always gets the same placeholder (`[EMAIL_1]`, `[PHONE_2]`,
 * `[NAME_3]`), numbered per kind in order of first use, skipping any placeholder that already occurs in the text.
 */
export type PiiKind = 'email' | 'phone' | 'name';

const PREFIX: Record<PiiKind, string> = { email: 'EMAIL', phone: 'PHONE', name: 'NAME' };
const KIND_OF_PREFIX: Record<string, PiiKind> = { EMAIL: 'email', PHONE: 'phone', NAME: 'name' };

/** A placeholder as a model may echo it: brackets, kind, number; case and inner spaces tolerated. */
const PLACEHOLDER = /\[\s*(EMAIL|PHONE|NAME)_(\d+)\s*\]/gi;

export class PlaceholderRegistry {
  private readonly byOriginal = new Map<string, string>();
  private readonly byPlaceholder = new Map<string, string>();
  private readonly next: Record<PiiKind, number> = { email: 1, phone: 1, name: 1 };

  constructor(private readonly sourceText: string) {}

  placeholderFor(kind: PiiKind, original: string): string {
    const key = `${kind}\u0000${original}`;
    const known = this.byOriginal.get(key);
    if (known) return known;
    let placeholder: string;
    do {
      placeholder = `[${PREFIX[kind]}_${this.next[kind]}]`;
      this.next[kind] += 1;
    } while (this.sourceText.includes(placeholder));
    this.byOriginal.set(key, placeholder);
    this.byPlaceholder.set(placeholder, original);
    return placeholder;
  }

  /** Originals of a kind, longest first (so "Maria Silva" is matched before "Maria"). */
  originals(kind: PiiKind): string[] {
    const prefix = `${kind}\u0000`;
    return [...this.byOriginal.keys()]
      .filter((key) => key.startsWith(prefix))
      .map((key) => key.slice(prefix.length))
      .sort((a, b) => b.length - a.length);
  }

  /** Puts the originals back for every placeholder this registry issued; others are left as they are. */
  restore(text: string): string {
    return text.replace(PLACEHOLDER, (match, prefix: string, n: string) => {
      const kind = KIND_OF_PREFIX[prefix.toUpperCase()];
      if (!kind) return match;
      return this.byPlaceholder.get(`[${PREFIX[kind]}_${Number(n)}]`) ?? match;
    });
  }
}
