import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider, onlineManager } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { AiConversation, AiMessage, AiStreamEvent } from '@contract/ai';
import { http } from '@/api/http';
import { configureOutbox } from '@/offline/outbox-config';
import { httpSender } from '@/offline/http-sender';
import { AiPage } from '@/features/ai/components/ai-page';

// The AI page with its real hooks, HTTP client, outbox and stream reader; only the network under them is scripted:
// axios' adapter answers the JSON calls from an in-memory store, and `fetch` answers /ask with a stream the test
// writes event by event (and sees closed when the page stops it).

export const CONVERSATION = '33333333-3333-4333-8333-333333333333';

export interface OpenStream {
  url: string;
  text: string;
  signal: AbortSignal;
  send(event: AiStreamEvent): void;
  /** ends the answer as the server does: stores it, then closes the stream */
  finish(event?: AiStreamEvent): void;
}

export function aiNetwork() {
  const conversations: AiConversation[] = [];
  const messages = new Map<string, AiMessage[]>();
  const writes: InternalAxiosRequestConfig[] = [];
  const streams: OpenStream[] = [];
  let askRefusal: { status: number; msg: string } | null = null;
  let serial = 0;

  const envelope = (data: unknown) => ({ code: 200, msg: '', data });
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const method = (config.method ?? 'get').toUpperCase();
    let data: unknown = null;
    if (method !== 'GET') writes.push(config);
    const id = /\/api\/ai\/conversations\/([^/]+)/.exec(url)?.[1];
    if (method === 'GET' && url === '/api/ai/conversations') data = conversations;
    else if (method === 'GET' && id && url.endsWith('/messages')) data = messages.get(id) ?? [];
    else if (method === 'POST' && url === '/api/ai/conversations') {
      const created = {
        id: `4444444${++serial}-4444-4444-8444-444444444444`,
        title: '新对话',
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      };
      conversations.unshift(created);
      data = created;
    } else if (method === 'PUT' && id) {
      const found = conversations.find((c) => c.id === id)!;
      found.title = (JSON.parse(config.data as string) as { title: string }).title;
      data = found;
    } else if (method === 'DELETE' && id)
      conversations.splice(
        conversations.findIndex((c) => c.id === id),
        1,
      );
    return { status: 200, statusText: '200', data: envelope(data), headers: {}, config, request: {} };
  }) as AxiosAdapter;

  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    if (askRefusal) {
      const { status, msg } = askRefusal;
      return {
        ok: false,
        status,
        headers: new Headers({ 'content-type': 'application/json' }),
        body: null,
        json: async () => ({ code: status, msg, data: null }),
      } as unknown as Response;
    }
    const text = (JSON.parse(init.body as string) as { text: string }).text;
    const signal = init.signal!;
    const encoder = new TextEncoder();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const conversationId = /conversations\/([^/]+)\/ask/.exec(url)![1]!;
    const record = { content: '', status: 'complete' as AiMessage['status'], error: null as string | null };
    const store = () => {
      const now = new Date().toISOString();
      const list = messages.get(conversationId) ?? [];
      list.push({
        id: `q${++serial}`,
        conversationId,
        role: 'user',
        content: text,
        toolCalls: [],
        cards: [],
        status: 'complete',
        error: null,
        createdAt: now,
      });
      list.push({
        id: `a${++serial}`,
        conversationId,
        role: 'assistant',
        toolCalls: [],
        cards: [],
        createdAt: now,
        ...record,
      });
      messages.set(conversationId, list);
    };
    signal.addEventListener('abort', () => {
      record.status = 'stopped';
      store();
      controller.error(new DOMException('The user aborted a request.', 'AbortError'));
    });
    const stream: OpenStream = {
      url,
      text,
      signal,
      send: (event) => {
        if (event.type === 'delta') record.content += event.text;
        if (event.type === 'error') Object.assign(record, { status: 'error', error: event.message });
        controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
      },
      finish: (event = { type: 'done' }) => {
        stream.send(event);
        store();
        controller.close();
      },
    };
    streams.push(stream);
    return {
      ok: true,
      status: 200,
      headers: new Headers({ 'content-type': 'text/event-stream; charset=utf-8' }),
      body,
    } as unknown as Response;
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    conversations,
    messages,
    writes,
    streams,
    fetchMock,
    refuseAsk: (status: number, msg: string) => void (askRefusal = { status, msg }),
    /** a conversation the user already has */
    addConversation(id: string, title: string, history: AiMessage[] = []) {
      conversations.push({ id, title, createdAt: '2026-11-20T08:00:00Z', updatedAt: '2026-11-20T08:00:00Z' });
      messages.set(id, history);
    },
  };
}

export function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  onlineManager.setOnline(online);
}

/** /Ai (optionally one conversation open) and the pages its cards open. */
export function renderAiPage(conversationId?: string) {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, networkMode: 'offlineFirst' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  configureOutbox({ send: httpSender, getUserKey: () => 'lisi', isOnline: () => navigator.onLine, queryClient });
  const root = createRootRoute();
  const ai = createRoute({
    getParentRoute: () => root,
    path: '/Ai',
    validateSearch: (s: Record<string, unknown>): { conversationId?: string } => ({
      conversationId: typeof s.conversationId === 'string' ? s.conversationId : undefined,
    }),
    component: function Ai() {
      return <AiPage conversationId={ai.useSearch().conversationId} />;
    },
  });
  const detail = createRoute({
    getParentRoute: () => root,
    path: '/followWaitDetail',
    component: () => <p>待办详情页</p>,
  });
  const waitList = createRoute({
    getParentRoute: () => root,
    path: '/follow/waitList',
    component: () => <p>待办列表页</p>,
  });
  const start = conversationId ? `/Ai?conversationId=${conversationId}` : '/Ai';
  const router = createRouter({
    routeTree: root.addChildren([ai, detail, waitList]),
    history: createMemoryHistory({ initialEntries: [start] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}
