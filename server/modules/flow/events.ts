import type { FastifyInstance } from 'fastify';
import { createEventHub, textField, type EventHub } from '../../db/event-hub';

/** What changed, as the live event tells it (contract/live-events.ts): the instance and the request that caused it. */
export interface FlowChange {
  instanceId: string | null;
  /** the Idempotency-Key of the write, so its own client can ignore the echo */
  origin: string | null;
}

/** Tells live connections that a user's flow lists or counts changed, across every server process. */
export type FlowEventHub = EventHub<FlowChange>;

// the hub the flow routes made, per app (found by its database): a write another module commits that starts or
// withdraws an instance (a 会议室预约 started by a room booking) tells the handlers live through it, as a flow route does
const hubs = new WeakMap<object, FlowEventHub>();

export const createFlowEventHub = async (app: FastifyInstance): Promise<FlowEventHub> => {
  const hub = await createEventHub<FlowChange>(app, {
    channel: 'flow_events',
    parse: (p) => ({ instanceId: textField(p.instanceId), origin: textField(p.origin) }),
  });
  hubs.set(app.db, hub);
  return hub;
};

/** The app's flow hub (undefined while the flow routes are not registered). */
export const flowEventHubOf = (app: FastifyInstance): FlowEventHub | undefined => hubs.get(app.db);
