/**
 * @module /api/session: the web app's sign-in. GET says whether this browser is signed in and what
 * needs the token; POST trades the token for the session cookie once; DELETE signs out.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { AppError } from '@quarry/core';
import { clearSessionCookie, sameSecret, setSessionCookie } from '../edge/access-control.js';
import type { EdgeEnv } from '../edge/edge-env.js';
import type { AccessOptions } from '../edge/edge-options.js';
import { validJsonBody } from './request-validation.js';

const signIn = z.object({ token: z.string().min(1, 'type the API token').max(1000) });

export function sessionRoutes(access: AccessOptions): Hono<EdgeEnv> {
  const routes = new Hono<EdgeEnv>();

  routes.get('/api/session', (context) =>
    context.json({
      signedIn: context.get('authentication') !== null,
      tokenRequiredFor: access.tokenRequiredFor,
    }),
  );

  routes.post('/api/session', async (context) => {
    const body = await validJsonBody(context, signIn);
    if (!sameSecret(body.token.trim(), access.apiToken)) {
      throw new AppError({
        code: 'unauthorized',
        message: 'that is not the API token',
        fix: 'copy the token from QUARRY_API_TOKEN or from the line `quarry serve` printed',
        where: 'token',
      });
    }
    setSessionCookie(context, access.apiToken);
    return context.json({ signedIn: true, tokenRequiredFor: access.tokenRequiredFor });
  });

  routes.delete('/api/session', (context) => {
    clearSessionCookie(context);
    return context.body(null, 204);
  });

  return routes;
}
