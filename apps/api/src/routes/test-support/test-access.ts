/**
 * @module Access settings for API tests: a known token, writes need it, loopback names only; and
 * request options that carry the token.
 */
import type { AccessOptions } from '../../edge/edge-options.js';

export const testApiToken = 'test-api-token-0123456789';

export const testAccess: AccessOptions = {
  apiToken: testApiToken,
  tokenRequiredFor: 'writes',
  allowedHosts: [],
};

/** `init` with `Authorization: Bearer <testApiToken>` added. */
export function withToken(init: RequestInit = {}): RequestInit {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${testApiToken}`);
  return { ...init, headers };
}
