import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { FlowCounts } from '@contract/flow';
import type { SelectorNode } from '@contract/upms';
import { listOutbox } from '@/offline/outbox';
import { toast, dialog } from '@/ui/feedback';
import { QUEUED_TEXT } from '@/ui/write-feedback';
import { FlowListPage } from '@/features/follow/components/flow-list-page';
import { CommentBox } from '@/features/follow/components/comment-box';
import { dealEntryLabel } from '@/features/follow/api/act-on-task';
import { renderPages } from '../support/render-pages';
import { INSTANCE, LEAVE, TASK, runningLeave } from '../support/flow-fixtures';
import { offlineNetwork, offlineTodoClient, renderDealWith } from '../support/flow-pages';

// Issue 45 §2: 转办, 委派 and 评论 made offline wait in the outbox as 同意 does, the picker working from the cached trees.
const TITLE = '张三的请假申请';
const detail = runningLeave(LEAVE, { title: TITLE, abilities: { transfer: true, addSigner: true, delegate: true } });
const node = (id: string, name: string, popCode: SelectorNode['popCode']): SelectorNode => ({
  id,
  name,
  realName: name,
  popCode,
  parentId: null,
});

// the outbox lives in the file's IndexedDB: each test reads the entries of its own write
const queued = async (action: string) => (await listOutbox()).filter((e) => e.url.endsWith(action));

function offlineClient() {
  const queryClient = offlineTodoClient(detail, TITLE);
  // what 离线同步 left of the selector trees: the picker reads these keys
  queryClient.setQueryData(['upms', 'selector', 'org', '0', ''], [node('o1', '综合管理部', 'org')]);
  queryClient.setQueryData(['upms', 'selector', 'org', 'o1', ''], [node('u6', '赵六', 'user')]);
  queryClient.setQueryData(['upms', 'selector', 'group', '0', ''], []);
  return queryClient;
}

function renderDeal() {
  const queryClient = offlineClient();
  const { router } = renderDealWith(queryClient, { list: () => <FlowListPage kind="todo" /> });
  return { router, queryClient };
}

/** Chooses the action, picks 赵六 in the picker from the cached org tree, types an opinion and confirms. */
async function dealWithZhaoliu(action: string, opinion: string, choice?: RegExp) {
  fireEvent.click(await screen.findByRole('radio', { name: action }));
  if (choice) fireEvent.click(await screen.findByRole('radio', { name: choice }));
  fireEvent.click(await screen.findByRole('button', { name: '请选择人员' }));
  fireEvent.click(await screen.findByRole('button', { name: /综合管理部/ }));
  fireEvent.click(await screen.findByRole('checkbox', { name: '选择赵六' }));
  fireEvent.click(screen.getByRole('button', { name: /^确定\(1\)/ }));
  await screen.findByRole('button', { name: '赵六' });
  fireEvent.change(screen.getByPlaceholderText('请输入审批意见'), { target: { value: opinion } });
  fireEvent.click(screen.getByRole('button', { name: '确定' }));
  fireEvent.click(await screen.findByRole('button', { name: '确认' }, { timeout: 10_000 }));
}

afterEach(async () => {
  toast.clear();
  dialog.clear();
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
  await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull(), { timeout: 12_000 });
}, 15_000);

describe('办理 beyond 同意, offline', () => {
  it('a 转办 to someone from the cached picker is queued, named for them, and leaves 待办', async () => {
    offlineNetwork();
    const { router, queryClient } = renderDeal();
    await dealWithZhaoliu('转办', '请协助处理');
    await waitFor(() => expect(router.state.location.pathname).toBe('/follow/waitList'));
    expect(await screen.findByText(QUEUED_TEXT)).toBeTruthy();
    expect(await screen.findByText('王五的报销申请')).toBeTruthy();
    expect(screen.queryByText(TITLE)).toBeNull();
    expect(queryClient.getQueryData<FlowCounts>(['flow', 'counts'])?.todo).toBe(1);
    const [entry] = await queued('/transfer');
    expect(entry).toMatchObject({
      url: `/api/flow/tasks/${TASK}/transfer`,
      body: { opinion: '请协助处理', toUserId: 'u6' },
      label: `转办「${TITLE}」给 赵六`,
      verb: '转办',
      typedText: '请协助处理',
    });
    expect(entry!.idempotencyKey).toMatch(/\S{16,}/);
  });

  it('a 委派 is queued and keeps the task in 待办, waiting, as the server will list it', async () => {
    offlineNetwork();
    const { router, queryClient } = renderDeal();
    await dealWithZhaoliu('委派', '请帮忙看一下');
    await waitFor(() => expect(router.state.location.pathname).toBe('/follow/waitList'));
    expect(await screen.findByText(TITLE)).toBeTruthy();
    expect(screen.getByText('等待加签人处理')).toBeTruthy();
    expect(queryClient.getQueryData<FlowCounts>(['flow', 'counts'])?.todo).toBe(2);
    expect((await queued('/delegate')).map((e) => [e.label, e.verb])).toEqual([[`委派「${TITLE}」给 赵六`, '委派']]);
  });
});

describe('加签, offline', () => {
  it('a 后加签 (the asker approves now) is queued and leaves 待办', async () => {
    offlineNetwork();
    const { router } = renderDeal();
    await dealWithZhaoliu('加签', '请一并审批', /^后加签/);
    await waitFor(() => expect(router.state.location.pathname).toBe('/follow/waitList'));
    expect(await screen.findByText('王五的报销申请')).toBeTruthy();
    expect(screen.queryByText(TITLE)).toBeNull();
    expect((await queued('/add-signer')).map((e) => [e.label, e.body])).toEqual([
      [`加签「${TITLE}」：赵六`, expect.objectContaining({ userIds: ['u6'], kind: 'after' })],
    ]);
  });

  it('a 前加签 keeps the task in 待办, waiting on the people asked', async () => {
    offlineNetwork();
    const { router } = renderDeal();
    await dealWithZhaoliu('加签', '请先看', /^前加签/);
    await waitFor(() => expect(router.state.location.pathname).toBe('/follow/waitList'));
    expect(await screen.findByText(TITLE)).toBeTruthy();
    expect(screen.getByText('等待加签人处理')).toBeTruthy();
  });
});

describe('评论, offline', () => {
  it('is queued with its words kept for a refusal, and the box is emptied', async () => {
    offlineNetwork();
    const queryClient = offlineClient();
    renderPages({ '/': () => <CommentBox instanceId={INSTANCE} title={TITLE} /> }, { at: '/', queryClient });
    const box = await screen.findByLabelText('评论内容');
    fireEvent.change(box, { target: { value: '地铁上写的评论' } });
    fireEvent.click(screen.getByRole('button', { name: '发表评论' }));
    expect(await screen.findByText(QUEUED_TEXT)).toBeTruthy();
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    expect(await queued('/comments')).toEqual([
      expect.objectContaining({
        url: `/api/flow/instances/${INSTANCE}/comments`,
        body: { content: '地铁上写的评论', mentionIds: [] },
        label: `评论「${TITLE}」`,
        verb: '评论',
        typedText: '地铁上写的评论',
      }),
    ]);
  });
});

describe('the outbox bar’s words for a 办理', () => {
  it('names whom a 转办, 委派 or 加签 is for', () => {
    expect(dealEntryLabel('approve', TITLE)).toBe(`同意「${TITLE}」`);
    expect(dealEntryLabel('transfer', TITLE, ['张三'])).toBe(`转办「${TITLE}」给 张三`);
    expect(dealEntryLabel('add-signer', TITLE, ['孙琪', '周杰'])).toBe(`加签「${TITLE}」：孙琪、周杰`);
  });
});
