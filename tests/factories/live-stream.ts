/** Test helper: a live event stream read over HTTP, as the client's EventSource would. */
import { expect } from 'vitest';

/** Opens a module's server-sent event stream (GET /api/flow/events, /api/meeting/events, …) and collects its events. */
export async function listenLive<E>(baseUrl: string, uid: string, path: string, event: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${path}?uid=${encodeURIComponent(uid)}`, { signal: controller.signal });
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const events: E[] = [];
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
          if (block.includes(`event: ${event}\n`) && data) events.push(JSON.parse(data.slice(6)) as E);
        }
      }
    } catch {
      /* aborted */
    }
  })();
  return { events, close: () => controller.abort() };
}
