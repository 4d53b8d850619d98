/** Test helper: a live event stream read over HTTP, as the client's EventSource would. */
import { expect } from 'vitest';
import { LIVE_EVENTS_PATH } from '../../contract/live-events';

/** Opens the live event stream (GET /api/events) and collects the events named `event` (a module's; '*' = all). */
export async function listenLive<E>(baseUrl: string, uid: string, event: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${LIVE_EVENTS_PATH}?uid=${encodeURIComponent(uid)}`, {
    signal: controller.signal,
  });
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const events: E[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const state = { ended: false };
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return void (state.ended = true);
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if ((event === '*' || block.includes(`event: ${event}\n`)) && data)
            events.push(JSON.parse(data.slice(6)) as E);
        }
      }
    } catch {
      /* aborted */
    }
  })();
  return {
    events,
    /** settles when the stream is over (the server ended it, or close was called) */
    ended,
    /** whether the server ended the stream (close() does not count) */
    get endedByServer() {
      return state.ended;
    },
    close: () => controller.abort(),
  };
}
