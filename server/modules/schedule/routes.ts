import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  eventBody,
  eventDeleteQuery,
  eventEditBody,
  eventResponseBody,
  occurrenceRangeQuery,
} from '@contract/schedule-schemas';
import { ok } from '../../lib/app-error';
import { idParams } from '../../lib/validate';
import { currentUser } from '../../plugins/auth';
import { writeTransaction } from '../../plugins/write-transaction';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';
import { calendarRange } from './calendar-range';
import type { Db } from '../../db/client';
import { scheduleEventHub } from './events';
import { createEvent, deleteEvent, respondToEvent, updateEvent, type EventWritten } from './event-service';
import { calendarRows, eventDetail } from './read-service';
import { calendarIcs, currentFeedToken, eventIcs, feedOwner, renewFeedToken } from './feed-service';
import { enforce, feedRefusal } from './policy';
import { dayStart, parseDateKey } from '../../lib/shanghai-time';

const eventId = idParams('日程ID');
const feedParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{32}\.ics$/, '订阅地址无效') });
const icsHeaders = { 'content-type': 'text/calendar; charset=utf-8', 'cache-control': 'private, max-age=300' };

/** 日程: the calendar range, event CRUD with recurrence scopes, and the .ics download and subscription. */
export async function scheduleRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: [app.authenticate] };
  const hub = await scheduleEventHub(plain);
  app.live.add({ event: 'schedule', hub, idle: { eventId: null, origin: null }, state: async () => ({}) });

  /** A write in one transaction answering the id; once committed, the owner and participants hear it live. */
  const write = async (
    request: FastifyRequest,
    work: (tx: Db, userId: string) => Promise<EventWritten>,
    msg: string,
  ) => {
    const user = currentUser(request);
    let notified: string[] = [];
    const answer = await writeTransaction(
      request,
      async (tx) => {
        const written = await work(tx, user.id);
        notified = written.notified;
        return { id: written.id };
      },
      msg,
    );
    const change = { eventId: answer.data.id, origin: request.idempotency?.key ?? null };
    void hub
      .publish([user.id, ...notified], change)
      .catch((error) => app.log.error(error, 'schedule event publish failed'));
    return answer;
  };

  app.get('/api/schedule/occurrences', { ...auth, schema: { querystring: occurrenceRangeQuery } }, async (request) => {
    const from = dayStart(parseDateKey(request.query.from));
    const to = dayStart(parseDateKey(request.query.to) + 1);
    const rows = await calendarRows(app.db, currentUser(request).id, from, to);
    return ok(calendarRange(rows.events, rows.meetings, from, to));
  });

  app.post('/api/schedule/events', { ...auth, schema: { body: eventBody } }, async (request) =>
    write(request, (tx, userId) => createEvent(tx, userId, request.body), '日程已创建'),
  );
  app.get('/api/schedule/events/:id', { ...auth, schema: { params: eventId } }, async (request) =>
    ok(await eventDetail(app.db, currentUser(request).id, request.params.id)),
  );
  app.put('/api/schedule/events/:id', { ...auth, schema: { params: eventId, body: eventEditBody } }, async (request) =>
    write(request, (tx, userId) => updateEvent(tx, userId, request.params.id, request.body), '日程已修改'),
  );
  app.post(
    '/api/schedule/events/:id/response',
    { ...auth, schema: { params: eventId, body: eventResponseBody } },
    async (request) =>
      write(
        request,
        (tx, userId) => respondToEvent(tx, userId, request.params.id, request.body.response),
        request.body.response === 'accepted' ? '已接受日程' : '已拒绝日程',
      ),
  );
  app.delete(
    '/api/schedule/events/:id',
    { ...auth, schema: { params: eventId, querystring: eventDeleteQuery } },
    async (request) =>
      write(
        request,
        (tx, userId) => deleteEvent(tx, userId, request.params.id, request.query.scope, request.query.occurrenceDate),
        '日程已删除',
      ),
  );

  app.get('/api/schedule/export.ics', auth, async (request, reply) => {
    const ics = await calendarIcs(app.db, currentUser(request).id, request.hostname);
    return reply
      .headers({ ...icsHeaders, 'content-disposition': "attachment; filename*=UTF-8''schedule.ics" })
      .send(ics);
  });
  /** 添加到手机日历: one event (a series with its rule) as a file the phone's calendar imports */
  app.get('/api/schedule/events/:id/export.ics', { ...auth, schema: { params: eventId } }, async (request, reply) => {
    const { ics } = await eventIcs(app.db, currentUser(request).id, request.params.id, request.hostname);
    return reply.headers({ ...icsHeaders, 'content-disposition': "attachment; filename*=UTF-8''event.ics" }).send(ics);
  });
  const feedUrl = (request: FastifyRequest, token: string) => `webcal://${request.host}/api/schedule/feed/${token}.ics`;
  /** the address 订阅 shows again (null until one is made), so looking at it never breaks the one a phone holds */
  app.get('/api/schedule/feed', auth, async (request) => {
    const token = await currentFeedToken(app.db, currentUser(request).id);
    return ok({ url: token && feedUrl(request, token) });
  });
  /** a fresh secret subscription address (webcal://…) for the phone's calendar app; the old one stops working */
  app.post('/api/schedule/feed', auth, async (request) => {
    const token = await writeTransaction(
      request,
      (tx) => renewFeedToken(tx, currentUser(request).id),
      '订阅地址已生成',
    );
    return { ...token, data: { url: feedUrl(request, token.data) } };
  });
  // the calendar app polls without a session: the secret in the address is the credential
  app.get('/api/schedule/feed/:token', { schema: { params: feedParams } }, async (request, reply) => {
    const owner = await feedOwner(app.db, request.params.token.slice(0, -4));
    enforce(feedRefusal(owner));
    return reply.headers(icsHeaders).send(await calendarIcs(app.db, owner!, request.hostname));
  });
}
