/**
 * @module A Bolt receiver on Quarry's own HTTP server: Slack's commands, events and interactivity
 * all arrive at POST /slack/events on the API's port. The signature is checked before anything is
 * parsed (401 and no side effect otherwise); Slack's URL check is answered; a repeated delivery
 * (the same event id or interaction) is acknowledged without being handled again; and the
 * acknowledgement goes back as soon as the listener acks, well within Slack's 3 seconds, while the
 * answer is posted afterwards.
 */
import type { App, Receiver, ReceiverEvent } from '@slack/bolt';
import type { Context } from 'hono';
import { AppError } from '@quarry/core';
import { DeliveryDeduplicator } from './delivery-deduplicator.js';
import type { DeliveryLog } from './delivery-deduplicator.js';
import { checkSlackSignature } from './slack-signature.js';

/** Answer Slack before its 3 s deadline even if no listener acknowledged. */
const acknowledgementDeadlineMs = 2_500;

export interface SlackReceiverOptions {
  signingSecret: string;
  /** Seconds since the epoch (tests move the clock). */
  nowSeconds?: () => number;
  onError?: (error: unknown) => void;
  /** Where handled deliveries are remembered (default: in this process). */
  deliveries?: DeliveryLog;
}

function deliveryKey(body: Record<string, unknown>): string | null {
  if (typeof body.event_id === 'string') return `event:${body.event_id}`;
  if (body.type === 'block_actions') {
    const actions = body.actions as { action_ts?: string }[] | undefined;
    const trigger = typeof body.trigger_id === 'string' ? body.trigger_id : '';
    return `action:${trigger}:${actions?.[0]?.action_ts ?? ''}`;
  }
  if (typeof body.command === 'string' && typeof body.trigger_id === 'string')
    return `command:${body.trigger_id}`;
  return null;
}

function parseBody(rawBody: string, contentType: string): Record<string, unknown> {
  if (contentType.startsWith('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams(rawBody);
    const payload = form.get('payload');
    if (payload !== null) return JSON.parse(payload) as Record<string, unknown>;
    return Object.fromEntries(form);
  }
  return JSON.parse(rawBody) as Record<string, unknown>;
}

export class SlackHttpReceiver implements Receiver {
  #app: App | null = null;
  readonly #options: SlackReceiverOptions;
  readonly #deliveries: DeliveryLog;

  constructor(options: SlackReceiverOptions) {
    this.#options = options;
    this.#deliveries = options.deliveries ?? new DeliveryDeduplicator();
  }

  init(app: App): void {
    this.#app = app;
  }

  start(): Promise<void> {
    return Promise.resolve();
  }

  stop(): Promise<void> {
    return Promise.resolve();
  }

  /** Handles one POST /slack/events. */
  async handle(context: Context): Promise<Response> {
    const rawBody = await context.req.text();
    const now = this.#options.nowSeconds?.() ?? Math.floor(Date.now() / 1000);
    const check = checkSlackSignature({
      signingSecret: this.#options.signingSecret,
      timestampHeader: context.req.header('x-slack-request-timestamp'),
      signatureHeader: context.req.header('x-slack-signature'),
      rawBody,
      nowSeconds: now,
    });
    if (!check.ok) {
      throw new AppError({
        code: 'unauthorized',
        message: `Slack request refused: ${check.reason}`,
      });
    }
    let body: Record<string, unknown>;
    try {
      body = parseBody(rawBody, context.req.header('content-type') ?? '');
    } catch (error) {
      throw new AppError({
        code: 'invalid_input',
        message: 'unreadable Slack request',
        where: 'body',
        cause: error,
      });
    }
    if (body.type === 'url_verification') return context.json({ challenge: body.challenge });
    const key = deliveryKey(body);
    if (key !== null && !(await this.#deliveries.firstTime(key))) {
      return context.body(null, 200, { 'x-slack-no-retry': '1' });
    }
    const app = this.#app;
    if (app === null)
      throw new AppError({ code: 'internal', message: 'the Slack app is not ready' });

    let acknowledge: (response: Response) => void = () => undefined;
    const acknowledged = new Promise<Response>((resolve) => {
      acknowledge = resolve;
    });
    let acked = false;
    const event: ReceiverEvent = {
      body,
      ...(context.req.header('x-slack-retry-num')
        ? { retryNum: Number(context.req.header('x-slack-retry-num')) }
        : {}),
      ...(context.req.header('x-slack-retry-reason')
        ? { retryReason: context.req.header('x-slack-retry-reason') }
        : {}),
      customProperties: {},
      ack: (response?: unknown) => {
        if (acked) return Promise.resolve();
        acked = true;
        acknowledge(
          response === undefined || response === ''
            ? new Response(null, { status: 200 })
            : typeof response === 'string'
              ? new Response(response, { status: 200 })
              : Response.json(response),
        );
        return Promise.resolve();
      },
    };
    const processing = app.processEvent(event).catch((error: unknown) => {
      this.#options.onError?.(error);
    });
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<Response>((resolve) => {
      timer = setTimeout(
        () => resolve(new Response(null, { status: 200 })),
        acknowledgementDeadlineMs,
      );
    });
    const finishedWithoutAck = processing.then(() =>
      acked ? acknowledged : new Response(null, { status: 200 }),
    );
    try {
      return await Promise.race([acknowledged, finishedWithoutAck, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }
}
