import nodemailer from 'nodemailer';
import webPush from 'web-push';
import type { PushPayload } from '@contract/push';
import type { ServerConfig } from '../../config';
import type { VapidKeyPair } from '../push/vapid-keys';

/** How one send ended: sent, worth retrying, never going to work, or the push subscription is gone (404/410). */
export type SendOutcome = { kind: 'sent' } | { kind: 'retry' | 'permanent' | 'gone'; error: string };

// a reminder of yesterday's 待办 is still worth showing, one of last week is not
const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** Web Push (RFC 8030) with VAPID (RFC 8292) and an aes128gcm-encrypted payload (RFC 8291). */
export async function sendPush(
  subscription: { endpoint: string; p256dh: string; auth: string },
  payload: PushPayload,
  options: { vapid: VapidKeyPair; subject: string; topic: string; signal: AbortSignal },
): Promise<SendOutcome> {
  // web-push encrypts and signs; the request itself goes through fetch, which also reaches an allow-listed http origin
  const request = webPush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: {
        subject: options.subject,
        publicKey: options.vapid.publicKey,
        privateKey: options.vapid.privateKey,
      },
      TTL: PUSH_TTL_SECONDS,
      urgency: 'high',
      // a retry after a crash mid-send replaces the first copy still queued at the push service instead of adding one
      topic: options.topic,
      contentEncoding: 'aes128gcm',
    },
  );
  let status: number;
  try {
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : undefined,
      redirect: 'error',
      signal: options.signal,
    });
    status = response.status;
    await response.body?.cancel();
  } catch (error) {
    return { kind: 'retry', error: String((error as Error).message ?? error).slice(0, 500) };
  }
  if (status >= 200 && status < 300) return { kind: 'sent' };
  const error = `push service answered ${status}`;
  if (status === 404 || status === 410) return { kind: 'gone', error };
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) return { kind: 'permanent', error };
  return { kind: 'retry', error };
}

export interface Mailer {
  send(mail: { to: string; subject: string; text: string; html: string; messageId: string }): Promise<SendOutcome>;
  close(): void;
}

/**
 * The email channel over SMTP (SMTP_URL, smtp:// or smtps://); null when not configured. A relay that stalls is given
 * up after `timeoutMs` at each step (nodemailer waits minutes by default), as the worker gives up the send.
 */
export function createMailer(smtp: ServerConfig['smtp'], timeoutMs: number): Mailer | null {
  if (!smtp.url) return null;
  const transport = nodemailer.createTransport(
    { url: smtp.url, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs },
    { from: smtp.from },
  );
  return {
    async send(mail) {
      try {
        await transport.sendMail({ from: smtp.from, ...mail });
        return { kind: 'sent' };
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        const text = `${code ?? ''} ${(error as Error).message}`.trim().slice(0, 500);
        // 5xx is the relay's final no (no such mailbox, refused); 4xx and a dropped connection are worth a retry
        return code && code >= 500 ? { kind: 'permanent', error: text } : { kind: 'retry', error: text };
      }
    },
    close: () => transport.close(),
  };
}
