/** Helpers for tests of the flow module's live events (GET /api/events, event: flow). */
import { expect } from 'vitest';
import { api } from './api-client';
import { listenLive } from './live-stream';

import type { FlowLiveEvent } from '../../contract/live-events';

/** Opens GET /api/events and collects the flow events it pushes. */
export const listenFlowEvents = (baseUrl: string, uid: string) => listenLive<FlowLiveEvent>(baseUrl, uid, 'flow');

export async function startLeave(baseUrl: string, uid: string) {
  const definitions = (await api(baseUrl, uid).get<{ id: string; code: string }[]>('/api/flow/definitions')).body.data;
  const leave = definitions.find((d) => d.code === 'leave')!;
  const answer = await api(baseUrl, uid).post('/api/flow/instances', {
    definitionId: leave.id,
    formData: { leaveType: '3', period: ['2026-12-24', '2026-12-24'], days: 1, reason: '实时推送测试' },
  });
  expect(answer.status).toBe(200);
}
