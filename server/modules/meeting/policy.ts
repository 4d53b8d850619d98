import { AppError } from '../../lib/app-error';
import type { Principal } from '../session/service';

/*
 * Who may see and do what with a meeting, in one place: the detail's abilities and the actions ask the same rules,
 * so the buttons and the API agree. Each rule answers its refusal or null.
 */

/** What the service loaded about the caller and the meeting (policy reads no database). */
export interface MeetingFacts {
  organizerId: string;
  /** cancelled, or its room booking was 驳回 */
  cancelled: boolean;
  /** the room booking waits for the 会议室预约 process */
  pendingApproval: boolean;
  startAt: number;
  endAt: number;
  /** the caller's invitation, if invited */
  invitation: { response: string; signedIn: boolean } | null;
}

const isAdmin = (user: Principal) => user.roles.includes('admin');

/**
 * Seeing the meeting at all: its organiser, its invitees and admins. Anyone else hears 404, as for a meeting that does
 * not exist, on every route: a 403 would confirm the id names someone's meeting. Every rule below asks this first.
 */
export function viewRefusal(user: Principal, m: MeetingFacts): AppError | null {
  if (m.organizerId === user.id || m.invitation || isAdmin(user)) return null;
  return new AppError(404, '会议不存在');
}

/** 修改: as 取消, and not while the room booking waits for approval (cancelling withdraws that request). */
export function editRefusal(user: Principal, m: MeetingFacts, now: number): AppError | null {
  const refusal = manageRefusal(user, m, now);
  if (refusal) return refusal;
  return m.pendingApproval ? new AppError(409, '会议室预约审批中，不能修改，可先取消会议') : null;
}

/** 修改 / 取消: the organiser (or an admin) while the meeting has not ended and is not cancelled. */
export function manageRefusal(user: Principal, m: MeetingFacts, now: number): AppError | null {
  const hidden = viewRefusal(user, m);
  if (hidden) return hidden;
  if (m.organizerId !== user.id && !isAdmin(user)) return new AppError(403, '只有会议发起人可以修改或取消会议');
  if (m.cancelled) return new AppError(409, '会议已取消');
  if (now >= m.endAt) return new AppError(409, '会议已结束，不能修改');
  return null;
}

/** 接受 / 拒绝: an invitee, before the meeting ends. */
export function respondRefusal(user: Principal, m: MeetingFacts, now: number): AppError | null {
  const hidden = viewRefusal(user, m);
  if (hidden) return hidden;
  if (!m.invitation) return new AppError(403, '您不是本次会议的参会人员');
  if (m.cancelled) return new AppError(409, '会议已取消');
  if (m.pendingApproval) return new AppError(409, '会议室预约尚在审批中');
  if (now >= m.endAt) return new AppError(409, '会议已结束');
  return null;
}

/** 会议纪要: the organiser, once the meeting has started (minutes are written during or after it). */
export function minutesRefusal(user: Principal, m: MeetingFacts, now: number): AppError | null {
  const hidden = viewRefusal(user, m);
  if (hidden) return hidden;
  if (m.organizerId !== user.id && !isAdmin(user)) return new AppError(403, '只有会议发起人可以填写会议纪要');
  if (m.cancelled) return new AppError(409, '会议已取消');
  if (m.pendingApproval) return new AppError(409, '会议室预约尚在审批中');
  if (now < m.startAt) return new AppError(409, '会议开始后才能填写会议纪要');
  return null;
}

/** The organiser's sign-in page (QR code, live list, manual sign-in). */
export function signInDeskRefusal(user: Principal, m: MeetingFacts): AppError | null {
  const hidden = viewRefusal(user, m);
  if (hidden) return hidden;
  if (m.organizerId !== user.id && !isAdmin(user)) return new AppError(403, '只有会议发起人可以管理签到');
  if (m.cancelled) return new AppError(409, '会议已取消');
  if (m.pendingApproval) return new AppError(409, '会议室预约尚在审批中');
  return null;
}

export function enforce(refusal: AppError | null): void {
  if (refusal) throw refusal;
}
