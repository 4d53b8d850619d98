import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider, onlineManager } from '@tanstack/react-query';
import { GroupedResults, ModuleResults } from '@/features/search/components/search-results';
import { offlineIndexSize, searchOffline } from '@/features/search/offline/offline-search';
import { emitSessionEvent } from '@/lib/session-events';
import { seededClient } from './cached-fixture';

// unmounted first: back online, a mounted page would ask the server, which a unit test does not have
afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
});

function renderOffline(ui: React.ReactElement) {
  onlineManager.setOnline(false);
  const client = seededClient();
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}

describe('搜索 offline', () => {
  it('says it searches the device, groups what the cache holds and opens a hit', async () => {
    const onOpen = vi.fn();
    renderOffline(<GroupedResults keyword="bx" onOpen={onOpen} onMore={() => undefined} />);
    expect(screen.getByRole('status')).toHaveProperty('textContent', '离线搜索：仅搜索本机已缓存的内容');
    const flow = await screen.findByRole('region', { name: '审批' });
    const people = screen.getByRole('region', { name: '通讯录' });
    expect(within(people).getByText('白雪')).toBeTruthy();
    await userEvent.click(within(flow).getByText('张三的报销'));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ open: { module: 'flow', id: 'f1' } }));
  });

  it('says so when the cache holds nothing that matches', async () => {
    renderOffline(<GroupedResults keyword="周报" onOpen={() => undefined} onMore={() => undefined} />);
    await screen.findByText('本机缓存中没有找到相关内容');
  });

  it('lists one module’s cached hits for 查看全部', async () => {
    renderOffline(<ModuleResults keyword="会议室" module="meeting" onOpen={() => undefined} />);
    const list = await screen.findByRole('region', { name: '会议搜索结果' });
    expect(within(list).getAllByText('会议室', { selector: 'mark' }).length).toBeGreaterThan(0);
    expect(within(list).getByText('第一', { exact: false })).toBeTruthy();
  });

  it('drops the index when the person logs out', async () => {
    const client = seededClient();
    expect((await searchOffline(client, 'u1', '报销')).indexed).toBe(7);
    expect(offlineIndexSize()).toBe(7);
    await emitSessionEvent('logout');
    expect(offlineIndexSize()).toBe(0);
    // what the next session caches is what it finds: nothing of the last person's
    client.clear();
    expect((await searchOffline(client, 'u2', '报销')).groups).toEqual([]);
  });
});
