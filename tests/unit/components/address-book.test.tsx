import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import userEvent from '@testing-library/user-event';
import type { SelectorNode } from '@contract/upms';
import { OrgPage } from '@/features/addressbook/components/org-page';
import { UserCardPage } from '@/features/addressbook/components/user-card-page';
import { addressBookSearch, userInfoSearch } from '@/features/addressbook/addressbook-search';
import { renderPages, testQueryClient } from '../support/render-pages';

const org = (id: string, name: string, userCount: number): SelectorNode => ({
  id,
  name,
  realName: name,
  popCode: 'org',
  parentId: null,
  userCount,
});
const li: SelectorNode = {
  id: 'u2',
  name: '李四',
  realName: '李四',
  popCode: 'user',
  parentId: 'd',
  orgName: '综合管理部',
  postName: '部门经理',
  mobile: '13800000002',
  email: 'lisi@example.com',
};
const zhao: SelectorNode = {
  id: 'u4',
  name: '赵六',
  realName: '赵六',
  popCode: 'user',
  parentId: 'd',
  orgName: '综合管理部',
};

const card = (node: SelectorNode, orgFullName: string) => ({ ...node, orgFullName, favourite: false });
const answers: Record<string, unknown> = {
  '/api/contacts/users/u2': card(li, '集团总部/综合管理部'),
  '/api/contacts/users/u4': card(zhao, '集团总部/综合管理部'),
  '/api/upms/selector/tree/org/user/0': [org('g', '集团总部', 2)],
  '/api/upms/selector/tree/org/user/g': [org('d', '综合管理部', 2)],
  '/api/upms/selector/tree/org/user/d': [li, zhao],
};

const get = vi.hoisted(() => vi.fn());
vi.mock('@/api/http', () => ({ get }));
// the tab bar needs the router; it is not what these tests are about
vi.mock('@/components/tab-bar/tab-bar', () => ({ TabBar: () => <nav aria-label="主导航" /> }));

beforeEach(() => {
  get.mockReset();
  get.mockImplementation(async (url: string, params?: { queryValue?: string }) => {
    if (params?.queryValue) return [li, zhao].filter((u) => u.realName.includes(params.queryValue!));
    return answers[url] ?? [];
  });
});

/** The two address book routes as the app declares them (search validators included) over a memory history. */
function renderPage() {
  const searched = (root: AnyRoute) => {
    const book = createRoute({
      getParentRoute: () => root,
      path: '/addressbook/org',
      validateSearch: addressBookSearch,
      component: () => <OrgPage trail={book.useSearch().trail} />,
    });
    const card = createRoute({
      getParentRoute: () => root,
      path: '/addressbook/userInfo',
      validateSearch: userInfoSearch,
      component: () => <UserCardPage {...card.useSearch()} />,
    });
    return [book, card];
  };
  const { router } = renderPages(
    { '/email/compose': () => <p>写邮件页</p> },
    { at: '/addressbook/org', queryClient: testQueryClient(), routes: searched },
  );
  return router;
}

describe('通讯录 组织架构 /addressbook/org', () => {
  it('drills down the organisation with a breadcrumb and goes back by it', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /集团总部.*2人/ }));
    await userEvent.click(await screen.findByRole('button', { name: /综合管理部/ }));
    const people = await screen.findByRole('list', { name: '人员' });
    expect(
      within(people)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([expect.stringContaining('李四'), expect.stringContaining('赵六')]);
    const crumbs = within(screen.getByRole('navigation', { name: '层级导航' })).getAllByRole('button');
    expect(crumbs.map((b) => b.textContent)).toEqual(['组织架构', '集团总部', '综合管理部']);
    await userEvent.click(crumbs[0]!);
    expect(await screen.findByRole('button', { name: /集团总部/ })).toBeTruthy();
    expect(screen.queryByRole('list', { name: '人员' })).toBeNull();
  });

  it('Back after drilling goes up one level, not out of the address book', async () => {
    const router = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /集团总部/ }));
    await userEvent.click(await screen.findByRole('button', { name: /综合管理部/ }));
    await screen.findByRole('list', { name: '人员' });
    act(() => router.history.back());
    expect(await screen.findByRole('button', { name: /综合管理部/ })).toBeTruthy();
    const crumbs = within(screen.getByRole('navigation', { name: '层级导航' })).getAllByRole('button');
    expect(crumbs.map((b) => b.textContent)).toEqual(['组织架构', '集团总部']);
    expect(router.state.location.pathname).toBe('/addressbook/org');
  });

  it('a tap on a person opens their card: post, organisation path, call and SMS links, e-mail', async () => {
    const router = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /集团总部/ }));
    await userEvent.click(await screen.findByRole('button', { name: /综合管理部/ }));
    const row = await screen.findByRole('button', { name: /李四/ });
    expect(row.textContent).toContain('部门经理 · 综合管理部');
    await userEvent.click(row);
    expect(router.state.location.pathname).toBe('/addressbook/userInfo');
    expect(await screen.findByText('集团总部 / 综合管理部')).toBeTruthy();
    expect(screen.getByText('部门经理')).toBeTruthy();
    expect(screen.getByRole('link', { name: '拨打电话' }).getAttribute('href')).toBe('tel:13800000002');
    expect(screen.getByRole('link', { name: '发送短信' }).getAttribute('href')).toBe('sms:13800000002');
    expect(screen.getByRole('link', { name: 'lisi@example.com' }).getAttribute('href')).toBe('mailto:lisi@example.com');
    // 写邮件 opens the app's own compose page addressed to the colleague, without reloading the app
    await userEvent.click(screen.getByRole('link', { name: '写邮件' }));
    expect(await screen.findByText('写邮件页')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/email/compose');
    expect(router.state.location.search).toEqual({ toId: 'u2', toName: '李四' });
    act(() => router.history.back());
    act(() => router.history.back());
    await userEvent.click(await screen.findByRole('button', { name: /赵六/ }));
    expect(await screen.findAllByText('未填写')).toHaveLength(3);
  });

  it('searches people by queryValue and says 暂无搜索结果 when nobody matches', async () => {
    renderPage();
    await screen.findByRole('button', { name: /集团总部/ });
    const box = screen.getByPlaceholderText('搜索姓名、拼音或手机号');
    await userEvent.type(box, '李{Enter}');
    expect(await screen.findByRole('button', { name: /李四/ })).toBeTruthy();
    expect(get).toHaveBeenLastCalledWith('/api/upms/selector/tree/org/user/0', { queryValue: '李' }, expect.anything());
    expect(screen.queryByRole('navigation', { name: '层级导航' })).toBeNull();
    await userEvent.clear(box);
    await userEvent.type(box, '钱{Enter}');
    expect(await screen.findByText('暂无搜索结果')).toBeTruthy();
  });
});
