/**
 * Slack request signatures: Quarry's verifier against Slack's own published example (so a wrong
 * base string cannot pass just because Quarry's signer makes the same mistake), plus the refusals
 * of forged, altered, stale and unsigned requests.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkSlackSignature, maxRequestAgeSeconds, signSlackRequest } from './slack-signature.js';

/**
 * The worked example in Slack's "Verifying requests from Slack"
 * (https://api.slack.com/authentication/verifying-requests-from-slack): a slash-command request
 * with its signing secret, X-Slack-Request-Timestamp, raw body and the X-Slack-Signature Slack
 * computed for it. None of these values comes from Quarry's own signer.
 */
const slackExample = {
  signingSecret: '8f742231b10e8888abcd99yyyzzz85a5',
  timestamp: 1531420618,
  rawBody:
    'token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow' +
    '&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner' +
    '&command=%2Fwebhook-collect&text=' +
    '&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN' +
    '&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c',
  signature: 'v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503',
} as const;

/** Checks the published request as Quarry's receiver would, at the given "now". */
function checkExample(
  overrides: { signature?: string; rawBody?: string; nowSeconds?: number } = {},
) {
  return checkSlackSignature({
    signingSecret: slackExample.signingSecret,
    timestampHeader: String(slackExample.timestamp),
    signatureHeader: overrides.signature ?? slackExample.signature,
    rawBody: overrides.rawBody ?? slackExample.rawBody,
    nowSeconds: overrides.nowSeconds ?? slackExample.timestamp + 30,
  });
}

/** A `v0=` HMAC-SHA256 over an arbitrary base string: what a wrong implementation would send. */
function signBaseString(baseString: string): string {
  const digest = createHmac('sha256', slackExample.signingSecret).update(baseString).digest('hex');
  return `v0=${digest}`;
}

describe("Slack signatures against Slack's published example", () => {
  it('accepts the request Slack signed, with the clock set to when it was sent', () => {
    expect(checkExample()).toEqual({ ok: true });
    expect(signSlackRequest(slackExample)).toBe(slackExample.signature);
  });

  it('refuses signatures over any other base string than v0:<timestamp>:<body>', () => {
    const { timestamp, rawBody } = slackExample;
    const wrongBaseStrings = [
      `${timestamp}:${rawBody}`,
      `v0${timestamp}:${rawBody}`,
      `v0:${timestamp}${rawBody}`,
      `v0:${rawBody}`,
      `v1:${timestamp}:${rawBody}`,
      rawBody,
    ];
    for (const baseString of wrongBaseStrings) {
      expect(checkExample({ signature: signBaseString(baseString) })).toEqual({
        ok: false,
        reason: 'bad signature',
      });
    }
  });

  it('refuses the published signature without its v0= prefix, or on an altered body', () => {
    const bareDigest = slackExample.signature.slice('v0='.length);
    expect(checkExample({ signature: bareDigest })).toMatchObject({ ok: false });
    expect(checkExample({ rawBody: `${slackExample.rawBody}&x=1` })).toEqual({
      ok: false,
      reason: 'bad signature',
    });
  });

  it('refuses the same published request once it is older than five minutes', () => {
    const late = slackExample.timestamp + maxRequestAgeSeconds + 1;
    expect(checkExample({ nowSeconds: late })).toEqual({ ok: false, reason: 'stale request' });
    expect(checkExample({ nowSeconds: slackExample.timestamp + maxRequestAgeSeconds })).toEqual({
      ok: true,
    });
  });
});

describe('Slack signatures made by Quarry', () => {
  const signingSecret = 'secret';
  const rawBody = 'token=x&command=%2Fquarry';
  const signed = (timestamp: number) => signSlackRequest({ signingSecret, timestamp, rawBody });

  it('accepts a fresh, correctly signed request and refuses forged, altered or stale ones', () => {
    const now = 1_700_000_000;
    const check = (timestamp: number, signature: string | undefined, body = rawBody) =>
      checkSlackSignature({
        signingSecret,
        timestampHeader: String(timestamp),
        signatureHeader: signature,
        rawBody: body,
        nowSeconds: now,
      });
    expect(check(now, signed(now))).toEqual({ ok: true });
    expect(check(now, signed(now), `${rawBody}&x=1`)).toMatchObject({ ok: false });
    expect(check(now, 'v0=00')).toMatchObject({ ok: false, reason: 'bad signature' });
    expect(check(now - 301, signed(now - 301))).toMatchObject({
      ok: false,
      reason: 'stale request',
    });
    expect(check(now, undefined)).toMatchObject({ ok: false, reason: 'unsigned request' });
  });
});
