/**
 * @module A small client-side router over the History API: the current location as state,
 * `navigate` for programmatic moves and `Link` for same-app anchors (modifier clicks still open a
 * new tab). Enough for five pages; no routing library in the bundle.
 */
import { useEffect, useState } from 'react';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';

export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
}

const changeEvent = 'quarry:navigate';

function readLocation(): AppLocation {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

export function navigate(href: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', href);
  else window.history.pushState(null, '', href);
  window.dispatchEvent(new Event(changeEvent));
}

export function useLocation(): AppLocation {
  const [location, setLocation] = useState(readLocation);
  useEffect(() => {
    const update = () => setLocation(readLocation());
    window.addEventListener('popstate', update);
    window.addEventListener(changeEvent, update);
    return () => {
      window.removeEventListener('popstate', update);
      window.removeEventListener(changeEvent, update);
    };
  }, []);
  return location;
}

export function Link(props: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const { onClick, ...rest } = props;
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(props.href);
  };
  return <a {...rest} onClick={follow} />;
}

/** `/papers/:id?q=…#s-12` for a sentence of a paper. */
export function paperHref(paperId: string, options: { sentence?: number; query?: string } = {}) {
  const search = options.query ? `?q=${encodeURIComponent(options.query)}` : '';
  const hash = options.sentence === undefined ? '' : `#s-${options.sentence}`;
  return `/papers/${encodeURIComponent(paperId)}${search}${hash}`;
}
