/**
 * A text selection in the transcript, mapped back to offsets into the stored text. The transcript view renders
 * each turn as a `[data-turn]` element (its start and end in `data-turn` / `data-turn-end`) holding leaf elements
 * `[data-o][data-e]`, each with exactly `text.slice(o, e)` as its only text node. A DOM point (node, offset) is
 * then an offset into the stored text without any guessing from the visible string.
 */

/** What of a DOM node these helpers read; real DOM nodes have it, and tests can fake it. */
export interface NodeLike {
  nodeType: number;
  parentNode: NodeLike | null;
  childNodes: ArrayLike<NodeLike>;
  getAttribute?(name: string): string | null;
}

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

function leafBounds(node: NodeLike): { start: number; end: number } | null {
  if (node.nodeType !== ELEMENT_NODE || !node.getAttribute) return null;
  const o = node.getAttribute('data-o');
  const e = node.getAttribute('data-e');
  if (o === null || e === null) return null;
  const start = Number(o);
  const end = Number(e);
  return Number.isInteger(start) && Number.isInteger(end) && end >= start ? { start, end } : null;
}

/** The first (or last) text offset inside a node: its own leaf, or the first (last) leaf among its descendants. */
function edgeOffset(node: NodeLike, edge: 'first' | 'last'): number | null {
  const own = leafBounds(node);
  if (own) return edge === 'first' ? own.start : own.end;
  const children = Array.from(node.childNodes);
  if (edge === 'last') children.reverse();
  for (const child of children) {
    const found = edgeOffset(child, edge);
    if (found !== null) return found;
  }
  return null;
}

/**
 * The stored-text offset of a DOM point inside a turn's text, or null when the point is not inside one (a
 * speaker label, the space between turns): then the caller takes the turn's own edge.
 */
export function pointToOffset(node: NodeLike, offset: number): number | null {
  if (node.nodeType === TEXT_NODE) {
    const leaf = node.parentNode ? leafBounds(node.parentNode) : null;
    if (!leaf) return null;
    return Math.min(leaf.start + offset, leaf.end);
  }
  const leaf = leafBounds(node);
  if (leaf) return offset <= 0 ? leaf.start : leaf.end;
  const children = node.childNodes;
  for (let i = offset; i < children.length; i++) {
    const found = edgeOffset(children[i], 'first');
    if (found !== null) return found;
  }
  for (let i = Math.min(offset, children.length) - 1; i >= 0; i--) {
    const found = edgeOffset(children[i], 'last');
    if (found !== null) return found;
  }
  return null;
}

/** The part of one turn a selection covers. */
export interface SelectionPiece {
  turnStart: number;
  turnEnd: number;
  start: number;
  end: number;
}

export type ResolvedSelection =
  | { kind: 'empty' }
  | { kind: 'crosses'; turns: number }
  | { kind: 'passage'; start: number; end: number; turnStart: number };

const SPACE = /\s/;
const WORD = /[\p{L}\p{N}\p{M}'’_-]/u;

/**
 * What a selection is: words of exactly one turn (spaces at either end left out, and a word cut by either end
 * taken whole, as a quote never starts or ends inside a word), nothing, or words of several turns (a quote is a
 * span of one turn). Pieces covering only spaces do not count as a turn.
 */
export function resolveSelection(pieces: readonly SelectionPiece[], text: string): ResolvedSelection {
  const found: { start: number; end: number; turnStart: number }[] = [];
  for (const piece of pieces) {
    let start = Math.max(piece.turnStart, Math.min(piece.start, piece.end));
    let end = Math.min(piece.turnEnd, Math.max(piece.start, piece.end));
    while (start < end && SPACE.test(text[start])) start++;
    while (end > start && SPACE.test(text[end - 1])) end--;
    if (end <= start) continue;
    while (start > piece.turnStart && WORD.test(text[start]) && WORD.test(text[start - 1])) start--;
    while (end < piece.turnEnd && WORD.test(text[end - 1]) && WORD.test(text[end])) end++;
    found.push({ start, end, turnStart: piece.turnStart });
  }
  if (found.length === 0) return { kind: 'empty' };
  if (found.length > 1) return { kind: 'crosses', turns: found.length };
  return { kind: 'passage', ...found[0] };
}

/** The turns' elements a DOM range touches, as pieces (browser only). */
export function selectionPieces(range: Range, root: Element): SelectionPiece[] {
  const pieces: SelectionPiece[] = [];
  for (const el of root.querySelectorAll<HTMLElement>('[data-turn]')) {
    if (!range.intersectsNode(el)) continue;
    const turnStart = Number(el.dataset.turn);
    const turnEnd = Number(el.dataset.turnEnd);
    const start = el.contains(range.startContainer) ? (pointToOffset(range.startContainer, range.startOffset) ?? turnStart) : turnStart;
    const end = el.contains(range.endContainer) ? (pointToOffset(range.endContainer, range.endOffset) ?? turnEnd) : turnEnd;
    pieces.push({ turnStart, turnEnd, start, end });
  }
  return pieces;
}
