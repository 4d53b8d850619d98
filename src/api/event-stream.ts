import { platformConfig } from '@/platform/platform-config';
import { NO_NETWORK_TEXT } from '@/ui/no-network-text';
import { ApiError } from './api-error';
import { appHeaders } from './app-headers';
import { reportNoResponse, reportResponse } from './reachability';
import { businessFailure, httpFailure } from './error-catalogue';

/** Text shown when a stream could not be opened or broke off: the streamed calls need the network. */
export const STREAM_NETWORK_TEXT = '网络连接失败，请检查网络后重试';

/** Splits SSE bytes into the `data` of each event (an event ends at a blank line; several data lines join with \n). */
export function createSseParser(onData: (data: string) => void): (chunk: string) => void {
  let buffer = '';
  return (chunk) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
        .join('\n');
      if (data) onData(data);
      end = buffer.indexOf('\n\n');
    }
  };
}

async function failureOf(response: Response): Promise<ApiError> {
  type Envelope = { code?: unknown; msg?: unknown } | null;
  const body = (await response.json().catch(() => null)) as Envelope;
  const msg = typeof body?.msg === 'string' ? body.msg : undefined;
  const code = typeof body?.code === 'number' ? body.code : undefined;
  // the caller shows the message where the answer would have been: silent, but 401/55555 still end the session
  if (response.ok && code !== undefined) return businessFailure(code, msg ?? '', null, true);
  return httpFailure(response.status, msg, code, true);
}

/**
 * POSTs a JSON body and hands each server-sent event's `data` to `onData` as it arrives (axios's XMLHttpRequest
 * transport cannot stream, so this one call uses fetch with the same headers and the same §8 error texts). Aborting `signal` closes
 * the connection, which the server takes as "stop". Resolves when the server ends the stream; rejects with an
 * ApiError (or the AbortError of a stop).
 */
export async function postEventStream(
  url: string,
  body: unknown,
  signal: AbortSignal,
  onData: (data: string) => void,
): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new ApiError('offline', NO_NETWORK_TEXT);
  let response: Response;
  try {
    response = await fetch(`${platformConfig.baseUrl}${url}`, {
      method: 'POST',
      headers: { ...appHeaders(url), 'Content-Type': 'application/json;charset=UTF-8', Accept: 'text/event-stream' },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    reportNoResponse();
    throw new ApiError('network', STREAM_NETWORK_TEXT);
  }
  reportResponse();
  if (!response.ok || !response.headers.get('content-type')?.includes('text/event-stream') || !response.body)
    throw await failureOf(response);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const feed = createSseParser(onData);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      feed(decoder.decode(value, { stream: true }));
    }
    feed(decoder.decode());
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError('network', STREAM_NETWORK_TEXT);
  }
}
