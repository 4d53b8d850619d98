import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { ContactCard } from '@contract/contacts';
import type { SelectorNode } from '@contract/upms';
import { http } from '@/api/http';
import { configureOutbox } from '@/offline/outbox-config';
import { httpSender } from '@/offline/http-sender';
import { PendingWrites } from '@/offline/pending-writes';
import { replayOutbox } from '@/offline/replay';
import { userInfoSearch } from '@/features/addressbook/addressbook-search';
import { UserCardPage } from '@/features/addressbook/components/user-card-page';
import { toast } from '@/ui/feedback';
import { clearOutbox } from '../offline/outbox-harness';
import { renderPages, testQueryClient } from '../support/render-pages';

// 个人名片 with its real hooks, outbox and HTTP client; only the network under axios is scripted: it keeps whether
// 李四 is starred and can refuse the star.
const li: SelectorNode = {
  id: 'u2',
  name: '李四',
  realName: '李四',
  popCode: 'user',
  parentId: 'd',
  orgName: '综合管理部',
  postName: '部门经理',
  mobile: '13800000002',
};
const server = { favourite: false, refusal: null as string | null, writes: [] as string[] };

function scriptNetwork() {
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    let data: unknown = null;
    if (method === 'GET' && url === '/api/contacts/users/u2')
      data = { ...li, orgFullName: '集团总部/综合管理部', favourite: server.favourite } satisfies ContactCard;
    else if (method === 'GET' && url === '/api/contacts/favourites') data = server.favourite ? [li] : [];
    else if (url === '/api/contacts/favourites/u2') {
      server.writes.push(method);
      if (server.refusal) {
        const response = {
          status: 400,
          statusText: '400',
          data: { code: 400, msg: server.refusal, data: null },
          headers: {},
          config,
          request: {},
        };
        throw Object.assign(new Error('Request failed with status code 400'), { isAxiosError: true, config, response });
      }
      server.favourite = method === 'PUT';
    } else throw new Error(`unexpected ${method} ${url}`);
    return { status: 200, statusText: '200', data: { code: 200, msg: '', data }, headers: {}, config, request: {} };
  }) as AxiosAdapter;
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
}

function renderCard(initial = '/addressbook/userInfo?userId=u2') {
  const queryClient = testQueryClient();
  configureOutbox({ send: httpSender, getUserKey: () => 'zhangsan', isOnline: () => navigator.onLine, queryClient });
  const userInfo = (root: AnyRoute) => {
    const card = createRoute({
      getParentRoute: () => root,
      path: '/addressbook/userInfo',
      validateSearch: userInfoSearch,
      component: () => <UserCardPage {...card.useSearch()} />,
    });
    return [card];
  };
  const { router } = renderPages(
    { '/addressbook/index': () => <p>通讯录首页</p> },
    { at: initial, queryClient, routes: userInfo },
  );
  return { router, queryClient };
}

const TOAST_WAIT = { timeout: 5000 };

beforeEach(() => {
  server.favourite = false;
  server.refusal = null;
  server.writes = [];
  setOnline(true);
  scriptNetwork();
});
afterEach(async () => {
  toast.clear();
  setOnline(true);
  await clearOutbox();
});

describe('个人名片 /addressbook/userInfo', () => {
  it('opened without a person says 暂无数据 and offers the way back to 通讯录 (not 加载中... forever)', async () => {
    const { router } = renderCard('/addressbook/userInfo');
    expect(await screen.findByText('暂无数据')).toBeTruthy();
    expect(screen.queryByText('加载中...')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: '返回通讯录' }));
    expect(await screen.findByText('通讯录首页')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/addressbook/index');
  });

  it('收藏 offline shows ★ at once, lists them in 常用联系人 and waits in the outbox', async () => {
    const { queryClient } = renderCard();
    await screen.findByRole('button', { name: '☆ 收藏' });
    await queryClient.fetchQuery({ queryKey: ['contacts', 'favourites'], queryFn: async () => [] as SelectorNode[] });
    setOnline(false);
    fireEvent.click(screen.getByRole('button', { name: '☆ 收藏' }));
    expect(await screen.findByRole('button', { name: '★ 已收藏' })).toBeTruthy();
    expect(queryClient.getQueryData<SelectorNode[]>(['contacts', 'favourites'])?.map((u) => u.realName)).toEqual([
      '李四',
    ]);
    expect(await screen.findByText('已加入待同步队列，联网后自动提交', undefined, TOAST_WAIT)).toBeTruthy();
    expect(server.writes).toEqual([]);

    setOnline(true);
    await act(() => replayOutbox());
    expect(server.writes).toEqual(['PUT']);
    await waitFor(() => expect(server.favourite).toBe(true));
    expect(screen.getByRole('button', { name: '★ 已收藏' })).toBeTruthy();
  });

  it('a star the server refuses at once is put back, with the server’s reason', async () => {
    server.refusal = '该人员不在可见范围内';
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: '☆ 收藏' }));
    expect(await screen.findByText('该人员不在可见范围内', undefined, TOAST_WAIT)).toBeTruthy();
    expect(await screen.findByRole('button', { name: '☆ 收藏' })).toBeTruthy();
  });

  it('a star made offline and refused when replayed goes back to ☆, and the sync bar says it was not applied', async () => {
    renderCard();
    render(<PendingWrites />);
    await screen.findByRole('button', { name: '☆ 收藏' });
    setOnline(false);
    fireEvent.click(screen.getByRole('button', { name: '☆ 收藏' }));
    await screen.findByRole('button', { name: '★ 已收藏' });
    expect(await screen.findByText('1 项操作待同步')).toBeTruthy();

    server.refusal = '该人员已停用';
    setOnline(true);
    await act(() => replayOutbox());
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('收藏「李四」未完成：该人员已停用');
    expect(await screen.findByRole('button', { name: '☆ 收藏' })).toBeTruthy();
    expect(await screen.findByText('1 项操作未完成')).toBeTruthy();
  });
});
