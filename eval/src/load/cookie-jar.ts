/**
 * @module A browser-like cookie jar for one virtual client: keeps what `Set-Cookie` sets (the
 * server's `quarry_client` cookie identifies the client its conversations belong to) and sends it
 * back. Loopback only, one origin, so domain and path matching are not needed.
 */

export interface CookieJar {
  /** Stores the cookies of a response's `Set-Cookie` headers (Max-Age=0 or a past Expires removes). */
  remember(setCookieHeaders: readonly string[]): void;
  /** The `Cookie` request header value, or null when the jar is empty. */
  header(): string | null;
  get(name: string): string | undefined;
}

function isRemoval(attributes: readonly string[]): boolean {
  for (const attribute of attributes) {
    const [rawName, ...rest] = attribute.split('=');
    const name = (rawName ?? '').trim().toLowerCase();
    const value = rest.join('=').trim();
    if (name === 'max-age' && Number(value) <= 0) return true;
    if (name === 'expires' && Date.parse(value) < Date.now()) return true;
  }
  return false;
}

export function createCookieJar(): CookieJar {
  const cookies = new Map<string, string>();
  return {
    remember(setCookieHeaders) {
      for (const line of setCookieHeaders) {
        const [pair = '', ...attributes] = line.split(';');
        const separator = pair.indexOf('=');
        if (separator <= 0) continue;
        const name = pair.slice(0, separator).trim();
        const value = pair.slice(separator + 1).trim();
        if (isRemoval(attributes)) cookies.delete(name);
        else cookies.set(name, value);
      }
    },
    header() {
      if (cookies.size === 0) return null;
      return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    get: (name) => cookies.get(name),
  };
}
