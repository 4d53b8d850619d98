// @vitest-environment node
import './node-env';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUpstreamModel, type UpstreamConfig } from '../../../server/modules/ai/upstream';
import { ModelError, type ModelChunk } from '../../../server/modules/ai/model';
import { startFakeOpenAi, type FakeOpenAi } from '../../factories/fake-openai';

let fake: FakeOpenAi;
beforeAll(async () => (fake = await startFakeOpenAi()));
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const KEY = 'sk-secret-test-key';
const ask = { messages: [{ role: 'user' as const, content: '你好' }], tools: [] };
const model = (extra: Partial<UpstreamConfig> = {}) =>
  createUpstreamModel({ baseUrl: fake.baseUrl, apiKey: KEY, model: 'fake-1', ...extra });

async function collect(chunks: AsyncIterable<ModelChunk>): Promise<ModelChunk[]> {
  const out: ModelChunk[] = [];
  for await (const c of chunks) out.push(c);
  return out;
}

async function failure(chunks: AsyncIterable<ModelChunk>): Promise<ModelError> {
  try {
    await collect(chunks);
  } catch (error) {
    expect(error).toBeInstanceOf(ModelError);
    return error as ModelError;
  }
  throw new Error('expected the model to fail');
}

describe('upstream chat-completions client', () => {
  it('streams the tokens in order and sends model, stream:true and the key only as a bearer header', async () => {
    fake.script({ kind: 'tokens', tokens: ['你', '好', '，', '张三'] });
    const chunks = await collect(model().complete({ ...ask, signal: new AbortController().signal }));
    expect(chunks).toEqual(['你', '好', '，', '张三'].map((text) => ({ type: 'delta', text })));
    const [req] = fake.requests;
    expect(req.body).toMatchObject({ model: 'fake-1', stream: true, messages: [{ role: 'user', content: '你好' }] });
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.body.tools).toBeUndefined();
  });

  it('hands out each token before the next one is sent (a real stream, not a buffered answer)', async () => {
    fake.script({ kind: 'tokens', tokens: ['a', 'b', 'c'], delayMs: 150 });
    const started = Date.now();
    const times: number[] = [];
    for await (const _ of model().complete({ ...ask, signal: new AbortController().signal }))
      times.push(Date.now() - started);
    expect(times).toHaveLength(3);
    // a buffered answer would arrive all at once; a stream arrives with the server's pauses between tokens
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(100);
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(100);
  });

  it('assembles a tool call whose arguments arrive in pieces', async () => {
    fake.script({ kind: 'toolCall', id: 'call_7', name: 'open_approval', args: { instanceId: 'abc', note: '请假' } });
    const tools = [
      {
        type: 'function' as const,
        function: { name: 'open_approval', description: 'x', parameters: { type: 'object' } },
      },
    ];
    const chunks = await collect(model().complete({ ...ask, tools, signal: new AbortController().signal }));
    expect(chunks).toEqual([
      {
        type: 'tool_calls',
        calls: [{ id: 'call_7', name: 'open_approval', arguments: '{"instanceId":"abc","note":"请假"}' }],
      },
    ]);
    expect(fake.requests[0].body.tools?.[0].function.name).toBe('open_approval');
  });

  it('stop closes the upstream connection mid-stream', async () => {
    fake.script({ kind: 'tokens', tokens: Array.from({ length: 50 }, (_, i) => `t${i} `), delayMs: 50 });
    const stop = new AbortController();
    const got: ModelChunk[] = [];
    const error = await failure(
      (async function* () {
        for await (const c of model().complete({ ...ask, signal: stop.signal })) {
          got.push(c);
          if (got.length === 3) stop.abort();
          yield c;
        }
      })(),
    );
    expect(error.code).toBe('aborted');
    await fake.requests[0].closed;
    expect(fake.requests[0].clientClosed).toBe(true);
    expect(got.length).toBeLessThan(10);
  });

  it('a consumer that stops reading early also closes the connection', async () => {
    fake.script({ kind: 'tokens', tokens: Array.from({ length: 50 }, () => 'x'), delayMs: 30 });
    for await (const _ of model().complete({ ...ask, signal: new AbortController().signal })) break;
    await fake.requests[0].closed;
    expect(fake.requests[0].clientClosed).toBe(true);
  });

  it('times out when the service goes silent, and closes the connection', async () => {
    fake.script({ kind: 'hang' });
    const started = Date.now();
    const error = await failure(
      model({ idleTimeoutMs: 300 }).complete({ ...ask, signal: new AbortController().signal }),
    );
    expect(error.code).toBe('timeout');
    expect(error.message).toContain('没有响应');
    expect(Date.now() - started).toBeLessThan(2000);
    await fake.requests[0].closed;
    expect(fake.requests[0].clientClosed).toBe(true);
  });

  it('a slow but steady stream is not cut by the idle timeout, the total timeout still applies', async () => {
    fake.script({ kind: 'tokens', tokens: ['a', 'b', 'c', 'd'], delayMs: 150 });
    const chunks = await collect(
      model({ idleTimeoutMs: 400 }).complete({ ...ask, signal: new AbortController().signal }),
    );
    expect(chunks).toHaveLength(4);
    fake.script({ kind: 'tokens', tokens: Array.from({ length: 20 }, () => 'x'), delayMs: 100 });
    const error = await failure(
      model({ idleTimeoutMs: 400, totalTimeoutMs: 500 }).complete({ ...ask, signal: new AbortController().signal }),
    );
    expect(error.code).toBe('timeout');
  });

  it.each([
    [401, 'unauthorized', 'AI_API_KEY'],
    [403, 'unauthorized', 'AI_API_KEY'],
    [429, 'rate_limited', '稍后再试'],
    [404, 'bad_request', 'AI_MODEL'],
    [500, 'server', 'HTTP 500'],
    [503, 'server', 'HTTP 503'],
  ])(
    'HTTP %i becomes a clear Chinese message (%s) that never repeats the key or the body',
    async (status, code, hint) => {
      fake.script({ kind: 'status', status });
      const error = await failure(model().complete({ ...ask, signal: new AbortController().signal }));
      expect(error.code).toBe(code);
      expect(error.status).toBe(status);
      expect(error.message).toContain(hint);
      expect(error.message).toMatch(/[\u4e00-\u9fff]/);
      expect(error.message).not.toContain('sk-');
    },
  );

  it('a refused connection says the service cannot be reached', async () => {
    const closed = await startFakeOpenAi();
    const baseUrl = closed.baseUrl;
    await closed.close();
    const error = await failure(
      createUpstreamModel({ baseUrl, apiKey: KEY, model: 'm' }).complete({
        ...ask,
        signal: new AbortController().signal,
      }),
    );
    expect(error.code).toBe('unreachable');
    expect(error.message).toBe('无法连接模型服务，请检查 AI_BASE_URL 和网络');
  });

  it('a stream that is not JSON, or ends without [DONE], is reported as such', async () => {
    fake.script({ kind: 'garbage' });
    expect((await failure(model().complete({ ...ask, signal: new AbortController().signal }))).message).toContain(
      '无法识别',
    );
    fake.script({ kind: 'cut', tokens: ['半', '句'] });
    const got: ModelChunk[] = [];
    const error = await failure(
      (async function* () {
        for await (const c of model().complete({ ...ask, signal: new AbortController().signal })) {
          got.push(c);
          yield c;
        }
      })(),
    );
    expect(error.message).toBe('模型服务的回答中断了，请重试');
    expect(got).toHaveLength(2);
  });

  it('an already stopped request never reaches the service', async () => {
    const stop = new AbortController();
    stop.abort();
    expect((await failure(model().complete({ ...ask, signal: stop.signal }))).code).toBe('aborted');
    expect(fake.requests).toHaveLength(0);
  });
});
