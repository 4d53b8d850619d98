// @vitest-environment node
import './node-env';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AiStreamEvent } from '@contract/ai';
import { runConversation } from '../../../server/modules/ai/conversation-loop';
import type { ChatMessage } from '../../../server/modules/ai/model';
import { createUpstreamModel } from '../../../server/modules/ai/upstream';
import { startFakeOpenAi, type FakeOpenAi } from '../../factories/fake-openai';
import { FOREIGN_INSTANCE, OWN_INSTANCE, memoryDeps, wangwu, zhangsan } from './memory-deps';

let fake: FakeOpenAi;
beforeAll(async () => (fake = await startFakeOpenAi()));
afterAll(() => fake.close());
beforeEach(() => fake.reset());

async function answer(
  question: string,
  opts: { user?: typeof zhangsan; signal?: AbortSignal; maxRounds?: number; onEvent?: (e: AiStreamEvent) => void } = {},
) {
  const deps = memoryDeps();
  const messages: ChatMessage[] = [{ role: 'user', content: question }];
  const model = createUpstreamModel({ baseUrl: fake.baseUrl, apiKey: 'k', model: 'fake' });
  const events: AiStreamEvent[] = [];
  const run = runConversation({
    model,
    deps,
    user: opts.user ?? zhangsan,
    messages,
    signal: opts.signal ?? new AbortController().signal,
    maxRounds: opts.maxRounds,
  });
  for await (const e of run) {
    events.push(e);
    opts.onEvent?.(e);
  }
  return { events, messages, deps };
}

const last = (events: AiStreamEvent[]) => events[events.length - 1];

describe('conversation loop with an OpenAI-compatible model', () => {
  it('streams the answer and ends with one done', async () => {
    fake.script({ kind: 'tokens', tokens: ['您好', '，我能帮您'] });
    const { events, messages } = await answer('你好');
    expect(events).toEqual([{ type: 'delta', text: '您好' }, { type: 'delta', text: '，我能帮您' }, { type: 'done' }]);
    expect(messages[messages.length - 1]).toEqual({ role: 'assistant', content: '您好，我能帮您' });
  });

  it('runs the tool the model asks for, shows its card, and feeds the result back for the final answer', async () => {
    fake.script(
      { kind: 'toolCall', id: 'call_a', name: 'count_my_todos', args: {} },
      { kind: 'tokens', tokens: ['你有 3 个待办'] },
    );
    const { events } = await answer('我有几个待办');
    expect(events.map((e) => e.type)).toEqual(['tool', 'card', 'delta', 'done']);
    const card = events.find((e) => e.type === 'card');
    expect(card).toMatchObject({
      toolCallId: 'call_a',
      card: { kind: 'todoList', total: 3, moreHref: '/follow/waitList' },
    });
    if (card?.type === 'card' && card.card.kind === 'todoList') {
      expect(card.card.items[0].href).toBe(
        `/followWaitDetail?instanceId=${OWN_INSTANCE}&taskId=20000000-0000-4000-8000-000000000001`,
      );
    }
    const second = fake.requests[1].body.messages!;
    const toolTurn = second.find((m) => m.role === 'tool');
    expect(toolTurn?.tool_call_id).toBe('call_a');
    expect(JSON.parse(toolTurn!.content!)).toMatchObject({ total: 3 });
    expect(fake.requests[1].body.tools?.map((t) => t.function.name)).toContain('open_approval');
  });

  it("a tool asked for another user's instance gets nothing: no card, and nothing of it reaches the model", async () => {
    fake.script(
      { kind: 'toolCall', name: 'open_approval', args: { instanceId: FOREIGN_INSTANCE } },
      { kind: 'tokens', tokens: ['找不到'] },
    );
    const { events, deps } = await answer(`打开审批 ${FOREIGN_INSTANCE}`);
    expect(events.filter((e) => e.type === 'card')).toEqual([]);
    expect(deps.calls).toEqual([`getApproval:张三:${FOREIGN_INSTANCE}`]);
    const sentBack = JSON.stringify(fake.requests[1].body.messages);
    expect(sentBack).toContain('没有找到这条审批，或你没有查看它的权限');
    expect(sentBack).not.toContain('王五的病假');
    expect(sentBack).not.toContain('QJ-2026-0099');
  });

  it("the same tool for an approval the user may see returns its card, opening the user's task", async () => {
    fake.script(
      { kind: 'toolCall', name: 'open_approval', args: { instanceId: OWN_INSTANCE } },
      { kind: 'tokens', tokens: ['好的'] },
    );
    const { events } = await answer('打开那条报销');
    expect(events.find((e) => e.type === 'card')).toMatchObject({
      card: {
        kind: 'approval',
        title: '李四的报销申请',
        statusText: '审批中',
        href: `/followWaitDetail?instanceId=${OWN_INSTANCE}&taskId=20000000-0000-4000-8000-000000000001`,
      },
    });
    // and the owner of the other instance sees it, so the refusal above is the permission, not a broken lookup
    fake.script(
      { kind: 'toolCall', name: 'open_approval', args: { instanceId: FOREIGN_INSTANCE } },
      { kind: 'tokens', tokens: ['好的'] },
    );
    const own = await answer('打开我的病假', { user: wangwu });
    expect(own.events.find((e) => e.type === 'card')).toMatchObject({
      card: { kind: 'approval', title: '王五的病假（机密）' },
    });
  });

  it('a drafted request is only a prefilled link', async () => {
    fake.script(
      {
        kind: 'toolCall',
        name: 'draft_flow_request',
        args: { flowName: '请假', startDate: '2026-11-24', endDate: '2026-11-25', reason: '家中有事' },
      },
      { kind: 'tokens', tokens: ['请核对后提交'] },
    );
    const { events } = await answer('明天开始请两天假');
    const card = events.find((e) => e.type === 'card');
    expect(card).toMatchObject({
      card: {
        kind: 'startLink',
        definitionName: '请假',
        prefill: { period: ['2026-11-24', '2026-11-25'], reason: '家中有事' },
      },
    });
    if (card?.type === 'card' && card.card.kind === 'startLink') {
      const url = new URL(card.card.href, 'http://app.local');
      expect(url.pathname).toBe('/follow/followList');
      expect(JSON.parse(url.searchParams.get('prefill')!)).toEqual({
        period: ['2026-11-24', '2026-11-25'],
        reason: '家中有事',
      });
    }
  });

  it('an upstream failure ends the answer with one clear error', async () => {
    fake.script({ kind: 'status', status: 429 });
    const { events } = await answer('你好');
    expect(events).toEqual([{ type: 'error', message: '模型服务繁忙或额度已用完（HTTP 429），请稍后再试' }]);
  });

  it('an error after some text keeps the text and then reports the error', async () => {
    fake.script({ kind: 'cut', tokens: ['一半'] });
    const { events } = await answer('你好');
    expect(events).toEqual([
      { type: 'delta', text: '一半' },
      { type: 'error', message: '模型服务的回答中断了，请重试' },
    ]);
  });

  it('stop ends the answer as stopped and closes the upstream connection', async () => {
    fake.script({ kind: 'tokens', tokens: Array.from({ length: 40 }, (_, i) => `${i} `), delayMs: 40 });
    const stop = new AbortController();
    // stopped once the answer has begun: a fixed 200 ms fired before the request was even sent on a busy machine
    const { events } = await answer('写一篇长文', {
      signal: stop.signal,
      onEvent: (e) => e.type === 'delta' && stop.abort(),
    });
    expect(last(events)).toEqual({ type: 'done', stopped: true });
    expect(events.filter((e) => e.type === 'delta').length).toBeLessThan(20);
    await fake.requests[0].closed;
    expect(fake.requests[0].clientClosed).toBe(true);
  });

  it('a model that keeps calling tools is stopped after the round limit', async () => {
    fake.script(...Array.from({ length: 5 }, () => ({ kind: 'toolCall' as const, name: 'count_my_todos', args: {} })));
    const { events } = await answer('循环', { maxRounds: 3 });
    expect(fake.requests).toHaveLength(3);
    expect(last(events)).toEqual({ type: 'error', message: '助手调用工具的次数过多，已停止，请换个说法再试' });
  });

  it('unknown tools and malformed arguments become results the model can read, not crashes', async () => {
    fake.script({ kind: 'toolCall', name: 'delete_everything', args: {} }, { kind: 'tokens', tokens: ['抱歉'] });
    const { events } = await answer('删除');
    expect(events.map((e) => e.type)).toEqual(['tool', 'delta', 'done']);
    expect(JSON.stringify(fake.requests[1].body.messages)).toContain('没有名为 delete_everything 的工具');
  });
});
