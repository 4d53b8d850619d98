import type { FastifyInstance } from 'fastify';
import { createEventHub, textField, type EventHub } from '../../db/event-hub';

/** What changed on someone's calendar: the event (or meeting) and the request that caused it. */
export interface ScheduleChange {
  eventId: string | null;
  origin: string | null;
}

export type ScheduleEventHub = EventHub<ScheduleChange>;

export const SCHEDULE_CHANNEL = 'schedule_events';

// 日程 and 会议 (an answered or moved meeting changes calendars) publish on one hub per app, found by its database
const hubs = new WeakMap<object, Promise<ScheduleEventHub>>();

/** The app's 日程 hub, made on first use and closed with the app. */
export function scheduleEventHub(app: FastifyInstance): Promise<ScheduleEventHub> {
  let hub = hubs.get(app.db);
  if (!hub) {
    const made = createEventHub<ScheduleChange>(app, {
      channel: SCHEDULE_CHANNEL,
      parse: (p) => ({ eventId: textField(p.eventId), origin: textField(p.origin) }),
    });
    hubs.set(app.db, made);
    app.addHook('onClose', async () => {
      hubs.delete(app.db);
      await (await made).close();
    });
    hub = made;
  }
  return hub;
}
