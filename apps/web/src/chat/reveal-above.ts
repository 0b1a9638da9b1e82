/**
 * @module Scrolling a chat message into view above the sticky message box: the whole message when
 * it fits between the top of the window and the box, else its start (a long reply with dataset
 * cards is read from the top). `scrollIntoView` cannot do this: it knows nothing of the box
 * that covers the bottom of the window.
 */

/** Pixels kept free between the message and the window's top or the box. */
export const revealMarginPx = 8;

export function revealAbove(element: HTMLElement, composer: HTMLElement): void {
  const box = element.getBoundingClientRect();
  const visibleBottom = composer.getBoundingClientRect().top - revealMarginPx;
  if (box.top >= 0 && box.bottom <= visibleBottom) return;
  const toShowEnd = box.bottom - visibleBottom;
  const toShowStart = box.top - revealMarginPx;
  window.scrollBy({ top: Math.min(toShowEnd, toShowStart) });
}
