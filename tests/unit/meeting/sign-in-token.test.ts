import { describe, expect, it } from 'vitest';
import { signInMessages } from '../../../contract/meeting';
import { createSignInTokens, parseSignInCode } from '../../../server/modules/meeting/sign-in-token';

const secret = 'test-secret-0123456789abcdef';
const tokens = createSignInTokens(secret);
const meetingId = '6f1c2d3e-0000-4000-8000-000000000001';
const start = Date.parse('2026-11-23T10:00:00+08:00');
const window = { startAt: start, endAt: start + 3_600_000 };
const windows = (id: string) => (id === meetingId ? window : null);
const at = (minutesFromStart: number, seconds = 0) => start + minutesFromStart * 60_000 + seconds * 1000;

describe('meeting sign-in tokens', () => {
  it('accepts a fresh code for its meeting and names that meeting', () => {
    const issued = tokens.issue(meetingId, window, at(5))!;
    expect(issued.token.length).toBeLessThan(100); // small QR
    expect(tokens.verify(issued.token, windows, at(5, 1))).toMatchObject({ ok: true, meetingId });
  });

  it('rotates every 30 s and accepts the current and the previous slot only', () => {
    const t0 = at(5); // 10:05:00 is a slot boundary
    const issued = tokens.issue(meetingId, window, t0)!;
    expect(issued.rotatesAt).toBe(t0 + 30_000);
    expect(tokens.issue(meetingId, window, t0 + 30_000)!.token).not.toBe(issued.token);
    expect(tokens.verify(issued.token, windows, t0 + 59_999).ok).toBe(true);
    expect(tokens.verify(issued.token, windows, t0 + 60_000)).toEqual({ ok: false, reason: 'expired' });
    expect(signInMessages.expired).toBe('签到码已过期');
  });

  it('refuses forged, altered or foreign-key codes as invalid', () => {
    const { token } = tokens.issue(meetingId, window, at(5))!;
    const otherKey = createSignInTokens('another-secret-0123456789').issue(meetingId, window, at(5))!.token;
    const flipped = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    // the MAC binds the meeting: the same slot and MAC under another meeting id fail
    const moved = token.replace(meetingId, '6f1c2d3e-0000-4000-8000-000000000002');
    // same bytes, different spelling: the last base64 character has spare bits
    const last = token.at(-1)!;
    const respelled = token.slice(0, -1) + (last === 'A' ? 'B' : String.fromCharCode(last.charCodeAt(0) ^ 1));
    for (const bad of [otherKey, flipped, moved, respelled, 'hello', '', token.slice(0, -1)]) {
      expect(tokens.verify(bad, (id) => (id.startsWith('6f1c') ? window : null), at(5))).toEqual({
        ok: false,
        reason: 'invalid',
      });
    }
  });

  it('refuses a code from a future slot (not yet issued) as invalid', () => {
    const future = tokens.issue(meetingId, window, at(20))!.token;
    expect(tokens.verify(future, windows, at(10))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('opens 30 minutes before the start and closes at the end', () => {
    expect(tokens.issue(meetingId, window, at(-31))).toBeNull();
    expect(tokens.issue(meetingId, window, at(-30))).not.toBeNull();
    expect(tokens.issue(meetingId, window, at(60))).toBeNull();
    const last = tokens.issue(meetingId, window, at(59, 50))!;
    // replaying a code that is still inside its two slots after the meeting ended is out of window, not expired
    expect(tokens.verify(last.token, windows, at(60, 5))).toEqual({ ok: false, reason: 'outsideWindow' });
    expect(signInMessages.outsideWindow).toBe('不在签到时间内');
  });

  it('refuses a replayed old code as expired, even within the window', () => {
    const early = tokens.issue(meetingId, window, at(-20))!.token;
    expect(tokens.verify(early, windows, at(30))).toEqual({ ok: false, reason: 'expired' });
  });

  it('finds the code inside a pasted link and refuses an unknown meeting', () => {
    const { token } = tokens.issue(meetingId, window, at(1))!;
    const link = `https://oa.example/meeting/scanCodePage?code=${encodeURIComponent(token)}`;
    expect(parseSignInCode(link)).toMatchObject({ meetingId });
    expect(tokens.verify(`  ${link}\n`, windows, at(1)).ok).toBe(true);
    expect(tokens.verify(token, () => null, at(1))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('accepts the six-digit short code for the current and previous slot, and reports older ones as expired', () => {
    const t0 = at(0);
    const { shortCode } = tokens.issue(meetingId, window, t0)!;
    expect(shortCode).toMatch(/^\d{6}$/);
    expect(tokens.verifyShortCode(meetingId, shortCode, window, t0 + 45_000).ok).toBe(true);
    expect(tokens.verifyShortCode(meetingId, shortCode, window, t0 + 95_000)).toEqual({ ok: false, reason: 'expired' });
    const wrong = String((Number(shortCode) + 1) % 1_000_000).padStart(6, '0');
    expect(tokens.verifyShortCode(meetingId, wrong, window, t0).ok).toBe(false);
    expect(tokens.verifyShortCode(meetingId, shortCode, window, at(61))).toEqual({
      ok: false,
      reason: 'outsideWindow',
    });
  });

  it('will not run with a short secret', () => {
    expect(() => createSignInTokens('short')).toThrow();
  });
});
