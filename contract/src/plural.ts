/** "1 interview", "2 interviews", "4,805 words": a count with its noun, the number grouped by thousands. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}
