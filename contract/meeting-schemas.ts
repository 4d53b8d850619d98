import { z } from 'zod';
import { keywordField, pageFields } from './pagination-schemas';
import { isCalendarDate } from './calendar-date';
import { meetingRules as rule, roomEquipment, type RoomEquipment } from './meeting';
import { reminderChannels } from './upms';

/**
 * Request bodies and queries of the meeting calls, validated on the server only. The client imports their types
 * through contract/meeting.ts (`export type`), so zod stays out of the app bundle.
 */

const channelKeys = Object.keys(reminderChannels) as [
  keyof typeof reminderChannels,
  ...(keyof typeof reminderChannels)[],
];
const instant = (label: string) => z.iso.datetime({ offset: true, error: `${label}格式不正确` });

/** POST /api/meeting/rooms body (admins). */
export const roomBody = z.object({
  buildingId: z.string().min(1, '请选择楼宇'),
  name: z.string().trim().min(1, '请输入会议室名称').max(50, '会议室名称不能超过50字'),
  floor: z.string().trim().max(20, '楼层不能超过20字').default(''),
  capacity: z
    .number({ error: '请输入容纳人数' })
    .int('容纳人数应为整数')
    .min(1, '容纳人数至少为1')
    .max(2000, '容纳人数不能超过2000'),
  equipment: z.array(z.enum(Object.keys(roomEquipment) as [RoomEquipment, ...RoomEquipment[]])).default([]),
  photoFileId: z.string().nullable().default(null),
  needsApproval: z.boolean().default(false),
  available: z.boolean().default(true),
});
export type RoomBody = z.infer<typeof roomBody>;

/**
 * POST /api/meeting body (create; also the full body of an edit). A meeting has a room, an online link, or both.
 * The time checks are written as "not wrong" so a malformed time only shows its own format message.
 */
export const meetingBody = z
  .object({
    subject: z.string().trim().min(1, rule.subject.required).max(rule.subject.max, rule.subject.tooLong),
    agenda: z.string().max(rule.agenda.max, rule.agenda.tooLong).default(''),
    roomId: z.string().min(1).nullable().default(null),
    onlineLink: z
      .url({ protocol: /^https?$/, error: '线上会议链接格式不正确' })
      .max(500, '线上会议链接过长')
      .nullable()
      .default(null),
    startAt: instant('开始时间'),
    endAt: instant('结束时间'),
    hostDeptId: z.string().min(1, '请选择主办部门'),
    inviteeIds: z.array(z.string().min(1)).min(1, rule.invitees).max(1000, '参会人员不能超过1000个'),
    materialFileIds: z.array(z.string().min(1)).max(20, '会议材料不能超过20个').default([]),
    channels: z.array(z.enum(channelKeys)).default(['app']),
  })
  .refine((m) => !(Date.parse(m.endAt) <= Date.parse(m.startAt)), {
    message: rule.endAfterStart,
    path: ['endAt'],
  })
  .refine((m) => !(Date.parse(m.endAt) - Date.parse(m.startAt) > 24 * 3_600_000), {
    message: '会议时长不能超过24小时',
    path: ['endAt'],
  })
  .refine((m) => m.roomId || m.onlineLink, { message: rule.place, path: ['roomId'] });
export type MeetingBody = z.infer<typeof meetingBody>;

/** POST /api/meeting/:id/response body: the invitee's answer. */
export const meetingResponseBody = z.object({
  response: z.enum(['accepted', 'declined'], { error: '请选择接受或拒绝' }),
  /** 拒绝原因（选填）; ignored with 接受 */
  reason: z
    .string({ error: '拒绝原因格式不正确' })
    .trim()
    .max(rule.declineReason.max, rule.declineReason.tooLong)
    .optional(),
});

/** POST /api/meeting/:id/minutes body: minutes may be written once the meeting has ended. */
export const meetingMinutesBody = z.object({
  minutes: z.string().trim().min(1, '请输入会议纪要').max(20000, '会议纪要不能超过20000字'),
});

/**
 * POST /api/meeting/sign-in body: the scanned QR text, the pasted code, or six digits (with meetingId from the
 * meeting's own link; without it the server finds which of the caller's meetings open for sign-in shows them).
 */
export const signInBody = z.object({
  code: z.string().trim().min(1, '请输入签到码').max(300, '签到码无效'),
  meetingId: z.string().min(1).optional(),
});
export type SignInBody = z.infer<typeof signInBody>;

/** POST /api/meeting/manual-sign-in body: the organiser signs invitees in by hand. */
export const manualSignInBody = z.object({ userIds: z.array(z.string().min(1)).min(1, '请选择签到人员').max(1000) });

/**
 * GET /api/meeting/rooms?date=YYYY-MM-DD[&days=7]: every room with its bookings and free periods on that Shanghai day
 * (or the `days` days from it, e.g. a week's availability; free periods then run day after day).
 */
export const roomDayQuery = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为YYYY-MM-DD')
    .refine(isCalendarDate, '日期不存在，请检查年、月、日'),
  days: z.coerce
    .number({ error: '天数必须是数字' })
    .int('天数必须是整数')
    .min(1, '天数至少为1')
    .max(7, '天数最多为7')
    .default(1),
});

/** GET /api/meeting/list/:kind?pageNum&pageSize&keyword */
export const meetingListQuery = z.object({
  ...pageFields,
  keyword: keywordField(100),
});

/** POST /api/meeting/:id/cancel body. */
export const meetingCancelBody = z.object({ reason: z.string().trim().max(200, '取消原因不能超过200字').default('') });
