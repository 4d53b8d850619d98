/*
 * Meeting (会议) and meeting-room shapes. Instants travel as ISO 8601 strings with an offset. This file is zod-free
 * (the client imports its values); the request schemas are in contract/meeting-schemas.ts (server only), and the
 * body types below are theirs, re-exported as types only.
 */
import type { TextRule } from './field-rules';
import type { MeetingBody, RoomBody, SignInBody } from './meeting-schemas';
export type { MeetingBody, RoomBody, SignInBody };

/** pendingApproval: a room that needs approval, waiting for the 会议室预约 process; rejected: that process said 驳回. */
/** The booking form's rules: the page checks them first and meetingBody (meeting-schemas.ts) enforces them. */
export const meetingRules = {
  subject: { required: '请输入会议主题', max: 100, tooLong: '会议主题不能超过100字' },
  agenda: { max: 5000, tooLong: '会议议程不能超过5000字' },
  endAfterStart: '结束时间必须晚于开始时间',
  place: '请选择会议室或填写线上会议链接',
  invitees: '请选择参会人员',
  declineReason: { max: 200, tooLong: '拒绝原因不能超过200字' },
} as const satisfies Record<string, TextRule | string>;

export const meetingStatuses = {
  upcoming: '待开始',
  ongoing: '进行中',
  ended: '已结束',
  cancelled: '已取消',
  pendingApproval: '待审批',
  rejected: '未通过',
} as const;
export type MeetingStatus = keyof typeof meetingStatuses;

export const inviteeResponses = { pending: '待回复', accepted: '已接受', declined: '已拒绝' } as const;
export type InviteeResponse = keyof typeof inviteeResponses;

export const roomEquipment = {
  projector: '投影仪',
  screen: '显示屏',
  video: '视频会议',
  whiteboard: '白板',
  microphone: '麦克风',
} as const;
export type RoomEquipment = keyof typeof roomEquipment;

/** Messages of the sign-in flow, shown as they are. */
export const signInMessages = {
  expired: '签到码已过期',
  invalid: '签到码无效',
  outsideWindow: '不在签到时间内',
  notInvited: '您不是本次会议的参会人员',
  cancelled: '会议已取消',
  done: '签到成功',
  already: '您已签到',
} as const;
export type SignInFailure = 'expired' | 'invalid' | 'outsideWindow';

export interface Building {
  id: string;
  name: string;
  rooms: number;
}

export interface MeetingRoom {
  id: string;
  buildingId: string;
  buildingName: string;
  name: string;
  floor: string;
  capacity: number;
  equipment: RoomEquipment[];
  photoUrl: string | null;
  needsApproval: boolean;
  available: boolean; // switched off by the admin, e.g. under repair
}

/** GET /api/meeting/:id/sign-in-token data, polled by the organiser's page. */
export interface SignInTokenAnswer {
  token: string; // what the QR code carries
  shortCode: string; // six digits to read out or paste
  expiresAt: string; // the moment the page should fetch the next one
  windowEndsAt: string;
}

export interface SignedInPerson {
  userId: string;
  name: string;
  signedInAt: string;
  manual: boolean;
}

/** GET /api/meeting/rooms?date=YYYY-MM-DD[&days=7] answers RoomDay[] (roomDayQuery in contract/meeting-schemas.ts). */
export interface RoomDayBooking {
  meetingId: string;
  subject: string;
  startAt: string;
  endAt: string;
}

export interface RoomDay extends MeetingRoom {
  bookings: RoomDayBooking[];
  freeSlots: { startAt: string; endAt: string }[]; // inside working hours
}

/**
 * GET /api/meeting/rooms/free-busy?date&days: every room's availability over up to a week, compact like a calendar's
 * free/busy query — no booking rows, only periods. Times are whole minutes since `from` (the Shanghai midnight that
 * starts `date`), each period a half-open [start, end) pair; a booking that does not fall on whole minutes is widened
 * to them, so a free period never covers a booked second.
 */
export interface RoomFreeBusy extends MeetingRoom {
  busy: [number, number][]; // bookings, back-to-back ones merged, clipped to the asked days
  free: [number, number][]; // free periods inside each day's working hours (08:00–20:00); none while unavailable
}

export interface RoomsFreeBusy {
  from: string;
  days: number;
  rooms: RoomFreeBusy[];
}

/** Which of my meetings a list shows: invitations to answer, upcoming, ongoing or past (ended or cancelled). */
export const meetingLists = { invitations: '待回复', upcoming: '待开始', ongoing: '进行中', past: '已结束' } as const;
export type MeetingListKind = keyof typeof meetingLists;

/** GET /api/meeting/list/:kind?pageNum&pageSize&keyword answers MeetingListRow rows (meetingListQuery). */
export interface MeetingListRow {
  id: string;
  subject: string;
  startAt: string;
  endAt: string;
  roomName: string | null;
  onlineLink: string | null;
  organizerName: string;
  status: MeetingStatus;
  myResponse: InviteeResponse | null; // null for the organiser who is not also invited
  organizer: boolean;
}

export interface MeetingParticipant {
  userId: string;
  name: string;
  orgName: string;
  response: InviteeResponse;
  /** what they gave with 拒绝; shown to the organiser and to the invitee alone, null for everyone else */
  declineReason: string | null;
  signedInAt: string | null;
  signedInManually: boolean;
}

export interface MeetingMaterial {
  id: string;
  fileName: string;
  size: number;
  mimeType: string;
}

export interface MeetingDetail extends MeetingListRow {
  agenda: string;
  roomId: string | null;
  hostDeptId: string | null;
  hostDeptName: string | null;
  organizerId: string;
  participants: MeetingParticipant[];
  materials: MeetingMaterial[];
  minutes: string | null;
  channels: string[];
  /** the 会议室预约 process of a room that needs approval (its trace opens at /followStartDetail?instanceId=) */
  approvalInstanceId: string | null;
  abilities: { edit: boolean; cancel: boolean; respond: boolean; minutes: boolean; signInQr: boolean; signIn: boolean };
  version: number;
}
