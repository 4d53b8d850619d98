import type { ChatModel, ModelChunk, ModelRequest, ToolCall } from './model';
import { ModelError } from './model';
import { sseData } from './sse-lines';
import {
  abortedError,
  badStreamError,
  cutStreamError,
  errorForNetwork,
  errorForStatus,
  timeoutError,
} from './upstream-errors';

/** Where the OpenAI-compatible service is (AI_BASE_URL, AI_API_KEY, AI_MODEL) and how long to wait for it. */
export interface UpstreamConfig {
  /** e.g. https://api.example.com/v1 or http://127.0.0.1:11434/v1; `/chat/completions` is appended */
  baseUrl: string;
  /** sent only to the service as `Authorization: Bearer …`; local model servers often need none */
  apiKey: string | null;
  model: string;
  /** no byte from the service for this long ends the request (default 30 s) */
  idleTimeoutMs?: number;
  /** the whole answer may take at most this long (default 120 s) */
  totalTimeoutMs?: number;
}

interface WireToolCallDelta {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: string };
}

interface WireChoice {
  delta?: { content?: unknown; tool_calls?: WireToolCallDelta[] };
  message?: {
    content?: unknown;
    tool_calls?: (WireToolCallDelta & { function: { name: string; arguments: string } })[];
  };
  finish_reason?: string | null;
}

async function* bytesOf(body: ReadableStream<Uint8Array>, onBytes: () => void): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      onBytes();
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** Tool-call fragments arrive by `index`: the id and name once, the JSON arguments in pieces. */
function accumulate(calls: Map<number, ToolCall>, deltas: WireToolCallDelta[]): void {
  for (const d of deltas) {
    const index = d.index ?? calls.size;
    const call = calls.get(index) ?? { id: '', name: '', arguments: '' };
    if (d.id) call.id = d.id;
    if (d.function?.name) call.name += d.function.name;
    if (d.function?.arguments) call.arguments += d.function.arguments;
    calls.set(index, call);
  }
}

function finalCalls(calls: Map<number, ToolCall>): ToolCall[] {
  return [...calls.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, call]) => ({ ...call, id: call.id || `call_${index}` }));
}

/** Parses one streamed chunk (or a whole non-streamed answer) into text and tool-call fragments. */
function parseChoice(data: string): { choice: WireChoice | null } {
  let parsed: { choices?: WireChoice[]; error?: unknown };
  try {
    parsed = JSON.parse(data);
  } catch {
    throw badStreamError();
  }
  if (parsed?.error) throw new ModelError('server', '模型服务在回答中出错，请重试');
  if (!parsed || typeof parsed !== 'object') throw badStreamError();
  return { choice: parsed.choices?.[0] ?? null };
}

/** An OpenAI-compatible chat-completions client that streams (`stream: true`) and honours stop and timeouts. */
export function createUpstreamModel(config: UpstreamConfig): ChatModel {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const idleMs = config.idleTimeoutMs ?? 30_000;
  const totalMs = config.totalTimeoutMs ?? 120_000;

  return {
    async *complete({ messages, tools, signal }: ModelRequest): AsyncGenerator<ModelChunk> {
      if (signal.aborted) throw abortedError();
      const controller = new AbortController();
      let timedOutAfter = 0;
      const stop = () => controller.abort();
      signal.addEventListener('abort', stop, { once: true });
      let idle: ReturnType<typeof setTimeout> | undefined;
      const arm = () => {
        clearTimeout(idle);
        idle = setTimeout(() => ((timedOutAfter = idleMs), controller.abort()), idleMs);
      };
      const total = setTimeout(() => ((timedOutAfter = totalMs), controller.abort()), totalMs);
      // whatever broke, the user's stop and our timeouts explain it better than the socket error they caused
      const explain = (error: unknown) =>
        signal.aborted
          ? abortedError()
          : timedOutAfter
            ? timeoutError(Math.round(timedOutAfter / 1000))
            : errorForNetwork(error);
      try {
        arm();
        const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
        if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
        const body = JSON.stringify({
          model: config.model,
          messages,
          stream: true,
          ...(tools.length ? { tools } : {}),
        });
        let res: Response;
        try {
          res = await fetch(url, { method: 'POST', headers, body, signal: controller.signal });
        } catch (error) {
          throw explain(error);
        }
        if (!res.ok) {
          await res.body?.cancel().catch(() => undefined);
          throw errorForStatus(res.status);
        }
        if (!res.body) throw badStreamError();
        const calls = new Map<number, ToolCall>();
        let finished = false;
        try {
          if ((res.headers.get('content-type') ?? '').includes('application/json')) {
            // a service that ignores `stream: true` answers with one JSON object
            const { choice } = parseChoice(await res.text());
            if (typeof choice?.message?.content === 'string' && choice.message.content)
              yield { type: 'delta', text: choice.message.content };
            accumulate(calls, choice?.message?.tool_calls ?? []);
            finished = Boolean(choice);
          } else {
            for await (const data of sseData(bytesOf(res.body, arm))) {
              if (data.trim() === '[DONE]') {
                finished = true;
                break;
              }
              const { choice } = parseChoice(data);
              if (!choice) continue;
              const text = choice.delta?.content;
              if (typeof text === 'string' && text) yield { type: 'delta', text };
              accumulate(calls, choice.delta?.tool_calls ?? []);
              if (choice.finish_reason) finished = true;
            }
          }
        } catch (error) {
          throw error instanceof ModelError && !signal.aborted && !timedOutAfter ? error : explain(error);
        }
        if (signal.aborted) throw abortedError();
        if (!finished) throw cutStreamError();
        if (calls.size) yield { type: 'tool_calls', calls: finalCalls(calls) };
      } finally {
        clearTimeout(idle);
        clearTimeout(total);
        signal.removeEventListener('abort', stop);
        // also closes the connection when the consumer stopped reading early
        controller.abort();
      }
    },
  };
}

/** The upstream model when AI_BASE_URL is set, else null (the embedded assistant answers). */
export function upstreamFromEnv(env: Record<string, string | undefined> = process.env): ChatModel | null {
  const baseUrl = env.AI_BASE_URL?.trim();
  if (!baseUrl) return null;
  return createUpstreamModel({
    baseUrl,
    apiKey: env.AI_API_KEY?.trim() || null,
    model: env.AI_MODEL?.trim() || 'gpt-4o-mini',
  });
}
