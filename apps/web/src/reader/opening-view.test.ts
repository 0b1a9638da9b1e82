import { describe, expect, it } from 'vitest';
import { openingView, requestedView, textViewBelowWidthPx } from './opening-view';

describe('the view the reader opens in', () => {
  it('shows a kept PDF on a wide screen and the text on a phone', () => {
    expect(openingView({ requested: null, hasPdf: true, windowWidth: 1280 })).toBe('pdf');
    expect(openingView({ requested: null, hasPdf: true, windowWidth: 390 })).toBe('text');
  });

  it('switches at the named breakpoint', () => {
    const at = (windowWidth: number) => openingView({ requested: null, hasPdf: true, windowWidth });
    expect(at(textViewBelowWidthPx - 1)).toBe('text');
    expect(at(textViewBelowWidthPx)).toBe('pdf');
  });

  it('keeps the view the address asks for, on any screen', () => {
    expect(openingView({ requested: 'pdf', hasPdf: true, windowWidth: 390 })).toBe('pdf');
    expect(openingView({ requested: 'text', hasPdf: true, windowWidth: 1280 })).toBe('text');
  });

  it('shows the text when no PDF was kept, whatever is asked', () => {
    expect(openingView({ requested: 'pdf', hasPdf: false, windowWidth: 1280 })).toBe('text');
  });

  it('reads ?view= from the address, ignoring other values', () => {
    expect(requestedView('?q=rate&view=pdf')).toBe('pdf');
    expect(requestedView('?view=text')).toBe('text');
    expect(requestedView('?view=slides')).toBeNull();
    expect(requestedView('')).toBeNull();
  });
});
