import { createECDH, createDecipheriv, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One push as the local push service received it: its headers, the verified VAPID claims and the decrypted body. */
export interface ReceivedPush {
  device: string;
  headers: http.IncomingHttpHeaders;
  vapid: { aud: string; exp: number; sub: string; publicKey: string };
  payload: unknown;
  /** Date.now() when it arrived (the reminder bench measures from the commit to here) */
  receivedAt: number;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291: the user agent's side of aes128gcm (one record, as every Web Push payload is). */
function decrypt(body: Buffer, device: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const cipher = body.subarray(21 + idLength);
  const shared = device.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), senderPublic]);
  const ikm = hmac(hmac(device.auth, shared), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipher.subarray(cipher.length - 16));
  const padded = Buffer.concat([decipher.update(cipher.subarray(0, cipher.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the last record must end with the delimiter 0x02');
  return padded.subarray(0, end);
}

/** RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`, the signature checked with k. */
function verifyVapid(header: string | undefined) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, jwt, k] = match;
  const [head, claims, signature] = jwt!.split('.');
  const point = Buffer.from(k!, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('the VAPID key is not an uncompressed P-256 point');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
    format: 'jwk',
  });
  const good = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  if (!good) throw new Error('the VAPID signature does not verify');
  if (JSON.parse(Buffer.from(head!, 'base64url').toString()).alg !== 'ES256') throw new Error('VAPID must be ES256');
  const body = JSON.parse(Buffer.from(claims!, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  return { ...body, publicKey: k! };
}

/**
 * A push service on 127.0.0.1 that speaks the Web Push protocol: it checks the VAPID signature, decrypts the payload
 * with the device's own keys and records what arrived; a device can be told to answer 410 (unsubscribed) or fail.
 * What a device finally gets follows RFC 8030 §5.4: a message with the Topic of one still held replaces it.
 */
export async function startPushReceiver(options: { answerAfterMs?: number } = {}) {
  const held = new Map<string, Map<string, unknown>>(); // device → Topic (or a fresh key) → payload
  const devices = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer; answer: number }>();
  const received: ReceivedPush[] = [];
  const problems: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const name = request.url?.replace(/^\/push\//, '') ?? '';
      const device = devices.get(name);
      if (!device) return void response.writeHead(404).end();
      if (device.answer !== 201) return void response.writeHead(device.answer).end();
      try {
        if (request.method !== 'POST') throw new Error(`method ${request.method}`);
        if (request.headers['content-encoding'] !== 'aes128gcm')
          throw new Error(`content-encoding ${request.headers['content-encoding']}`);
        if (!request.headers.ttl) throw new Error('no TTL header');
        const vapid = verifyVapid(request.headers.authorization);
        const payload = JSON.parse(decrypt(Buffer.concat(chunks), device).toString('utf8')) as unknown;
        received.push({ device: name, headers: request.headers, vapid, payload, receivedAt: Date.now() });
        const topics = held.get(name) ?? new Map<string, unknown>();
        topics.set(String(request.headers.topic ?? `untopical-${received.length}`), payload);
        held.set(name, topics);
        // answering late leaves sends in flight, where a kill -9 finds them
        setTimeout(() => response.writeHead(201).end(), options.answerAfterMs ?? 0);
      } catch (error) {
        problems.push(String(error));
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    problems,
    /** a new browser subscription (what PushSubscription.toJSON() gives the app) */
    subscribe() {
      const name = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(name, { ecdh, auth, answer: 201 });
      return {
        name,
        json: {
          endpoint: `${origin}/push/${name}`,
          expirationTime: null,
          keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
        },
      };
    },
    /** what the device gets, by Topic: a repeat with the Topic of an earlier message replaces it */
    heldFor: (name: string) => held.get(name) ?? new Map<string, unknown>(),
    /** from now on the device's endpoint answers this status (410: the browser unsubscribed) */
    answer(name: string, status: number) {
      devices.get(name)!.answer = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
