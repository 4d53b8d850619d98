import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { meetingLists, signInMessages, type MeetingListKind } from '@contract/meeting';
import {
  manualSignInBody,
  meetingBody,
  meetingCancelBody,
  meetingListQuery,
  meetingMinutesBody,
  meetingResponseBody,
  roomDayQuery,
  signInBody,
} from '@contract/meeting-schemas';
import type { Db } from '../../db/client';
import { AppError, ok } from '../../lib/app-error';
import { idParams } from '../../lib/validate';
import { currentUser } from '../../plugins/auth';
import { writeTransaction } from '../../plugins/write-transaction';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';
import type { Principal } from '../session/service';
import {
  cancelMeeting,
  createMeeting,
  respondToMeeting,
  saveMinutes,
  updateMeeting,
  type MeetingWritten,
} from './meeting-service';
import { listMeetings, meetingDetail } from './read-service';
import { roomDay, roomsForDay, roomsFreeBusy } from './room-service';
import { createMeetingEventHub } from './events';
import { invitationsToAnswer } from './invitation-count';
import { flowEventHubOf } from '../flow/events';
import { scheduleEventHub } from '../schedule/events';
import {
  currentSignInToken,
  manualSignIn,
  signedInList,
  signIn,
  signInAttemptScope,
  wrongSignInCode,
} from './sign-in-service';
import { retryConflicts, WriteConflict } from './retry';
import { chargeSignInAttempt, forgiveSignInAttempts, refundSignInAttempt, SignInThrottled } from './sign-in-attempts';

const roomId = idParams('会议室ID');
const meetingId = idParams('会议ID');
const listParams = z.object({ kind: z.string() });
const isList = (kind: string): kind is MeetingListKind => Object.hasOwn(meetingLists, kind);

/** 会议: rooms and their days, my meetings, booking/changing/cancelling, answers, minutes and sign-in. */
export async function meetingRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  // the session is checked before the schemas: a caller without one hears 401, never what their input lacks
  const auth = { preValidation: [app.authenticate] };
  const hub = await createMeetingEventHub(plain);
  app.addHook('onClose', () => hub.close());
  const calendars = await scheduleEventHub(plain);
  app.live.add({
    event: 'meeting',
    hub,
    idle: { meetingId: null, origin: null },
    state: async (user) => ({ invitations: await invitationsToAnswer(app.db, user.id) }),
  });

  /** Once a write committed: everyone whose meetings (and so calendars) changed hears it live, the actor too. */
  const announce = (request: FastifyRequest, meetingId: string, userIds: string[]) => {
    const origin = request.idempotency?.key ?? null;
    const ids = [currentUser(request).id, ...userIds];
    void hub.publish(ids, { meetingId, origin }).catch((error) => app.log.error(error, 'meeting event publish failed'));
    void calendars
      .publish(ids, { eventId: meetingId, origin })
      .catch((error) => app.log.error(error, 'schedule event publish failed'));
  };
  /** a write in one transaction; its reminders go out once it committed */
  const write = async (
    request: FastifyRequest,
    work: (tx: Db, user: Principal) => Promise<MeetingWritten>,
    msg: string,
  ) => {
    const answer = await retryConflicts(() => writeTransaction(request, (tx) => work(tx, currentUser(request)), msg));
    announce(request, answer.data.id, answer.data.notified);
    // a 会议室预约 started or withdrawn: the handlers' 待办 (and the actor's own lists) changed, as after a flow route
    for (const flowChange of [
      answer.data.approval && { instanceId: answer.data.approval.instanceId, userIds: answer.data.approval.approvers },
      answer.data.withdrawn && {
        instanceId: answer.data.withdrawn.instanceId,
        userIds: answer.data.withdrawn.notified,
      },
    ]) {
      if (!flowChange) continue;
      const change = { instanceId: flowChange.instanceId, origin: request.idempotency?.key ?? null };
      void flowEventHubOf(plain)
        ?.publish([currentUser(request).id, ...flowChange.userIds], change)
        .catch((error) => app.log.error(error, 'flow event publish failed'));
    }
    return answer;
  };

  // a write the database kept breaking off (see retry.ts) tells the phone when to try again
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof WriteConflict) reply.header('Retry-After', String(error.retryAfterSeconds));
  });

  app.get('/api/meeting/rooms', { ...auth, schema: { querystring: roomDayQuery } }, async (request) =>
    ok(await roomsForDay(app.db, request.query.date, undefined, request.query.days)),
  );
  // the week view: every room's free/busy periods, compact (see RoomsFreeBusy)
  app.get('/api/meeting/rooms/free-busy', { ...auth, schema: { querystring: roomDayQuery } }, async (request) =>
    ok(await roomsFreeBusy(app.db, request.query.date, request.query.days)),
  );
  app.get(
    '/api/meeting/rooms/:id',
    { ...auth, schema: { params: roomId, querystring: roomDayQuery } },
    async (request) => ok(await roomDay(app.db, request.query.date, request.params.id, request.query.days)),
  );

  app.get(
    '/api/meeting/list/:kind',
    { ...auth, schema: { params: listParams, querystring: meetingListQuery } },
    async (request) => {
      const { kind } = request.params;
      if (!isList(kind)) throw new AppError(404, '列表不存在');
      return ok(await listMeetings(app.db, currentUser(request).id, kind, request.query));
    },
  );

  app.post('/api/meeting', { ...auth, schema: { body: meetingBody } }, async (request) =>
    write(request, (tx, user) => createMeeting(tx, user, request.body, app.deliverableChannels), '会议已预订'),
  );
  app.get('/api/meeting/:id', { ...auth, schema: { params: meetingId } }, async (request) =>
    ok(await meetingDetail(app.db, currentUser(request), request.params.id)),
  );
  app.put('/api/meeting/:id', { ...auth, schema: { params: meetingId, body: meetingBody } }, async (request) =>
    write(
      request,
      (tx, user) => updateMeeting(tx, user, request.params.id, request.body, app.deliverableChannels),
      '会议已修改',
    ),
  );
  app.post(
    '/api/meeting/:id/cancel',
    { ...auth, schema: { params: meetingId, body: meetingCancelBody } },
    async (request) =>
      write(
        request,
        (tx, user) => cancelMeeting(tx, user, request.params.id, request.body.reason, app.deliverableChannels),
        '会议已取消',
      ),
  );
  app.post(
    '/api/meeting/:id/response',
    { ...auth, schema: { params: meetingId, body: meetingResponseBody } },
    async (request) =>
      write(
        request,
        (tx, user) => respondToMeeting(tx, user, request.params.id, request.body),
        request.body.response === 'accepted' ? '已接受邀请' : '已拒绝邀请',
      ),
  );
  app.post(
    '/api/meeting/:id/minutes',
    { ...auth, schema: { params: meetingId, body: meetingMinutesBody } },
    async (request) =>
      write(request, (tx, user) => saveMinutes(tx, user, request.params.id, request.body.minutes), '会议纪要已保存'),
  );

  app.get('/api/meeting/:id/sign-in-token', { ...auth, schema: { params: meetingId } }, async (request) =>
    ok(await currentSignInToken(app.db, currentUser(request), request.params.id)),
  );
  app.get('/api/meeting/:id/sign-ins', { ...auth, schema: { params: meetingId } }, async (request) =>
    ok(await signedInList(app.db, currentUser(request), request.params.id)),
  );
  app.post(
    '/api/meeting/:id/manual-sign-in',
    { ...auth, schema: { params: meetingId, body: manualSignInBody } },
    async (request) =>
      retryConflicts(() =>
        writeTransaction(
          request,
          (tx) => manualSignIn(tx, currentUser(request), request.params.id, request.body.userIds),
          '签到成功',
        ),
      ).then((answer) => {
        announce(request, request.params.id, request.body.userIds);
        return answer;
      }),
  );
  app.post('/api/meeting/sign-in', { ...auth, schema: { body: signInBody } }, async (request, reply) => {
    const user = currentUser(request);
    // the attempt is counted before its code is checked, in its own statement: a refused code rolls the sign-in back, not the count
    const scope = await signInAttemptScope(app.db, request.body);
    if (scope) {
      try {
        await chargeSignInAttempt(app.db, user.id, scope);
      } catch (error) {
        if (error instanceof SignInThrottled) reply.header('Retry-After', String(error.retryAfterSeconds));
        throw error;
      }
    }
    const answer = await retryConflicts(() => writeTransaction(request, (tx) => signIn(tx, user, request.body))).catch(
      async (error: unknown) => {
        // only a wrong code is a guess: an authentic one refused for another reason gives its attempt back
        if (scope && !wrongSignInCode(error)) await refundSignInAttempt(app.db, user.id, scope);
        throw error;
      },
    );
    if (scope) await forgiveSignInAttempts(app.db, user.id, scope);
    // the organiser's sign-in desk and the participant's own detail refresh
    announce(request, answer.data.meetingId, [answer.data.organizerId]);
    return { ...answer, msg: answer.data.already ? signInMessages.already : signInMessages.done };
  });
}
