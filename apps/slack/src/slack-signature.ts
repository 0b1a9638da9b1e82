/**
 * @module Slack request signatures (v0): HMAC-SHA256 of `v0:<timestamp>:<raw body>` with the app's
 * signing secret, compared in constant time; requests older than five minutes are refused so a
 * captured request cannot be replayed. Checked before anything in the body is parsed.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Slack's own bound on clock skew and replays. */
export const maxRequestAgeSeconds = 5 * 60;

export function signSlackRequest(options: {
  signingSecret: string;
  timestamp: number;
  rawBody: string;
}): string {
  const base = `v0:${options.timestamp}:${options.rawBody}`;
  return `v0=${createHmac('sha256', options.signingSecret).update(base).digest('hex')}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

export function checkSlackSignature(options: {
  signingSecret: string;
  timestampHeader: string | undefined;
  signatureHeader: string | undefined;
  rawBody: string;
  nowSeconds: number;
}): SignatureCheck {
  const { timestampHeader, signatureHeader } = options;
  if (!timestampHeader || !signatureHeader) return { ok: false, reason: 'unsigned request' };
  const timestamp = Number(timestampHeader);
  if (!Number.isInteger(timestamp)) return { ok: false, reason: 'unreadable timestamp' };
  if (Math.abs(options.nowSeconds - timestamp) > maxRequestAgeSeconds) {
    return { ok: false, reason: 'stale request' };
  }
  const expected = Buffer.from(
    signSlackRequest({ signingSecret: options.signingSecret, timestamp, rawBody: options.rawBody }),
  );
  const given = Buffer.from(signatureHeader);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'bad signature' };
  }
  return { ok: true };
}
