import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { dispatchLiveEvent } from '@/api/live-events';
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
  it('the flow module listens on its own stream', () => {
    expect(flowStream.path).toBe('/api/flow/events');
  });

  it('another user’s action updates the counts and refetches the lists and badges, not unrelated details', () => {
    const queryClient = cacheWithLists();
    dispatchLiveEvent(flowStream, JSON.stringify({ todo: 3, unread: 0, back: 0, receive: 0, origin: 'someone-else' }), queryClient, false);
    expect(queryClient.getQueryData(['flow', 'counts'])).toEqual({ todo: 3, unread: 0, back: 0, receive: 0 });
    expect(stale(queryClient, ['flow', 'list', 'todo', { keyword: '' }])).toBe(true);
    expect(stale(queryClient, ['message', 'badges'])).toBe(true);
    expect(stale(queryClient, ['flow', 'instance', 'i1'])).toBe(false);
  });

  it('an event caused by this client’s own write only updates the counts (the write already refetched)', () => {
    const queryClient = cacheWithLists();
    const key = rememberOwnWrite('key-of-my-approval');
    dispatchLiveEvent(flowStream, JSON.stringify({ todo: 2, unread: 0, back: 0, receive: 0, origin: key }), queryClient, false);
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
