/**
 * @module Security headers on every response: no MIME sniffing, no referrer, no framing, no
 * cross-origin reads; HTML pages load only the app's own scripts and styles, and API answers
 * load nothing at all.
 */
import type { MiddlewareHandler } from 'hono';

/** The web app's pages: own scripts and styles only; paper text never becomes markup. */
export const pageContentSecurityPolicy =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** Everything that is not a page (JSON, streams, assets). */
const resourceContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'";

export function securityHeaders(): MiddlewareHandler {
  return async (context, next) => {
    await next();
    const headers = context.res.headers;
    const isPage = (headers.get('content-type') ?? '').startsWith('text/html');
    headers.set(
      'content-security-policy',
      isPage ? pageContentSecurityPolicy : resourceContentSecurityPolicy,
    );
    headers.set('x-content-type-options', 'nosniff');
    headers.set('referrer-policy', 'no-referrer');
    headers.set('x-frame-options', 'DENY');
    headers.set('cross-origin-opener-policy', 'same-origin');
    headers.set('cross-origin-resource-policy', 'same-origin');
  };
}
