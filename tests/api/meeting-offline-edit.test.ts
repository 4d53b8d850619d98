import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OutboxBatchResult } from '../../contract/outbox';
import { meetings } from '../../server/db/schema';
import { at, meetingClient, roomOf } from '../factories/meeting-client';
import { drivers, useServer } from './support/server';

// Issue 45 §2: 修改会议 made offline is sent later, perhaps twice (the first answer lost), always with the key it was
// queued under; it changes the meeting once, and a meeting cancelled or a room taken meanwhile answers 409 in words.
describe.each(drivers)('a queued 修改会议 on %s', (driver) => {
  const ctx = useServer(driver);
  const m = meetingClient(ctx);
  const stored = async (id: string) =>
    (
      await ctx.server.database.db
        .select({ subject: meetings.subject, version: meetings.version })
        .from(meetings)
        .where(eq(meetings.id, id))
    )[0];
  const book = async (subject: string, day: string) => {
    const created = await m.create('lisi', m.body({ subject, startAt: at(day, '09:00'), endAt: at(day, '10:00') }));
    expect(created.status, created.body.msg).toBe(200);
    return created.body.data.id;
  };

  it('replayed with the same Idempotency-Key, changes the meeting once and answers the same', async () => {
    const id = await book('离线修改前', '2031-05-08');
    const before = await stored(id);
    const lisi = await m.as('lisi');
    const key = { 'Idempotency-Key': randomUUID() };
    const body = m.body({
      subject: '离线修改后',
      startAt: at('2031-05-08', '09:00'),
      endAt: at('2031-05-08', '10:00'),
    });
    const first = await lisi.put<{ id: string }>(`/api/meeting/${id}`, body, key);
    expect([first.status, first.body.msg]).toEqual([200, '会议已修改']);
    const again = await lisi.put<{ id: string }>(`/api/meeting/${id}`, body, key);
    expect([again.status, again.body]).toEqual([200, first.body]);
    const batch = await lisi.post<{ results: OutboxBatchResult[] }>('/api/outbox/batch', {
      items: [{ method: 'PUT', url: `/api/meeting/${id}`, body, idempotencyKey: key['Idempotency-Key'] }],
    });
    expect(batch.body.data.results[0]).toMatchObject({ status: 200, data: { id } });
    expect(await stored(id)).toEqual({ subject: '离线修改后', version: before!.version + 1 });
  });

  it('a meeting cancelled meanwhile answers 409 会议已取消 and keeps its subject', async () => {
    const id = await book('取消前的会', '2031-05-09');
    const lisi = await m.as('lisi');
    const cancelled = await lisi.post(`/api/meeting/${id}/cancel`, { reason: '改期' });
    expect(cancelled.status, cancelled.body.msg).toBe(200);
    const batch = await lisi.post<{ results: OutboxBatchResult[] }>('/api/outbox/batch', {
      items: [
        {
          method: 'PUT',
          url: `/api/meeting/${id}`,
          body: m.body({
            subject: '离线改的主题',
            startAt: at('2031-05-09', '09:00'),
            endAt: at('2031-05-09', '10:00'),
          }),
          idempotencyKey: randomUUID(),
        },
      ],
    });
    expect(batch.body.data.results[0]).toMatchObject({ status: 409, msg: '会议已取消' });
    expect((await stored(id))!.subject).toBe('取消前的会');
  });

  it('moved into a room taken meanwhile, answers 409 naming the meeting and time', async () => {
    const id = await book('要换时间的会', '2031-05-10');
    const taken = await m.create(
      'zhangsan',
      m.body({ subject: '先到的评审会', startAt: at('2031-05-10', '14:00'), endAt: at('2031-05-10', '15:00') }),
    );
    expect(taken.status, taken.body.msg).toBe(200);
    const answer = await (
      await m.as('lisi')
    ).put(
      `/api/meeting/${id}`,
      m.body({ roomId: roomOf('第二会议室'), startAt: at('2031-05-10', '14:30'), endAt: at('2031-05-10', '15:30') }),
      { 'Idempotency-Key': randomUUID() },
    );
    expect([answer.status, answer.body.msg]).toEqual([409, '该会议室在 14:00–15:00 已被「先到的评审会」预订']);
    expect((await stored(id))!.subject).toBe('要换时间的会');
  });
});
