import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { SelectorNode } from '@contract/upms';
import {
  OrgUserSelector,
  type OrgUserSelectorProps,
  allSelected,
  setUsers,
  toggleUser,
} from '@/components/org-user-selector';

const org = (id: string, name: string, userCount: number): SelectorNode => ({
  id,
  name,
  realName: name,
  popCode: 'org',
  parentId: null,
  userCount,
});
const person = (id: string, name: string, orgName: string): SelectorNode => ({
  id,
  name,
  realName: name,
  popCode: 'user',
  parentId: null,
  orgName,
});
const zhang = person('u1', '张三', '集团');
const li = person('u2', '李四', '研发部');
const wang = person('u3', '王五', '研发部');

// the server as the selector calls see it (paths of spec §7)
const answers: Record<string, SelectorNode[]> = {
  '/api/upms/selector/tree/org/user/0': [org('g', '集团', 3)],
  '/api/upms/selector/tree/group/user/0': [{ ...org('f', '常用联系人', 1), popCode: 'group' }],
  '/api/upms/selector/tree/post/user/0': [{ ...org('p', '部门经理', 1), popCode: 'post' }],
  '/api/upms/selector/tree/org/user/g': [org('d', '研发部', 2), zhang],
  '/api/upms/selector/tree/org/user/d': [li, wang],
  '/api/upms/selector/tree/group/user/f': [li],
  '/api/upms/user/org/all/g': [zhang, li, wang],
  '/api/upms/user/org/all/d': [li, wang],
};

const get = vi.hoisted(() => vi.fn());
vi.mock('@/api/http', () => ({ get }));

beforeEach(() => {
  get.mockReset();
  get.mockImplementation(async (url: string, params?: { queryValue?: string }) => {
    if (params?.queryValue) return [zhang, li, wang].filter((u) => u.realName.includes(params.queryValue!));
    if (!(url in answers)) throw new Error(`unexpected ${url}`);
    return answers[url];
  });
});

function Harness(props: Partial<OrgUserSelectorProps>) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        打开
      </button>
      <OrgUserSelector
        {...props}
        visible={open}
        onClose={() => {
          props.onClose?.();
          setOpen(false);
        }}
        onConfirm={(users, values) => {
          props.onConfirm?.(users, values);
          setOpen(false);
        }}
      />
    </>
  );
}

function renderSelector(props: Partial<OrgUserSelectorProps> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Harness {...props} />
    </QueryClientProvider>,
  );
}

const chips = () => {
  const footer = screen.queryByRole('contentinfo', { name: '已选人员' });
  return footer
    ? within(footer)
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(' ×', ''))
    : [];
};

describe('selector selection rules (spec §4)', () => {
  it('ticking an org adds all its users de-duplicated; unticking removes them', () => {
    let selection = toggleUser(new Map(), li, true);
    selection = setUsers(selection, [zhang, li, wang], true);
    expect([...selection.keys()]).toEqual(['u2', 'u1', 'u3']);
    expect(allSelected(selection, [li, wang])).toBe(true);
    selection = setUsers(selection, [li, wang], false);
    expect([...selection.keys()]).toEqual(['u1']);
  });

  it('ticking a user toggles it; single mode keeps one', () => {
    let selection = toggleUser(new Map(), li, true);
    selection = toggleUser(selection, li, true);
    expect(selection.size).toBe(0);
    selection = toggleUser(toggleUser(new Map(), li, false), wang, false);
    expect([...selection.keys()]).toEqual(['u3']);
  });
});

describe('OrgUserSelector (spec §4)', () => {
  it('opens on the org tree and the group tree; the post tree only when asked', async () => {
    renderSelector();
    expect(await screen.findByRole('region', { name: '组织架构' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: /常用联系人/ })).toBeTruthy();
    expect(screen.getByRole('region', { name: '群组' })).toBeTruthy();
    expect(screen.queryByText('部门经理')).toBeNull();
    expect(get).not.toHaveBeenCalledWith('/api/upms/selector/tree/post/user/0', undefined, expect.anything());
  });

  it('offers the post tree when trees include post', async () => {
    renderSelector({ trees: ['org', 'group', 'post'] });
    expect(await screen.findByRole('button', { name: /部门经理/ })).toBeTruthy();
    expect(screen.getByRole('region', { name: '岗位' })).toBeTruthy();
  });

  it('drills into an org with a breadcrumb and goes back by it', async () => {
    renderSelector();
    await userEvent.click(await screen.findByRole('button', { name: /集团/ }));
    await userEvent.click(await screen.findByRole('button', { name: /研发部/ }));
    expect(await screen.findByLabelText('选择王五')).toBeTruthy();
    const crumbs = within(screen.getByRole('navigation', { name: '层级导航' })).getAllByRole('button');
    expect(crumbs.map((b) => b.textContent)).toEqual(['通讯录', '集团', '研发部']);
    await userEvent.click(crumbs[1]!);
    expect(await screen.findByLabelText('选择张三')).toBeTruthy();
    expect(screen.queryByLabelText('选择王五')).toBeNull();
  });

  it('ticking an org adds all its users without duplicates, unticking removes them, a user tick toggles', async () => {
    renderSelector();
    await userEvent.click(await screen.findByRole('button', { name: /集团/ }));
    await userEvent.click(await screen.findByRole('button', { name: /研发部/ }));
    await userEvent.click(await screen.findByLabelText('选择李四'));
    expect(chips()).toEqual(['李四']);
    await userEvent.click(screen.getByRole('button', { name: '集团' }));
    await userEvent.click(await screen.findByLabelText('全选研发部'));
    await waitFor(() => expect(chips()).toEqual(['李四', '王五']));
    expect((screen.getByLabelText('全选研发部') as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByLabelText('选择张三'));
    expect(screen.getByRole('button', { name: '确定(3)' })).toBeTruthy();
    await userEvent.click(screen.getByLabelText('全选研发部'));
    await waitFor(() => expect(chips()).toEqual(['张三']));
    await userEvent.click(screen.getByLabelText('选择张三'));
    expect(chips()).toEqual([]);
    expect(screen.getByRole('button', { name: '确定' })).toBeTruthy();
  });

  it('ticks a group by its members and removes a person by the chip', async () => {
    renderSelector();
    await userEvent.click(await screen.findByLabelText('全选常用联系人'));
    await waitFor(() => expect(chips()).toEqual(['李四']));
    await userEvent.click(screen.getByRole('button', { name: '移除李四' }));
    expect(chips()).toEqual([]);
  });

  it('searches people by queryValue and hides the breadcrumb meanwhile', async () => {
    renderSelector();
    await screen.findByRole('button', { name: /集团/ });
    await userEvent.type(screen.getByPlaceholderText('搜索姓名、账号或手机号'), '王{Enter}');
    expect(await screen.findByLabelText('选择王五')).toBeTruthy();
    expect(screen.queryByLabelText('选择李四')).toBeNull();
    expect(screen.queryByRole('navigation', { name: '层级导航' })).toBeNull();
    expect(get).toHaveBeenCalledWith('/api/upms/selector/tree/org/user/0', { queryValue: '王' }, expect.anything());
  });

  it('confirm emits the users and their values; cancel closes without emitting', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    renderSelector({ onConfirm, onClose, valueField: 'realName' });
    await userEvent.click(await screen.findByRole('button', { name: /集团/ }));
    await userEvent.click(await screen.findByLabelText('选择张三'));
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();

    // the popup's opening animation does not run in happy-dom; its content stays pointer-events: none meanwhile
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(screen.getByRole('button', { name: '打开' }));
    // a cancelled choice is forgotten: the picker opens again at the root with nothing ticked
    await user.click(await screen.findByRole('button', { name: /集团/ }));
    expect(((await screen.findByLabelText('选择张三')) as HTMLInputElement).checked).toBe(false);
    await user.click(screen.getByLabelText('选择张三'));
    await user.click(screen.getByRole('button', { name: '确定(1)' }));
    expect(onConfirm).toHaveBeenCalledWith([zhang], ['张三']);

    await user.click(screen.getByRole('button', { name: '打开' }));
    expect(await screen.findByRole('button', { name: '确定(1)' })).toBeTruthy();
  });

  it('single mode keeps one person and offers no org ticks', async () => {
    const onConfirm = vi.fn();
    renderSelector({ multiple: false, onConfirm });
    await userEvent.click(await screen.findByRole('button', { name: /集团/ }));
    expect(screen.queryByLabelText('全选研发部')).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: /研发部/ }));
    await userEvent.click(await screen.findByLabelText('选择李四'));
    await userEvent.click(screen.getByLabelText('选择王五'));
    expect(chips()).toEqual(['王五']);
    await userEvent.click(screen.getByRole('button', { name: '确定(1)' }));
    expect(onConfirm).toHaveBeenCalledWith([wang], ['u3']);
  });

  it('starts from the given value and shows names from the label field', async () => {
    renderSelector({ value: [{ ...li, nickname: '小李' } as SelectorNode], labelField: 'nickname' });
    expect(await screen.findByRole('button', { name: '移除小李' })).toBeTruthy();
  });

  it('shows 加载失败 with 重试 when a tree fails', async () => {
    get.mockImplementationOnce(async () => {
      throw new Error('boom');
    });
    renderSelector({ trees: ['org'] });
    await userEvent.click(await screen.findByRole('button', { name: '重试' }));
    expect(await screen.findByRole('button', { name: /集团/ })).toBeTruthy();
  });
});
