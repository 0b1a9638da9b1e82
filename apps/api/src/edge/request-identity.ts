/**
 * @module Who is asking: a request id (sent back as `X-Request-Id`), the peer's address, and the
 * client's identity — a random id kept in an HttpOnly cookie (`quarry_client`), or sent as
 * `X-Quarry-Client` by programs that keep no cookies. Conversations belong to that identity.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { EdgeEnv } from './edge-env.js';

export const clientCookieName = 'quarry_client';
export const clientHeaderName = 'x-quarry-client';
const clientIdPattern = /^[A-Za-z0-9_-]{16,64}$/;
const clientCookieMaxAgeSeconds = 365 * 24 * 60 * 60;

export function newClientId(): string {
  return randomBytes(18).toString('base64url');
}

/** The socket's peer address under @hono/node-server; `local` for in-process `app.request()`. */
export function remoteAddressOf(context: Context): string {
  const env = context.env as
    { incoming?: { socket?: { remoteAddress?: string } }; server?: unknown } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'local';
}

export function isSecureRequest(context: Context): boolean {
  return new URL(context.req.url).protocol === 'https:';
}

export function requestIdentity(): MiddlewareHandler<EdgeEnv> {
  return async (context, next) => {
    const requestId = randomUUID();
    context.set('requestId', requestId);
    context.set('remoteAddress', remoteAddressOf(context));
    context.set('authentication', null);
    const fromHeader = context.req.header(clientHeaderName);
    const fromCookie = getCookie(context, clientCookieName);
    const known = [fromHeader, fromCookie].find(
      (value): value is string => value !== undefined && clientIdPattern.test(value),
    );
    const clientId = known ?? newClientId();
    context.set('clientId', clientId);
    await next();
    context.header('x-request-id', requestId);
    if (known === undefined) {
      setCookie(context, clientCookieName, clientId, {
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
        maxAge: clientCookieMaxAgeSeconds,
        secure: isSecureRequest(context),
      });
    }
  };
}
