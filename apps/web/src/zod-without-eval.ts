/**
 * @module Imported first by the browser entry: tells Zod (which the AI SDK's stream parser uses)
 * not to probe for `new Function` when schemas are built. The page's Content-Security-Policy
 * forbids eval, so the probe logged a CSP violation on every page.
 */
import { z } from 'zod';

z.config({ jitless: true });
