import { describe, expect, it } from 'vitest';
import { eventBody, eventEditBody, occurrenceRangeQuery, recurrenceRule } from '@contract/schedule-schemas';
import { meetingStatuses, inviteeResponses } from '@contract/meeting';
import { meetingBody, roomBody, signInBody } from '@contract/meeting-schemas';

const messages = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

const event = { title: '客户拜访', startAt: '2026-11-23T09:00:00+08:00', endAt: '2026-11-23T10:00:00+08:00' };
const meeting = {
  subject: '周例会',
  startAt: event.startAt,
  endAt: event.endAt,
  hostDeptId: 'd1',
  inviteeIds: ['u1'],
  roomId: 'r1',
};

describe('schedule and meeting request bodies', () => {
  it('accepts a minimal event and fills the defaults', () => {
    expect(eventBody.parse(event)).toMatchObject({
      allDay: false,
      location: '',
      reminderMinutes: null,
      color: '#1989fa',
      recurrence: null,
    });
  });

  it('requires the end after the start, naming the field in Chinese', () => {
    expect(messages(eventBody.safeParse({ ...event, endAt: event.startAt }))).toEqual([
      'endAt: 结束时间必须晚于开始时间',
    ]);
    // offsets are honoured: 10:00 in Tokyo is 09:00 in Shanghai, the same instant as the start
    expect(eventBody.safeParse({ ...event, endAt: '2026-11-23T10:00:00+09:00' }).success).toBe(false);
    expect(messages(meetingBody.safeParse({ ...meeting, endAt: '2026-11-23T08:00:00+08:00' }))).toEqual([
      'endAt: 结束时间必须晚于开始时间',
    ]);
    expect(messages(meetingBody.safeParse({ ...meeting, endAt: 'soon' }))).toEqual(['endAt: 结束时间格式不正确']);
  });

  it('names missing or malformed fields in Chinese', () => {
    expect(messages(eventBody.safeParse({ ...event, title: '  ', startAt: '明天' }))).toEqual([
      'title: 请输入日程标题',
      'startAt: 开始时间格式不正确',
    ]);
    expect(messages(recurrenceRule.safeParse({ freq: 'weekly', count: 3, until: '2026-12-01' }))).toEqual([
      'until: 重复次数和截止日期只能选一个',
    ]);
    expect(messages(eventEditBody.safeParse({ ...event, scope: 'following' }))).toEqual([
      'occurrenceDate: 请指定要修改的日程日期',
    ]);
    expect(messages(occurrenceRangeQuery.safeParse({ from: '2026-12-01', to: '2026-11-01' }))).toEqual([
      'to: 结束日期不能早于开始日期',
    ]);
  });

  it('needs a room or an online link, invitees, and an http(s) link only', () => {
    expect(meetingBody.parse(meeting)).toMatchObject({ agenda: '', onlineLink: null, channels: ['app'] });
    expect(messages(meetingBody.safeParse({ ...meeting, roomId: null }))).toEqual([
      'roomId: 请选择会议室或填写线上会议链接',
    ]);
    expect(
      meetingBody.safeParse({ ...meeting, roomId: null, onlineLink: 'https://meeting.example/j/123' }).success,
    ).toBe(true);
    expect(messages(meetingBody.safeParse({ ...meeting, onlineLink: 'javascript:alert(1)' }))).toEqual([
      'onlineLink: 线上会议链接格式不正确',
    ]);
    expect(messages(meetingBody.safeParse({ ...meeting, inviteeIds: [] }))).toEqual(['inviteeIds: 请选择参会人员']);
  });

  it('checks rooms and sign-in codes', () => {
    expect(messages(roomBody.safeParse({ buildingId: 'b1', name: '第一会议室', capacity: 0 }))).toEqual([
      'capacity: 容纳人数至少为1',
    ]);
    expect(messages(signInBody.safeParse({ code: ' ' }))).toEqual(['code: 请输入签到码']);
  });

  it('labels statuses and responses in Chinese', () => {
    expect(Object.values(meetingStatuses)).toEqual(['待开始', '进行中', '已结束', '已取消', '待审批', '未通过']);
    expect(inviteeResponses).toEqual({ pending: '待回复', accepted: '已接受', declined: '已拒绝' });
  });
});
