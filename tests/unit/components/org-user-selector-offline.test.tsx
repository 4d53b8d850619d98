import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider, onlineManager } from '@tanstack/react-query';
import type { SelectorNode } from '@contract/upms';
import { OrgUserSelector } from '@/components/org-user-selector';
import { createAppQueryClient } from '@/app/query-client';

const node = (id: string, name: string, popCode: SelectorNode['popCode'], extra: Partial<SelectorNode> = {}) =>
  ({ id, name, realName: name, popCode, parentId: null, ...extra }) as SelectorNode;
const zhaoliu = node('u6', '赵六', 'user', { orgName: '综合管理部', mobile: '13800000006' });
const sunqi = node('u7', '孙琪', 'user', { orgName: '综合管理部' });

// offline the http layer fails at once (the app's queries then error instead of pausing): only the cache answers
const get = vi.hoisted(() => vi.fn());
vi.mock('@/api/http', () => ({ get }));
const networkDown = () => Object.assign(new Error('网络不可用'), { kind: 'network' });

function renderOffline(onConfirm: (users: SelectorNode[]) => void) {
  onlineManager.setOnline(false);
  get.mockRejectedValue(networkDown());
  const queryClient = createAppQueryClient();
  queryClient.setQueryData(['upms', 'selector', 'org', '0', ''], [node('o1', '综合管理部', 'org')]);
  queryClient.setQueryData(['upms', 'selector', 'org', 'o1', ''], [zhaoliu, sunqi]);
  queryClient.setQueryData(['upms', 'selector', 'group', '0', ''], []);
  render(
    <QueryClientProvider client={queryClient}>
      <OrgUserSelector visible multiple={false} onClose={() => undefined} onConfirm={onConfirm} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  // unmounted first: back online, a paused search would resume and reach the mock
  cleanup();
  onlineManager.setOnline(true);
  get.mockReset();
});

describe('the people picker offline (转办, 加签, 委派)', () => {
  it('lists the cached tree and picks a person from it', async () => {
    const onConfirm = vi.fn();
    renderOffline(onConfirm);
    await userEvent.click(await screen.findByRole('button', { name: /综合管理部/ }));
    await userEvent.click(await screen.findByRole('checkbox', { name: '选择赵六' }));
    await userEvent.click(screen.getByRole('button', { name: /^确定\(1\)/ }));
    expect(onConfirm.mock.calls[0]![0]).toEqual([zhaoliu]);
  });

  it('finds a cached person by name or mobile when the search cannot reach the server', async () => {
    renderOffline(() => undefined);
    const search = await screen.findByPlaceholderText('搜索姓名、账号或手机号');
    await userEvent.type(search, '赵{Enter}');
    expect(await screen.findByRole('checkbox', { name: '选择赵六' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: '选择孙琪' })).toBeNull();
    await userEvent.clear(search);
    await userEvent.type(search, '13800000006{Enter}');
    expect(await screen.findByRole('checkbox', { name: '选择赵六' })).toBeTruthy();
  });
});
