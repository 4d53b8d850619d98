/** Helpers for tests of GET /api/flow/events (server-sent events). */
import { expect } from 'vitest';
import { api } from './api-client';

import type { FlowLiveEvent } from '../../contract/live-events';

/** Opens GET /api/flow/events and collects the events it pushes. */
export async function listenFlowEvents(baseUrl: string, uid: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/flow/events?uid=${encodeURIComponent(uid)}`, { signal: controller.signal });
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const events: FlowLiveEvent[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (block.includes('event: flow') && data) events.push(JSON.parse(data.slice(6)) as FlowLiveEvent);
        }
      }
    } catch {
      /* aborted */
    }
  })();
  return { events, close: () => controller.abort() };
}

export async function startLeave(baseUrl: string, uid: string) {
  const definitions = (await api(baseUrl, uid).get<{ id: string; code: string }[]>('/api/flow/definitions')).body.data;
  const leave = definitions.find((d) => d.code === 'leave')!;
  const answer = await api(baseUrl, uid).post('/api/flow/instances', {
    definitionId: leave.id,
    formData: { leaveType: '3', period: ['2026-12-24', '2026-12-24'], days: 1, reason: '实时推送测试' },
  });
  expect(answer.status).toBe(200);
}

