import { and, asc, eq, gt, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { signInMessages, type SignedInPerson, type SignInBody, type SignInTokenAnswer } from '@contract/meeting';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/validate';
import { meetingInvitees, meetings, users } from '../../db/schema';
import type { Principal } from '../session/service';
import { loadMeeting, type MeetingRow } from './meeting-facts';
import { calledOff, stored } from './meeting-status';
import { enforce, signInDeskRefusal } from './policy';
import { ANY_MEETING } from './sign-in-attempts';
import { createSignInTokens, parseSignInCode, type VerifyResult } from './sign-in-token';

/*
 * Meeting sign-in: the organiser's page polls a rotating code (each meeting has its own secret), participants send
 * back what they scanned or typed. Refusals use the contract's signInMessages so the phone shows them as they are.
 */

const tokensOf = (meeting: Pick<MeetingRow, 'signInSecret'>) => createSignInTokens(meeting.signInSecret);
const windowOf = (meeting: Pick<MeetingRow, 'startAt' | 'endAt'>) => ({
  startAt: meeting.startAt.getTime(),
  endAt: meeting.endAt.getTime(),
});

/** Sign-in opens 30 minutes before the start and closes at the end. */
export function signInWindowOpen(meeting: Pick<MeetingRow, 'startAt' | 'endAt' | 'status'>, now: number): boolean {
  const w = windowOf(meeting);
  return meeting.status === stored.scheduled && now >= w.startAt - 30 * 60_000 && now < w.endAt;
}

const failure: Record<'expired' | 'invalid' | 'outsideWindow', AppError> = {
  expired: new AppError(400, signInMessages.expired),
  invalid: new AppError(400, signInMessages.invalid),
  outsideWindow: new AppError(409, signInMessages.outsideWindow),
};

/** Whether a sign-in failed because the code was wrong (the only failure that counts as a guess). */
export function wrongSignInCode(error: unknown): boolean {
  return error === failure.invalid;
}

/** The code the organiser's QR page shows now. */
export async function currentSignInToken(
  db: Db,
  user: Principal,
  meetingId: string,
  now = Date.now(),
): Promise<SignInTokenAnswer> {
  const { meeting, facts } = await loadMeeting(db, meetingId, user.id);
  enforce(signInDeskRefusal(user, facts));
  const issued = tokensOf(meeting).issue(meeting.id, windowOf(meeting), now);
  if (!issued) throw failure.outsideWindow;
  return {
    token: issued.token,
    shortCode: issued.shortCode,
    expiresAt: new Date(issued.rotatesAt).toISOString(),
    windowEndsAt: meeting.endAt.toISOString(),
  };
}

const SIX_DIGITS = /^\d{6}$/;

/**
 * Whose attempt budget a sign-in spends (see sign-in-attempts.ts): the meeting the code names or the body gives, or
 * ANY_MEETING for six digits typed alone. Null when the text cannot match any code (nothing is being guessed).
 */
export async function signInAttemptScope(db: Db, body: SignInBody): Promise<string | null> {
  const parsed = parseSignInCode(body.code);
  if (!parsed && !SIX_DIGITS.test(body.code.trim())) return null;
  const meetingId = (parsed?.meetingId ?? body.meetingId ?? null)?.toLowerCase() ?? null;
  if (meetingId === null) return ANY_MEETING;
  if (!isUuid(meetingId)) return null;
  const [meeting] = await db.select({ id: meetings.id }).from(meetings).where(eq(meetings.id, meetingId));
  return meeting ? meeting.id : null;
}

/**
 * Six digits typed without a meeting (会议 → 扫码签到): the meetings the person is invited to whose sign-in is open
 * now are the candidates, and the one whose current (or previous) code it is, is signed in. A code of an earlier slot
 * of one of them is 已过期; anything else is 无效.
 */
async function meetingOfShortCode(tx: Db, user: Principal, code: string, now: number): Promise<MeetingRow> {
  const candidates = await tx
    .select({ meeting: meetings })
    .from(meetingInvitees)
    .innerJoin(meetings, eq(meetings.id, meetingInvitees.meetingId))
    .where(
      and(
        eq(meetingInvitees.userId, user.id),
        eq(meetings.status, stored.scheduled),
        lte(meetings.startAt, new Date(now + 30 * 60_000)),
        gt(meetings.endAt, new Date(now)),
      ),
    )
    .orderBy(asc(meetings.startAt));
  let expired = false;
  for (const { meeting } of candidates) {
    const result = tokensOf(meeting).verifyShortCode(meeting.id, code, windowOf(meeting), now);
    if (result.ok) return meeting;
    if (result.reason === 'expired') expired = true;
  }
  throw expired ? failure.expired : failure.invalid;
}

/**
 * A participant signs in with the scanned QR text, a link holding it, the six digits plus the meeting id, or the six
 * digits alone (then the server finds which of their meetings shows them).
 */
export async function signIn(
  tx: Db,
  user: Principal,
  body: SignInBody,
  now = Date.now(),
): Promise<{ meetingId: string; organizerId: string; already: boolean }> {
  const parsed = parseSignInCode(body.code);
  let meeting: MeetingRow | undefined;
  let result: VerifyResult;
  if (!parsed && !body.meetingId) {
    meeting = await meetingOfShortCode(tx, user, body.code.trim(), now);
    result = { ok: true, meetingId: meeting.id, slot: 0 };
  } else {
    const meetingId = (parsed?.meetingId ?? body.meetingId ?? '').toLowerCase();
    if (!isUuid(meetingId)) throw failure.invalid;
    [meeting] = await tx.select().from(meetings).where(eq(meetings.id, meetingId));
    if (!meeting) throw failure.invalid;
    const tokens = tokensOf(meeting);
    const found = meeting;
    result = parsed
      ? tokens.verify(body.code, () => windowOf(found), now)
      : tokens.verifyShortCode(meeting.id, body.code, windowOf(meeting), now);
  }
  // a forged code learns nothing about the meeting: the signature is checked before anything else is said
  if (!result.ok && result.reason === 'invalid') throw failure.invalid;
  if (calledOff.includes(meeting.status)) throw new AppError(409, signInMessages.cancelled);
  if (!result.ok) throw failure[result.reason];
  const [invitation] = await tx
    .select({ signedInAt: meetingInvitees.signedInAt })
    .from(meetingInvitees)
    .where(and(eq(meetingInvitees.meetingId, meeting.id), eq(meetingInvitees.userId, user.id)))
    .for('update');
  if (!invitation) throw new AppError(403, signInMessages.notInvited);
  if (invitation.signedInAt) return { meetingId: meeting.id, organizerId: meeting.organizerId, already: true };
  await tx
    .update(meetingInvitees)
    // attending answers the invitation: one who declined (or never answered) and came is 已接受, never 已拒绝 and 已签到
    .set({ signedInAt: new Date(now), signedInManually: false, response: 'accepted', declineReason: null })
    .where(and(eq(meetingInvitees.meetingId, meeting.id), eq(meetingInvitees.userId, user.id)));
  return { meetingId: meeting.id, organizerId: meeting.organizerId, already: false };
}

/** The organiser signs invitees in by hand (someone without a phone); people already signed in keep their time. */
export async function manualSignIn(
  tx: Db,
  user: Principal,
  meetingId: string,
  userIds: string[],
  now = Date.now(),
): Promise<{ signedIn: number }> {
  const { meeting, facts } = await loadMeeting(tx, meetingId, user.id, true);
  enforce(signInDeskRefusal(user, facts));
  if (!signInWindowOpen(meeting, now)) throw failure.outsideWindow;
  const ids = [...new Set(userIds.map((id) => id.toLowerCase()))];
  if (!ids.every(isUuid)) throw new AppError(400, '签到人员不是本次会议的参会人员');
  const invited = await tx
    .select({ userId: meetingInvitees.userId })
    .from(meetingInvitees)
    .where(and(eq(meetingInvitees.meetingId, meetingId), inArray(meetingInvitees.userId, ids)));
  if (invited.length !== ids.length) throw new AppError(400, '签到人员不是本次会议的参会人员');
  const done = await tx
    .update(meetingInvitees)
    .set({ signedInAt: new Date(now), signedInManually: true, response: 'accepted', declineReason: null })
    .where(
      and(
        eq(meetingInvitees.meetingId, meetingId),
        inArray(meetingInvitees.userId, ids),
        isNull(meetingInvitees.signedInAt),
      ),
    )
    .returning({ userId: meetingInvitees.userId });
  return { signedIn: done.length };
}

/** Who has signed in so far, earliest first (the organiser's live list). */
export async function signedInList(db: Db, user: Principal, meetingId: string): Promise<SignedInPerson[]> {
  const { facts } = await loadMeeting(db, meetingId, user.id);
  enforce(signInDeskRefusal(user, facts));
  const rows = await db
    .select({
      userId: meetingInvitees.userId,
      name: users.realName,
      signedInAt: meetingInvitees.signedInAt,
      manual: meetingInvitees.signedInManually,
    })
    .from(meetingInvitees)
    .innerJoin(users, eq(users.id, meetingInvitees.userId))
    .where(and(eq(meetingInvitees.meetingId, meetingId), isNotNull(meetingInvitees.signedInAt)))
    .orderBy(asc(meetingInvitees.signedInAt));
  return rows.map((r) => ({
    userId: r.userId,
    name: r.name,
    signedInAt: r.signedInAt!.toISOString(),
    manual: r.manual,
  }));
}
