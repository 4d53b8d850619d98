import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { SelectorNode } from '@contract/upms';
import { http } from '@/api/http';
import { configureOutbox } from '@/offline/outbox-config';
import { httpSender } from '@/offline/http-sender';
import { dialog, toast } from '@/ui/feedback';
import { optionalIdSearch } from '@/features/addressbook/addressbook-search';
import { GroupListPage } from '@/features/addressbook/components/group-list-page';
import { GroupUserPage } from '@/features/addressbook/components/group-user-page';
import { renderPages, testQueryClient } from '../support/render-pages';

// 我的群组 and 群组成员 with their real hooks, outbox, HTTP client and OrgUserSelector; only the network under axios is
// an in-memory server that keeps the groups, so every write is seen again through the next read.
vi.mock('@/components/tab-bar/tab-bar', () => ({ TabBar: () => <nav aria-label="主导航" /> }));

const MINE = '11111111-1111-4111-8111-111111111111';
const PUBLIC = '22222222-2222-4222-8222-222222222222';
const org = (id: string, name: string, userCount: number): SelectorNode => ({
  id,
  name,
  realName: name,
  popCode: 'org',
  parentId: null,
  userCount,
});
const person = (id: string, name: string): SelectorNode => ({
  id,
  name,
  realName: name,
  popCode: 'user',
  parentId: 'd',
  orgName: '综合管理部',
});
const li = person('u2', '李四');
const zhao = person('u4', '赵六');
const people = new Map([li, zhao].map((p) => [p.id, p]));
const tree: Record<string, SelectorNode[]> = {
  '/api/upms/selector/tree/org/user/0': [org('g', '集团总部', 2)],
  '/api/upms/selector/tree/org/user/g': [org('d', '综合管理部', 2)],
  '/api/upms/selector/tree/org/user/d': [li, zhao],
};

interface StoredGroup {
  id: string;
  name: string;
  mine: boolean;
  members: SelectorNode[];
}
let groups: StoredGroup[] = [];
let writes: { method: string; url: string; body: unknown; key: unknown }[] = [];
let serial = 0;

function serveGroups() {
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const method = (config.method ?? 'get').toUpperCase();
    const body = typeof config.data === 'string' ? (JSON.parse(config.data) as Record<string, unknown>) : undefined;
    if (method !== 'GET') writes.push({ method, url, body, key: config.headers?.['Idempotency-Key'] });
    const [, groupId, , memberId] = /^\/api\/contacts\/groups\/([^/]+)(\/members(?:\/([^/]+))?)?$/.exec(url) ?? [];
    const group = groups.find((g) => g.id === groupId);
    const summary = (g: StoredGroup) => ({ id: g.id, name: g.name, mine: g.mine, memberCount: g.members.length });
    let data: unknown = null;
    // the selector also asks for its 群组 and 岗位 tabs; a thrown error would read as a lost network (offline)
    if (url.startsWith('/api/upms/selector/')) data = tree[url] ?? [];
    else if (url === '/api/contacts/groups' && method === 'GET') data = groups.map(summary);
    else if (url === '/api/contacts/groups' && method === 'POST') {
      const created = {
        id: `33333333-3333-4333-8333-33333333333${++serial}`,
        name: body!.name as string,
        mine: true,
        members: (body!.memberIds as string[]).map((id) => people.get(id)!),
      };
      groups.unshift(created);
      data = summary(created);
    } else if (group && method === 'GET') data = { ...summary(group), members: group.members };
    else if (group && method === 'PUT') group.name = body!.name as string;
    else if (group && method === 'DELETE' && memberId) group.members = group.members.filter((m) => m.id !== memberId);
    else if (group && method === 'DELETE') groups = groups.filter((g) => g !== group);
    else if (group && method === 'POST')
      group.members.push(...(body!.userIds as string[]).map((id) => people.get(id)!));
    else {
      // what the server answers for a group that is gone (a refetch after 删除群组 asks once more)
      const response = {
        status: 404,
        statusText: '404',
        data: { code: 404, msg: '群组不存在', data: null },
        headers: {},
        config,
        request: {},
      };
      throw Object.assign(new Error('Request failed with status code 404'), { isAxiosError: true, config, response });
    }
    return { status: 200, statusText: '200', data: { code: 200, msg: '', data }, headers: {}, config, request: {} };
  }) as AxiosAdapter;
}

function renderGroups(start: string) {
  const queryClient = testQueryClient();
  configureOutbox({ send: httpSender, getUserKey: () => 'zhangsan', isOnline: () => true, queryClient });
  const groupUser = (root: AnyRoute) => {
    const detail = createRoute({
      getParentRoute: () => root,
      path: '/addressbook/groupUser',
      validateSearch: optionalIdSearch,
      component: function GroupUser() {
        const { id } = detail.useSearch();
        return <GroupUserPage key={id ?? 'new'} id={id} />;
      },
    });
    return [detail];
  };
  const { router } = renderPages(
    { '/addressbook/group': GroupListPage, '/addressbook/userInfo': () => <p>名片</p> },
    { at: start, queryClient, routes: groupUser },
  );
  return router;
}

/** Picks people in the OrgUserSelector by drilling 集团总部 → 综合管理部 and ticking them. */
async function pickInSelector(names: string[]) {
  // the selector slides in: its rows ignore the pointer until the animation ends, which happy-dom never runs
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  // org rows read "name N人" (a member row on the page behind reads "李四…综合管理部")
  await user.click(await screen.findByRole('button', { name: /^集团总部/ }));
  await user.click(await screen.findByRole('button', { name: /^综合管理部/ }));
  for (const name of names) await user.click(await screen.findByLabelText(`选择${name}`));
  await user.click(screen.getByRole('button', { name: `确定(${names.length})` }));
}

// fireEvent: the dialog ignores the pointer until its opening animation ends, which happy-dom never runs
const confirmDialog = async () =>
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确认' }));
const memberNames = () =>
  within(screen.getByRole('list', { name: '群组成员' }))
    .getAllByRole('listitem')
    .map((row) => row.textContent ?? '');

beforeEach(() => {
  groups = [
    { id: MINE, name: '项目组', mine: true, members: [{ ...li }] },
    { id: PUBLIC, name: '全体党员', mine: false, members: [{ ...zhao }] },
  ];
  writes = [];
  serveGroups();
});
afterEach(async () => {
  toast.clear();
  dialog.clear();
  await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull(), { timeout: 5000 });
});

describe('通讯录 群组 /addressbook/group and /addressbook/groupUser', () => {
  it('lists my groups before public ones with member counts; 新建群组 creates one with picked members and opens it', async () => {
    const router = renderGroups('/addressbook/group');
    const list = await screen.findByRole('list', { name: '群组' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([expect.stringMatching(/项目组我创建的1人/), expect.stringMatching(/全体党员公共群组1人/)]);
    await userEvent.click(screen.getByRole('button', { name: '新建群组' }));
    await userEvent.click(await screen.findByRole('button', { name: '创建群组' }));
    expect(await screen.findByText('请输入群组名称')).toBeTruthy();
    expect(writes).toHaveLength(0);
    await userEvent.type(screen.getByPlaceholderText('请输入群组名称'), '  周报小组 ');
    await userEvent.click(screen.getByRole('button', { name: '选择成员（已选0人）' }));
    await pickInSelector(['李四', '赵六']);
    expect(screen.getByRole('button', { name: '选择成员（已选2人）' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '创建群组' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ id: groups[0]!.id }));
    expect(writes).toEqual([
      {
        method: 'POST',
        url: '/api/contacts/groups',
        body: { name: '周报小组', memberIds: ['u2', 'u4'] },
        key: expect.any(String),
      },
    ]);
    expect(await screen.findByRole('heading', { name: '周报小组' })).toBeTruthy();
    expect(memberNames()).toEqual([expect.stringContaining('李四'), expect.stringContaining('赵六')]);
  });

  it('the owner renames the group (an empty name is refused), adds a member with the selector and removes one', async () => {
    renderGroups(`/addressbook/groupUser?id=${MINE}`);
    await userEvent.click(await screen.findByRole('button', { name: '重命名' }));
    const name = screen.getByRole('textbox', { name: '群组名称' });
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请输入群组名称')).toBeTruthy();
    await userEvent.type(name, '新项目组');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('heading', { name: '新项目组' })).toBeTruthy();
    expect(groups[0]!.name).toBe('新项目组');

    await userEvent.click(screen.getByRole('button', { name: '添加成员' }));
    await pickInSelector(['赵六']);
    await waitFor(() =>
      expect(memberNames()).toEqual([expect.stringContaining('李四'), expect.stringContaining('赵六')]),
    );
    expect(screen.getByText('2人')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: '移除李四' }));
    expect(within(await screen.findByRole('dialog')).getByText('确定将李四移出群组吗？')).toBeTruthy();
    await confirmDialog();
    await waitFor(() => expect(memberNames()).toEqual([expect.stringContaining('赵六')]));
    expect(writes.map((w) => `${w.method} ${w.url}`)).toEqual([
      `PUT /api/contacts/groups/${MINE}`,
      `POST /api/contacts/groups/${MINE}/members`,
      `DELETE /api/contacts/groups/${MINE}/members/u2`,
    ]);
    expect(writes[1]!.body).toEqual({ userIds: ['u4'] });
  });

  it('删除群组 asks first, deletes and goes back to the list without it', async () => {
    const router = renderGroups(`/addressbook/groupUser?id=${MINE}`);
    await userEvent.click(await screen.findByRole('button', { name: '删除群组' }));
    expect(within(await screen.findByRole('dialog')).getByText('确定删除群组「项目组」吗？')).toBeTruthy();
    await confirmDialog();
    await waitFor(() => expect(router.state.location.pathname).toBe('/addressbook/group'));
    const list = await screen.findByRole('list', { name: '群组' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual([expect.stringContaining('全体党员')]),
    );
    expect(writes.map((w) => `${w.method} ${w.url}`)).toEqual([`DELETE /api/contacts/groups/${MINE}`]);
  });

  it('a public group is read-only: no rename, add, remove or delete', async () => {
    renderGroups(`/addressbook/groupUser?id=${PUBLIC}`);
    expect(await screen.findByRole('heading', { name: '全体党员' })).toBeTruthy();
    expect(memberNames()).toEqual([expect.stringContaining('赵六')]);
    for (const label of ['重命名', '添加成员', '删除群组', '移除赵六'])
      expect(screen.queryByRole('button', { name: label })).toBeNull();
  });
});
