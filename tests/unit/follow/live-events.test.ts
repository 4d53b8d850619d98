import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { QueryClient } from '@tanstack/react-query';
import { dispatchLiveEvent, useLiveEvents } from '@/api/live-events';
import { http } from '@/api/http';
import { setUid } from '@/lib/uid-store';
import { rememberOwnWrite } from '@/api/own-writes';
import { liveStreams } from '@/modules';

const flowStream = liveStreams.find((s) => s.event === 'flow')!;

function cacheWithLists() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['flow', 'list', 'todo', { keyword: '' }], { pages: [], pageParams: [] });
  queryClient.setQueryData(['message', 'badges'], { flow: 1 });
  queryClient.setQueryData(['flow', 'instance', 'i1'], { id: 'i1' });
  return queryClient;
}
const stale = (queryClient: QueryClient, key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated;

describe('live flow events (typed per module, from the module list)', () => {
  it('another user’s action updates the counts and refetches the lists and badges, not unrelated details', () => {
    const queryClient = cacheWithLists();
    dispatchLiveEvent(
      flowStream,
      JSON.stringify({ todo: 3, unread: 0, back: 0, receive: 0, origin: 'someone-else' }),
      queryClient,
      false,
    );
    expect(queryClient.getQueryData(['flow', 'counts'])).toEqual({ todo: 3, unread: 0, back: 0, receive: 0 });
    expect(stale(queryClient, ['flow', 'list', 'todo', { keyword: '' }])).toBe(true);
    expect(stale(queryClient, ['message', 'badges'])).toBe(true);
    expect(stale(queryClient, ['flow', 'instance', 'i1'])).toBe(false);
  });

  it('an event naming a request (an action or a 评论 by someone else) reloads that request’s detail', () => {
    const queryClient = cacheWithLists();
    queryClient.setQueryData(['flow', 'instance', 'i2'], { id: 'i2' });
    dispatchLiveEvent(
      flowStream,
      JSON.stringify({ todo: 3, unread: 0, back: 0, receive: 0, instanceId: 'i1', origin: 'someone-else' }),
      queryClient,
      false,
    );
    expect(stale(queryClient, ['flow', 'instance', 'i1'])).toBe(true);
    expect(stale(queryClient, ['flow', 'instance', 'i2'])).toBe(false);
  });

  it('an event caused by this client’s own write only updates the counts (the write already refetched)', () => {
    const queryClient = cacheWithLists();
    const key = rememberOwnWrite('key-of-my-approval');
    dispatchLiveEvent(
      flowStream,
      JSON.stringify({ todo: 2, unread: 0, back: 0, receive: 0, origin: key }),
      queryClient,
      false,
    );
    expect(queryClient.getQueryData(['flow', 'counts'])).toMatchObject({ todo: 2 });
    expect(stale(queryClient, ['flow', 'list', 'todo', { keyword: '' }])).toBe(false);
    expect(stale(queryClient, ['message', 'badges'])).toBe(false);
  });

  it('the first message of a connection and events without origin (older servers) behave as before', () => {
    const queryClient = cacheWithLists();
    dispatchLiveEvent(flowStream, JSON.stringify({ todo: 1, unread: 0, back: 0, receive: 0 }), queryClient, true);
    expect(stale(queryClient, ['flow', 'list', 'todo', { keyword: '' }])).toBe(false);
    dispatchLiveEvent(flowStream, JSON.stringify({ todo: 1, unread: 0, back: 0, receive: 0 }), queryClient, false);
    expect(stale(queryClient, ['flow', 'list', 'todo', { keyword: '' }])).toBe(true);
  });
});

/** An EventSource that records what the app opened and lets the test push messages into it. */
class FakeEventSource {
  static CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  listeners = new Map<string, (message: MessageEvent<string>) => void>();
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(event: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.set(event, listener);
  }
  close() {
    this.closed = true;
  }
  push(event: string, data: object) {
    this.listeners.get(event)?.({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
}

describe('the live event connection', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeEventSource.opened = [];
    setUid(null);
  });

  it('opens one stream, with a ticket for its path, that carries every module’s events, and closes it on sign-out', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const tickets: unknown[] = [];
    http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
      tickets.push(JSON.parse(String(config.data)));
      return {
        status: 200,
        statusText: 'OK',
        data: { code: 200, msg: '', data: 'ticket-1' },
        headers: {},
        config,
        request: {},
      };
    }) as AxiosAdapter;
    setUid('session-token');
    const queryClient = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client: queryClient }, children);
    const { unmount } = renderHook(() => useLiveEvents(liveStreams), { wrapper });

    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const [source] = FakeEventSource.opened;
    expect(tickets).toEqual([{ path: '/api/events' }]);
    expect(new URL(source!.url, 'http://app').pathname).toBe('/api/events');
    expect(new URL(source!.url, 'http://app').searchParams.get('ticket')).toBe('ticket-1');
    expect([...source!.listeners.keys()].sort()).toEqual(['flow', 'mail', 'meeting', 'news', 'schedule']);

    source!.push('flow', {
      module: 'flow',
      kind: 'snapshot',
      todo: 5,
      unread: 0,
      back: 0,
      receive: 0,
      instanceId: null,
      origin: null,
    });
    expect(queryClient.getQueryData(['flow', 'counts'])).toEqual({ todo: 5, unread: 0, back: 0, receive: 0 });

    unmount();
    expect(source!.closed).toBe(true);
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});
