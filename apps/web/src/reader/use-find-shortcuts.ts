/**
 * @module The reader's find shortcuts: Ctrl+F (⌘F on a Mac) and `/` focus the reader's question
 * box and select what is in it, instead of the browser's own find, which knows only exact text.
 * `/` is left alone while the user is typing somewhere.
 */
import { useEffect } from 'react';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

export function isFindShortcut(event: KeyboardEvent): boolean {
  if (event.altKey || event.shiftKey) return false;
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'f') return true;
  return event.key === '/' && !event.ctrlKey && !event.metaKey && !isTyping(event.target);
}

/** While mounted, the shortcuts focus the input with id `inputId`. */
export function useFindShortcuts(inputId: string): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isFindShortcut(event)) return;
      const input = document.getElementById(inputId);
      if (!(input instanceof HTMLInputElement)) return;
      event.preventDefault();
      input.focus();
      input.select();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [inputId]);
}
