import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { reconnectDelay, useLiveEvents } from '@/api/live-events';
import { http } from '@/api/http';
import { setUid } from '@/lib/uid-store';
import { liveStreams } from '@/modules';

/** An EventSource that records what the app opened and lets the test open or break it. */
class FakeEventSource {
  static CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener() {}
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** the server refused or went away, and the browser gave the stream up */
  fail() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
}

const ticketAdapter = (async (config: InternalAxiosRequestConfig) => ({
  status: 200,
  statusText: 'OK',
  data: { code: 200, msg: '', data: 'ticket' },
  headers: {},
  config,
  request: {},
})) as AxiosAdapter;

/** Mounts the live connection, breaks its stream and returns after how many ms the app opened the next one. */
async function reconnectAfterDrop(random: number): Promise<number> {
  vi.spyOn(Math, 'random').mockReturnValue(random);
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client: queryClient }, children);
  const { unmount } = renderHook(() => useLiveEvents(liveStreams), { wrapper });
  try {
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeEventSource.opened).toHaveLength(1);
    FakeEventSource.opened[0]!.fail();
    for (let waited = 0; waited <= 70_000; waited += 50) {
      if (FakeEventSource.opened.length > 1) return waited;
      await vi.advanceTimersByTimeAsync(50);
    }
    throw new Error('never reconnected');
  } finally {
    unmount();
    FakeEventSource.opened = [];
    vi.mocked(Math.random).mockRestore();
  }
}

describe('reconnecting the live stream', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    setUid(null);
  });

  it('waits a random time whose ceiling doubles per failure, at least a second and at most a minute', () => {
    expect(reconnectDelay(0, () => 0)).toBe(1_000);
    expect(reconnectDelay(0, () => 1)).toBe(2_000);
    expect(reconnectDelay(1, () => 1)).toBe(4_000);
    expect(reconnectDelay(3, () => 1)).toBe(16_000);
    expect(reconnectDelay(20, () => 1)).toBe(60_000);
  });

  it('spreads a thousand phones dropped at once over the window instead of one second', () => {
    const delays = Array.from({ length: 1_000 }, () => reconnectDelay(2));
    const perSecond = new Map<number, number>();
    for (const delay of delays)
      perSecond.set(Math.floor(delay / 1_000), (perSecond.get(Math.floor(delay / 1_000)) ?? 0) + 1);
    // the window is 1–8 s: seven seconds, so about 143 a second; a fixed delay put all 1,000 in one
    expect(Math.max(...perSecond.values())).toBeLessThan(250);
    expect(perSecond.size).toBeGreaterThanOrEqual(7);
  });

  it('after its stream is given up, two phones come back at different times, each within the first window', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('EventSource', FakeEventSource);
    http.defaults.adapter = ticketAdapter;
    setUid('session-token');
    const early = await reconnectAfterDrop(0.1);
    const late = await reconnectAfterDrop(0.9);
    expect(early).toBeGreaterThanOrEqual(1_000);
    expect(late).toBeLessThanOrEqual(2_000);
    expect(late - early).toBeGreaterThanOrEqual(700);
  });
});
