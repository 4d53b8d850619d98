import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OutboxBatchResult } from '../../contract/outbox';
import { meetings, roomBookings } from '../../server/db/schema';
import { at, meetingClient, roomOf } from '../factories/meeting-client';
import { drivers, useServer } from './support/server';

// Issue 45 §2: a booking made offline is sent later, perhaps twice (the first answer lost), always with the key it was
// queued under; it books once, and a room taken meanwhile answers the conflict without booking anything.
describe.each(drivers)('a queued meeting booking on %s', (driver) => {
  const ctx = useServer(driver);
  const m = meetingClient(ctx);
  const stored = (subject: string) =>
    ctx.server.database.db.select({ id: meetings.id }).from(meetings).where(eq(meetings.subject, subject));

  it('replayed with the same Idempotency-Key, books once and answers the same', async () => {
    const lisi = await m.as('lisi');
    const key = { 'Idempotency-Key': randomUUID() };
    const body = m.body({
      subject: '离线预订的评审会',
      startAt: at('2031-05-06', '09:00'),
      endAt: at('2031-05-06', '10:00'),
    });
    const first = await lisi.post<{ id: string }>('/api/meeting', body, key);
    expect([first.status, first.body.msg]).toEqual([200, '会议已预订']);
    const again = await lisi.post<{ id: string }>('/api/meeting', body, key);
    expect([again.status, again.body]).toEqual([200, first.body]);
    // and once more as the page's replay sends it, in a batch
    const batch = await lisi.post<{ results: OutboxBatchResult[] }>('/api/outbox/batch', {
      items: [{ method: 'POST', url: '/api/meeting', body, idempotencyKey: key['Idempotency-Key'] }],
    });
    expect(batch.body.data.results[0]).toMatchObject({ status: 200, data: { id: first.body.data.id } });
    expect(await stored('离线预订的评审会')).toHaveLength(1);
    const booked = await ctx.server.database.db
      .select()
      .from(roomBookings)
      .where(eq(roomBookings.meetingId, first.body.data.id));
    expect(booked).toHaveLength(1);
  });

  it('a room taken meanwhile answers 409 naming the meeting and time, and books nothing', async () => {
    const slot = { roomId: roomOf('第二会议室'), startAt: at('2031-05-07', '14:00'), endAt: at('2031-05-07', '15:00') };
    const first = await (
      await m.as('zhangsan')
    ).post('/api/meeting', m.body({ ...slot, subject: '先到的周例会' }), {
      'Idempotency-Key': randomUUID(),
    });
    expect(first.status, first.body.msg).toBe(200);

    const lisi = await m.as('lisi');
    const batch = await lisi.post<{ results: OutboxBatchResult[] }>('/api/outbox/batch', {
      items: [
        {
          method: 'POST',
          url: '/api/meeting',
          body: m.body({
            ...slot,
            subject: '离线时订的会',
            startAt: at('2031-05-07', '14:30'),
            endAt: at('2031-05-07', '15:30'),
          }),
          idempotencyKey: randomUUID(),
        },
      ],
    });
    expect(batch.body.data.results[0]).toMatchObject({
      status: 409,
      msg: '该会议室在 14:00–15:00 已被「先到的周例会」预订',
    });
    expect(await stored('离线时订的会')).toHaveLength(0);
  });
});
