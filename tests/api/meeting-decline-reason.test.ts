import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageDeliveries, messages } from '../../server/db/schema';
import { at, meetingClient, userId } from '../factories/meeting-client';
import { drivers, useServer } from './support/server';

// Issue 47 point 5: 拒绝 carries an optional reason the organiser reads in the 参会人 list (and in the reminder).

describe.each(drivers)('meeting decline reason on %s', (driver) => {
  const ctx = useServer(driver);
  const m = meetingClient(ctx);
  const answer = async (user: string, id: string, body: Record<string, unknown>) =>
    (await m.as(user)).post(`/api/meeting/${id}/response`, body);
  const reasonsSeenBy = async (user: string, id: string) =>
    Object.fromEntries((await m.detail(user, id)).participants.map((p) => [p.name, p.declineReason]));

  it('keeps the reason with 拒绝, shows it to the organiser and the decliner only, and tells the organiser', async () => {
    const subject = `预算评审${Date.now() % 100000}`;
    const created = await m.create(
      'lisi',
      m.body({ subject, startAt: at('2031-05-06', '14:00'), endAt: at('2031-05-06', '15:00') }),
    );
    const id = created.body.data.id;

    const declined = await answer('zhaoliu', id, { response: 'declined', reason: '  当天出差，无法参加  ' });
    expect([declined.status, declined.body.msg]).toEqual([200, '已拒绝邀请']);
    expect(await reasonsSeenBy('lisi', id)).toMatchObject({ 赵六: '当天出差，无法参加', 张三: null });
    expect((await reasonsSeenBy('zhaoliu', id))['赵六']).toBe('当天出差，无法参加');
    // another invitee sees the refusal, not why
    expect((await reasonsSeenBy('zhangsan', id))['赵六']).toBeNull();

    const told = await ctx.server.database.db
      .select({ content: messages.content })
      .from(messages)
      .innerJoin(messageDeliveries, eq(messageDeliveries.messageId, messages.id))
      .where(and(eq(messageDeliveries.receiverId, userId('lisi')), like(messages.title, `%${subject}%`)));
    expect(told.map((t) => t.content)).toContain(`赵六拒绝了「${subject}」的邀请，原因：当天出差，无法参加`);

    // the reason is optional, and an answer that changes drops the old one
    expect((await answer('zhangsan', id, { response: 'declined' })).status).toBe(200);
    expect((await reasonsSeenBy('lisi', id))['张三']).toBeNull();
    expect((await answer('zhaoliu', id, { response: 'accepted', reason: '不该保存' })).status).toBe(200);
    const after = (await m.detail('lisi', id)).participants.find((p) => p.name === '赵六');
    expect([after?.response, after?.declineReason]).toEqual(['accepted', null]);
  });

  it('refuses a reason over 200 characters or of the wrong type with a Chinese message, storing nothing', async () => {
    const id = (
      await m.create('lisi', m.body({ startAt: at('2031-05-07', '09:00'), endAt: at('2031-05-07', '10:00') }))
    ).body.data.id;
    const tooLong = await answer('zhaoliu', id, { response: 'declined', reason: '忙'.repeat(201) });
    expect([tooLong.status, tooLong.body.msg]).toEqual([400, '拒绝原因不能超过200字']);
    const wrongType = await answer('zhaoliu', id, { response: 'declined', reason: 42 });
    expect([wrongType.status, wrongType.body.msg]).toEqual([400, '拒绝原因格式不正确']);
    const still = (await m.detail('lisi', id)).participants.find((p) => p.name === '赵六');
    expect([still?.response, still?.declineReason]).toEqual(['pending', null]);
    expect((await answer('zhaoliu', id, { response: 'declined', reason: '忙'.repeat(200) })).status).toBe(200);
  });
});
