import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SignInFailure } from '@contract/meeting';

/*
 * Rotating sign-in codes for the organiser's QR page. A code is an HMAC-SHA256 over (meeting id, 30-second slot)
 * under a server secret, so it cannot be made without the secret, names its meeting, and dies with its slot: the
 * current and the previous slot are accepted (a code scanned just before it rotates still works), nothing older,
 * and nothing outside the meeting's sign-in window. Signing in twice is stopped by the store (one row per person),
 * so replaying a live code only repeats an existing sign-in, and a stale one is refused as expired.
 */

export interface SignInWindow {
  startAt: number;
  endAt: number;
}

export interface SignInTokenOptions {
  slotMs?: number; // rotation period
  opensBeforeMs?: number; // how long before the start sign-in opens
}

export type VerifyResult = { ok: true; meetingId: string; slot: number } | { ok: false; reason: SignInFailure };

export interface IssuedToken {
  token: string;
  shortCode: string;
  rotatesAt: number;
}

const PREFIX = 'OAQD1';
const ID = /^[A-Za-z0-9_-]{1,64}$/;

export function createSignInTokens(secret: string | Uint8Array, options: SignInTokenOptions = {}) {
  if (secret.length < 16) throw new Error('sign-in secret must be at least 16 bytes');
  const slotMs = options.slotMs ?? 30_000;
  const opensBeforeMs = options.opensBeforeMs ?? 30 * 60_000;
  const mac = (meetingId: string, slot: number) =>
    createHmac('sha256', secret).update(`meeting-sign-in\n${meetingId}\n${slot}`).digest();
  const slotOf = (now: number) => Math.floor(now / slotMs);
  const inWindow = (w: SignInWindow, now: number) => now >= w.startAt - opensBeforeMs && now < w.endAt;

  /** Six digits from the MAC (as in HOTP): short enough to read out, tied to the meeting and slot all the same. */
  const shortCodeOf = (digest: Buffer) => {
    const offset = digest[digest.length - 1] & 0x0f;
    return String(digest.readUInt32BE(offset) % 1_000_000).padStart(6, '0');
  };

  /** The code the organiser's page shows now, or null outside the window. */
  function issue(meetingId: string, window: SignInWindow, now: number): IssuedToken | null {
    if (!ID.test(meetingId)) throw new Error('bad meeting id');
    if (!inWindow(window, now)) return null;
    const slot = slotOf(now);
    const digest = mac(meetingId, slot);
    // 16 bytes of MAC (128 bits) keep the QR small and still unguessable
    const token = `${PREFIX}.${meetingId}.${slot.toString(36)}.${digest.subarray(0, 16).toString('base64url')}`;
    return { token, shortCode: shortCodeOf(digest), rotatesAt: (slot + 1) * slotMs };
  }

  function checkSlot(slot: number, window: SignInWindow, now: number): SignInFailure | null {
    if (!inWindow(window, now)) return 'outsideWindow';
    const current = slotOf(now);
    if (slot > current) return 'invalid'; // never issued yet: not ours
    if (slot < current - 1) return 'expired';
    return null;
  }

  /** Checks a scanned or pasted full code. `windowOf` looks the meeting up (null when unknown). */
  function verify(text: string, windowOf: (meetingId: string) => SignInWindow | null, now: number): VerifyResult {
    const parsed = parseSignInCode(text);
    if (!parsed) return { ok: false, reason: 'invalid' };
    const expected = mac(parsed.meetingId, parsed.slot).subarray(0, 16);
    const given = Buffer.from(parsed.mac, 'base64url');
    // canonical form only: base64 ignores the last character's spare bits, which would let one MAC have many spellings
    if (given.length !== expected.length || given.toString('base64url') !== parsed.mac)
      return { ok: false, reason: 'invalid' };
    if (!timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
    const window = windowOf(parsed.meetingId);
    if (!window) return { ok: false, reason: 'invalid' };
    const failure = checkSlot(parsed.slot, window, now);
    return failure ? { ok: false, reason: failure } : { ok: true, meetingId: parsed.meetingId, slot: parsed.slot };
  }

  /** Checks a six-digit code typed for a known meeting against the current and the previous slot. */
  function verifyShortCode(meetingId: string, code: string, window: SignInWindow, now: number): VerifyResult {
    if (!ID.test(meetingId) || !/^\d{6}$/.test(code.trim())) return { ok: false, reason: 'invalid' };
    if (!inWindow(window, now)) return { ok: false, reason: 'outsideWindow' };
    const current = slotOf(now);
    for (const slot of [current, current - 1]) {
      if (timingSafeEqual(Buffer.from(shortCodeOf(mac(meetingId, slot))), Buffer.from(code.trim())))
        return { ok: true, meetingId, slot };
    }
    // an older slot's code is expired rather than wrong, so the user knows to look at the screen again
    for (let slot = current - 2; slot >= current - 10; slot--) {
      if (shortCodeOf(mac(meetingId, slot)) === code.trim()) return { ok: false, reason: 'expired' };
    }
    return { ok: false, reason: 'invalid' };
  }

  return { issue, verify, verifyShortCode, slotMs, opensBeforeMs };
}

export type SignInTokens = ReturnType<typeof createSignInTokens>;

/** Reads a full code from scanned/pasted text; it may sit inside a link (…/meeting/scanCodePage?code=…). */
export function parseSignInCode(text: string): { meetingId: string; slot: number; mac: string } | null {
  const match = /OAQD1\.([A-Za-z0-9_-]{1,64})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/.exec(
    text.trim(),
  );
  if (!match) return null;
  const slot = parseInt(match[2], 36);
  return Number.isSafeInteger(slot) ? { meetingId: match[1], slot, mac: match[3] } : null;
}
