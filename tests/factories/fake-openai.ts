import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake answers to one request; requests take scripted replies in order, then `tokens` of 'ok'. */
export type FakeReply =
  | { kind: 'tokens'; tokens: string[]; delayMs?: number }
  | { kind: 'toolCall'; name: string; args: Record<string, unknown>; id?: string }
  | { kind: 'status'; status: number; body?: string }
  /** sends headers, then nothing: for timeouts */
  | { kind: 'hang' }
  /** a stream of data that is not JSON */
  | { kind: 'garbage' }
  /** a few tokens, then the socket is destroyed without [DONE] */
  | { kind: 'cut'; tokens: string[] };

export interface FakeRequest {
  headers: http.IncomingHttpHeaders;
  body: {
    model?: string;
    stream?: boolean;
    messages?: { role: string; content: string | null; tool_call_id?: string }[];
    tools?: { function: { name: string } }[];
  };
  /** true once the client closed the connection before the reply was complete */
  clientClosed: boolean;
  /** resolves when the connection closes, whoever closed it */
  closed: Promise<void>;
}

export interface FakeOpenAi {
  baseUrl: string;
  requests: FakeRequest[];
  script(...replies: FakeReply[]): void;
  /** forgets scripted replies not yet used and the recorded requests */
  reset(): void;
  close(): Promise<void>;
}

// replies the server itself cuts short, so their close is not counted as the client's
const cutByServer = new WeakSet<http.ServerResponse>();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

async function play(reply: FakeReply, res: http.ServerResponse, record: FakeRequest): Promise<void> {
  if (reply.kind === 'status') {
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(reply.body ?? JSON.stringify({ error: { message: 'Incorrect API key provided: sk-sec***' } }));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.flushHeaders();
  if (reply.kind === 'hang') return;
  if (reply.kind === 'garbage') {
    res.end('data: <html>not json</html>\n\n');
    return;
  }
  if (reply.kind === 'toolCall') {
    const args = JSON.stringify(reply.args);
    const half = Math.floor(args.length / 2);
    // split like real services do: id and name first, the arguments in pieces
    res.write(
      chunk({
        role: 'assistant',
        tool_calls: [
          { index: 0, id: reply.id ?? 'call_1', type: 'function', function: { name: reply.name, arguments: '' } },
        ],
      }),
    );
    res.write(chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(0, half) } }] }));
    res.write(chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(half) } }] }, 'tool_calls'));
    res.end('data: [DONE]\n\n');
    return;
  }
  res.write(': keep-alive\n\n');
  for (const token of reply.tokens) {
    if (record.clientClosed) return;
    res.write(chunk({ content: token }));
    if (reply.kind === 'tokens' && reply.delayMs) await sleep(reply.delayMs);
  }
  if (reply.kind === 'cut') {
    cutByServer.add(res);
    await sleep(50); // let the tokens reach the client before the reset discards them
    res.socket?.destroy();
    return;
  }
  res.write(chunk({}, 'stop'));
  res.end('data: [DONE]\n\n');
}

/** A real OpenAI-compatible chat-completions server on 127.0.0.1 that streams, calls tools and fails on demand. */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const queue: FakeReply[] = [];
  const requests: FakeRequest[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      let resolveClosed!: () => void;
      const record: FakeRequest = {
        headers: req.headers,
        body: {},
        clientClosed: false,
        closed: new Promise((r) => (resolveClosed = r)),
      };
      try {
        record.body = JSON.parse(raw);
      } catch {
        /* recorded as empty: the test asserts on it */
      }
      requests.push(record);
      res.on('close', () => {
        if (!res.writableFinished && !cutByServer.has(res)) record.clientClosed = true;
        resolveClosed();
      });
      if (req.url !== '/v1/chat/completions' || req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      void play(queue.shift() ?? { kind: 'tokens', tokens: ['ok'] }, res, record);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...replies) => queue.push(...replies),
    reset: () => {
      queue.length = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
