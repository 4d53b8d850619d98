import { afterEach, describe, expect, it, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { createAppQueryClient } from '@/app/query-client';

const offlineError = () => Object.assign(new Error('offline'), { kind: 'offline' });

afterEach(() => onlineManager.setOnline(true));

describe('app query client offline', () => {
  it('a never-cached read fails at once offline instead of waiting for the network (guards and loaders go on)', async () => {
    onlineManager.setOnline(false);
    const client = createAppQueryClient();
    let calls = 0;
    const read = client.fetchQuery({
      queryKey: ['flow', 'todo'],
      queryFn: () => (calls++, Promise.reject(offlineError())),
    });
    await expect(read).rejects.toThrow('offline');
    expect(calls).toBe(1);
  });

  it('keeps cached data when a refetch fails offline, and refetches what is shown when back online', async () => {
    onlineManager.setOnline(false);
    const client = createAppQueryClient();
    client.mount(); // what QueryClientProvider does
    client.setQueryData(['message', 'inbox'], { rows: ['cached'], total: 1 });
    const answers: Array<() => Promise<unknown>> = [
      () => Promise.reject(offlineError()),
      () => Promise.resolve({ rows: ['fresh'], total: 1 }),
    ];
    const { QueryObserver } = await import('@tanstack/react-query');
    const observer = new QueryObserver(client, {
      queryKey: ['message', 'inbox'],
      queryFn: () => answers.shift()!(),
      staleTime: 0,
    });
    const off = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('idle'));
    expect(observer.getCurrentResult().data).toEqual({ rows: ['cached'], total: 1 });

    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ rows: ['fresh'], total: 1 }));
    off();
    client.unmount();
  });
});
