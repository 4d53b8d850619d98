import type { FastifyInstance } from 'fastify';
import { roomDayQuery } from '@contract/meeting';
import { ok } from '../../lib/app-error';
import { idParams } from '../../lib/validate';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';
import { roomDay, roomsForDay } from './room-service';

const roomId = idParams('会议室ID');

/** 会议: rooms with their day's bookings (more routes follow: meetings, answers, sign-in). */
export async function meetingRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  // the session is checked before the schemas: a caller without one hears 401, never what their input lacks
  const auth = { preValidation: [app.authenticate] };

  app.get('/api/meeting/rooms', { ...auth, schema: { querystring: roomDayQuery } }, async (request) => ok(await roomsForDay(app.db, request.query.date)));
  app.get('/api/meeting/rooms/:id', { ...auth, schema: { params: roomId, querystring: roomDayQuery } }, async (request) =>
    ok(await roomDay(app.db, request.query.date, request.params.id)),
  );
}
