import type { Page } from 'playwright-core';

/** A phone's screen, as the layout checks use it (an iPhone 12 to 15's width). */
export const PHONE = { width: 390, height: 844 } as const;

/** Elements reaching past the right edge of the window (nothing should, on a phone). */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out = [...document.querySelectorAll('body *')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.right <= width + 1) return false;
        // Inside a box that scrolls sideways on purpose (the heatmap), or clipped: not an overflow of the page.
        for (let p = el.parentElement; p; p = p.parentElement) {
          const o = getComputedStyle(p).overflowX;
          if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') return false;
        }
        return true;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]} → ${Math.round(el.getBoundingClientRect().right)}`);
    return document.documentElement.scrollWidth > width ? [`scrollWidth ${document.documentElement.scrollWidth}`, ...out.slice(0, 8)] : [];
  });
}

/**
 * What a thumb would trip over on the page as it is now, one line each: a control under 44 px tall (the target size
 * WCAG 2.5.5 asks for; a link inside a sentence excepted, as WCAG excepts it), a control within 8 px of the screen's
 * edge, a button squeezed until its label breaks over lines. A checkbox or radio button is measured by the label
 * around it.
 */
export function phoneLayoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const MIN_TARGET = 44;
    const EDGE = 8;
    const width = document.documentElement.clientWidth;
    const CONTROLS = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])';
    const controls = document.querySelectorAll<HTMLElement>(CONTROLS);
    const name = (el: Element) => {
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim() || el.getAttribute('aria-label') || el.getAttribute('name') || '';
      return `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]} "${text.slice(0, 30)}"`;
    };
    const inScroller = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o === 'auto' || o === 'scroll') return true;
      }
      return false;
    };
    /** A link, a link-styled button or a marked passage inside a sentence: inline, in a block with words of its own. */
    const inSentence = (el: Element) => {
      if (!['inline', 'inline-block'].includes(getComputedStyle(el).display)) return false;
      let block = el.parentElement;
      while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
      if (!block) return false;
      const own = block.cloneNode(true) as Element;
      for (const control of own.querySelectorAll(CONTROLS)) control.remove();
      return /\w/.test(own.textContent ?? '');
    };
    /** Whether a control is narrower than the room its container gives it (so a label that wraps was squeezed). */
    const squeezed = (el: HTMLElement) => {
      const parent = el.parentElement;
      if (!parent) return false;
      const p = getComputedStyle(parent);
      return el.getBoundingClientRect().width < parent.clientWidth - parseFloat(p.paddingLeft) - parseFloat(p.paddingRight) - 1;
    };
    /** How many lines the element's text takes (text fragments whose tops differ by more than a few pixels). */
    const lines = (el: Element) => {
      const tops: number[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.width > 0 && !tops.some((top) => Math.abs(top - rect.top) < 6)) tops.push(rect.top);
      }
      return tops.length;
    };
    const problems: string[] = [];
    for (const control of controls) {
      const choice = control.matches('input[type="checkbox"], input[type="radio"]') ? control.closest('label') : null;
      const target = choice ?? control;
      const r = target.getBoundingClientRect();
      const style = getComputedStyle(control);
      // Not shown, or shown to screen readers only.
      if (r.width <= 1 || r.height <= 1 || style.visibility === 'hidden' || style.opacity === '0') continue;
      if (r.height < MIN_TARGET - 0.5 && !inSentence(target)) problems.push(`${name(control)}: ${Math.round(r.height)} px tall`);
      if ((r.left < EDGE || r.right > width - EDGE) && !inScroller(target)) problems.push(`${name(control)}: ${Math.round(r.left)}–${Math.round(r.right)} px, at the edge`);
      if (control.matches('.button, .project-tabs__tab, .board-tabs__tab') && lines(control) > 1 && squeezed(control)) {
        problems.push(`${name(control)}: its label takes ${lines(control)} lines`);
      }
    }
    return problems;
  });
}
