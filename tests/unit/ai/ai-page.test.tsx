import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AiMessage, TodoListCard } from '@contract/ai';
import { listOutbox } from '@/offline/outbox';
import { dialog, toast } from '@/ui/feedback';
import { CONVERSATION, aiNetwork, renderAiPage, setOnline } from './ai-network';

const todoCard: TodoListCard = {
  kind: 'todoList',
  total: 2,
  items: [
    {
      taskId: 't1',
      instanceId: 'i1',
      title: '张三的请假申请',
      definitionName: '请假',
      initiatorName: '张三',
      createdAt: '2026-11-20T08:00:00Z',
      href: '/followWaitDetail?instanceId=i1&taskId=t1',
    },
  ],
  moreHref: '/follow/waitList',
};
const stored = (role: AiMessage['role'], content: string, extra: Partial<AiMessage> = {}): AiMessage => ({
  id: `${role}-${content}`,
  conversationId: CONVERSATION,
  role,
  content,
  toolCalls: [],
  cards: [],
  status: 'complete',
  error: null,
  createdAt: '2026-11-20T08:00:00Z',
  ...extra,
});

async function ask(text: string) {
  fireEvent.change(await screen.findByLabelText('输入问题'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: '发送' }));
}

let net: ReturnType<typeof aiNetwork>;
beforeEach(() => {
  setOnline(true);
  net = aiNetwork();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  toast.clear();
  dialog.clear();
  setOnline(true);
  await waitFor(() => expect(document.querySelector('.adm-dialog, .adm-action-sheet')).toBeNull(), { timeout: 5000 });
});

describe('AI助手 chat', () => {
  it('an empty conversation offers the three suggestions; a chip asks it and the answer streams in piece by piece', async () => {
    net.addConversation(CONVERSATION, '新对话');
    renderAiPage(CONVERSATION);
    for (const chip of ['我的待办有哪些', '帮我写请假理由', '查找张三的电话'])
      await screen.findByRole('button', { name: chip });
    fireEvent.click(screen.getByRole('button', { name: '我的待办有哪些' }));
    await waitFor(() => expect(net.streams).toHaveLength(1));
    expect(net.streams[0]!.text).toBe('我的待办有哪些');
    expect(screen.getByRole('button', { name: '停止' })).toBeTruthy();

    net.streams[0]!.send({ type: 'delta', text: '你有 **2** 条' });
    await waitFor(() => expect(document.querySelector('.ai-markdown strong')?.textContent).toBe('2'));
    expect(screen.queryByText('待办 · 共 2 条')).toBeNull();
    net.streams[0]!.send({ type: 'tool', id: 'c1', name: 'list_my_todos', args: {} });
    net.streams[0]!.send({ type: 'card', toolCallId: 'c1', card: todoCard });
    await screen.findByText('待办 · 共 2 条');
    expect(screen.getByText('查看我的待办')).toBeTruthy();
    net.streams[0]!.finish();
    await screen.findByRole('button', { name: '发送' });
    // the stored answer (read back from history) replaces the streamed one: shown once
    await waitFor(() => expect(screen.getAllByText('我的待办有哪些')).toHaveLength(1));
  });

  it('tapping a to-do on the card opens its detail', async () => {
    net.addConversation(CONVERSATION, '待办', [
      stored('user', '我有几个待办'),
      stored('assistant', '你有 2 条待办', { cards: [todoCard] }),
    ]);
    const { router } = renderAiPage(CONVERSATION);
    fireEvent.click(await screen.findByRole('button', { name: /张三的请假申请/ }));
    await screen.findByText('待办详情页');
    expect(router.state.location.search).toMatchObject({ instanceId: 'i1', taskId: 't1' });
  });

  it('停止 closes the stream; the answer says it was stopped and 重试 asks the same question again', async () => {
    net.addConversation(CONVERSATION, '新对话');
    renderAiPage(CONVERSATION);
    await ask('帮我写请假理由');
    await waitFor(() => expect(net.streams).toHaveLength(1));
    net.streams[0]!.send({ type: 'delta', text: '因家中有事' });
    await screen.findByText('因家中有事');
    fireEvent.click(screen.getByRole('button', { name: '停止' }));
    expect(net.streams[0]!.signal.aborted).toBe(true);
    await screen.findByText('已停止回答');
    fireEvent.click(await screen.findByRole('button', { name: '重试' }));
    await waitFor(() => expect(net.streams).toHaveLength(2));
    expect(net.streams[1]!.text).toBe('帮我写请假理由');
  });

  it('an error event and a refused question are shown where the answer would be', async () => {
    net.addConversation(CONVERSATION, '新对话');
    renderAiPage(CONVERSATION);
    await ask('你好');
    await waitFor(() => expect(net.streams).toHaveLength(1));
    net.streams[0]!.finish({ type: 'error', message: 'AI服务响应超时，请稍后再试' });
    expect((await screen.findByRole('alert')).textContent).toBe('AI服务响应超时，请稍后再试');

    net.refuseAsk(429, '提问太频繁，请1分钟后再试');
    fireEvent.click(await screen.findByRole('button', { name: '重试' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('提问太频繁，请1分钟后再试'),
    );
  });

  it('Markdown in an answer never runs script and keeps only safe links', async () => {
    net.addConversation(CONVERSATION, '新对话');
    renderAiPage(CONVERSATION);
    await ask('表格');
    await waitFor(() => expect(net.streams).toHaveLength(1));
    net.streams[0]!.send({
      type: 'delta',
      text: '<img src=x onerror="alert(1)">\n\n[点我](javascript:alert(1)) [待办](/follow/waitList)\n\n| 名称 | 数量 |\n| --- | --- |\n| 待办 | 2 |\n\n```\ncode()\n```',
    });
    net.streams[0]!.finish();
    const markdown = await waitFor(() => {
      const node = document.querySelector('.ai-markdown table')?.closest('.ai-markdown');
      expect(node).toBeTruthy();
      return node!;
    });
    expect(markdown.querySelector('img')).toBeNull();
    expect(markdown.querySelector('[onerror]')).toBeNull();
    expect([...markdown.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['/follow/waitList']);
    expect(markdown.querySelector('pre code')?.textContent).toContain('code()');
  });

  it('复制 puts the answer on the clipboard', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    net.addConversation(CONVERSATION, '电话', [
      stored('user', '张三的电话'),
      stored('assistant', '张三的手机是 13800000001'),
    ]);
    renderAiPage(CONVERSATION);
    fireEvent.click(await screen.findByRole('button', { name: '复制' }));
    await screen.findByText('已复制', undefined, { timeout: 5000 });
    expect(writeText).toHaveBeenCalledWith('张三的手机是 13800000001');
  });
});

describe('AI助手 offline', () => {
  it('history stays readable and a question typed offline says the assistant needs the network', async () => {
    net.addConversation(CONVERSATION, '待办', [stored('user', '我有几个待办'), stored('assistant', '你有 2 条待办')]);
    renderAiPage(CONVERSATION);
    await screen.findByText('你有 2 条待办');
    setOnline(false);
    await screen.findByText('当前离线：可以查看历史对话，提问需要联网');
    await ask('查找张三的电话');
    expect((await screen.findByRole('alert')).textContent).toBe('AI助手需要联网才能回答，请联网后再试');
    expect(net.fetchMock).not.toHaveBeenCalled();
    expect(screen.getByText('你有 2 条待办')).toBeTruthy();
  });
});

describe('AI助手 conversations', () => {
  it('新对话 opens an empty conversation with the suggestions', async () => {
    const { router } = renderAiPage();
    await screen.findByText('还没有对话，点“新对话”开始提问');
    fireEvent.click(screen.getByRole('button', { name: '＋ 新对话' }));
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ conversationId: net.conversations[0]!.id }),
    );
    await screen.findByRole('button', { name: '查找张三的电话' });
  });

  it('重命名 and 删除 from a row’s 更多; offline the delete waits in the outbox', async () => {
    net.addConversation(CONVERSATION, '请假理由');
    net.addConversation('55555555-5555-4555-8555-555555555555', '查电话');
    renderAiPage();
    fireEvent.click(await screen.findByRole('button', { name: '更多操作：请假理由' }));
    fireEvent.click(await screen.findByRole('button', { name: '重命名' }));
    const input = await screen.findByLabelText('对话名称');
    fireEvent.change(input, { target: { value: '年假理由' } });
    fireEvent.click(screen.getByRole('button', { name: '确认' }));
    await screen.findByText('已重命名', undefined, { timeout: 5000 });
    const list = screen.getByRole('list', { name: '对话列表' });
    await within(list).findByText('年假理由');
    expect(net.writes.map((w) => [w.method, w.url, w.data])).toContainEqual([
      'put',
      `/api/ai/conversations/${CONVERSATION}`,
      JSON.stringify({ title: '年假理由' }),
    ]);

    setOnline(false);
    fireEvent.click(screen.getByRole('button', { name: '更多操作：查电话' }));
    fireEvent.click(await screen.findByRole('button', { name: '删除' }));
    // the delete dialog's own 删除 confirms (the rename dialog may still be closing beside it)
    const deleteDialog = await waitFor(() => {
      const found = Array.from(document.querySelectorAll<HTMLElement>('.adm-dialog')).find((d) =>
        d.textContent?.includes('删除对话'),
      );
      expect(found).toBeTruthy();
      return found!;
    });
    fireEvent.click(await within(deleteDialog).findByRole('button', { name: '删除' }));
    await screen.findByText('已加入待同步队列，联网后自动提交', undefined, { timeout: 5000 });
    await waitFor(() => expect(within(list).queryByText('查电话')).toBeNull());
    expect((await listOutbox()).map((e) => e.label)).toContain('删除对话「查电话」');
  });
});
