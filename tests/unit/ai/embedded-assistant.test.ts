import { describe, expect, it } from 'vitest';
import type { AiCard, AiStreamEvent } from '@contract/ai';
import { runConversation } from '../../../server/modules/ai/conversation-loop';
import { createEmbeddedModel } from '../../../server/modules/ai/embedded/embedded-model';
import type { ChatMessage } from '../../../server/modules/ai/model';
import { FOREIGN_INSTANCE, MAIL_MINE, NEWS_PARTY, OWN_INSTANCE, memoryDeps, wangwu, zhangsan } from './memory-deps';

const model = createEmbeddedModel(() => new Date('2026-11-23T02:00:00Z')); // Monday 10:00 in Shanghai

async function ask(question: string, user = zhangsan, history: ChatMessage[] = []) {
  const deps = memoryDeps();
  const messages: ChatMessage[] = [...history, { role: 'user', content: question }];
  const events: AiStreamEvent[] = [];
  for await (const e of runConversation({ model, deps, user, messages, signal: new AbortController().signal }))
    events.push(e);
  const text = events.map((e) => (e.type === 'delta' ? e.text : '')).join('');
  const cards = events.flatMap((e): AiCard[] => (e.type === 'card' ? [e.card] : []));
  return { events, text, cards, deps, messages };
}

describe('embedded assistant through the same tools and loop', () => {
  it('我有几个待办: counts through the tool and shows a card that opens each to-do', async () => {
    const { events, text, cards, deps } = await ask('我有几个待办');
    expect(events[0]).toMatchObject({ type: 'tool', name: 'count_my_todos' });
    expect(events[events.length - 1]).toEqual({ type: 'done' });
    expect(deps.calls).toContain('countMyTodos:张三');
    expect(text).toBe('你目前有 **3** 个待办。点开下面的卡片即可处理。');
    expect(cards).toHaveLength(1);
    const card = cards[0];
    expect(card.kind).toBe('todoList');
    if (card.kind === 'todoList') {
      expect(card.items.map((i) => i.title)).toEqual(['李四的报销申请', '赵六的出差申请', '钱七的采购申请']);
      expect(card.items[0].href).toBe(
        `/followWaitDetail?instanceId=${OWN_INSTANCE}&taskId=20000000-0000-4000-8000-000000000001`,
      );
    }
  });

  it('我的待办有哪些: lists them; a user with none is told so without a card', async () => {
    expect((await ask('我的待办有哪些')).text).toContain('1. 李四的报销申请（报销，李四 发起）');
    const none = await ask('我的待办有哪些', wangwu);
    expect(none.text).toBe('你目前没有待办。');
    expect(none.cards).toEqual([]);
  });

  it('查找张三的电话: returns colleague cards and their numbers', async () => {
    const { text, cards } = await ask('查找张三的电话');
    expect(cards.map((c) => c.kind === 'user' && c.realName)).toEqual(['张三', '张三丰']);
    expect(text).toContain('**张三** 研发部 · 手机 13800000001');
    expect((await ask('找一下孙悟空')).text).toBe('通讯录里没有找到“孙悟空”，可以换个姓名或部门再试。');
  });

  it('下周一请假两天: a prefilled 请假 form link with the dates, never a submission', async () => {
    const { text, cards } = await ask('下周一请假两天，因为孩子开家长会');
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      kind: 'startLink',
      definitionName: '请假',
      prefill: { period: ['2026-11-30', '2026-12-01'], days: 2, reason: '孩子开家长会' },
      summary: ['请假时间：2026-11-30 至 2026-12-01', '请假天数：2', '请假事由：孩子开家长会'],
    });
    expect(text).toContain('助手不会替你提交');
  });

  it('asks for the dates when none were said, and names what can be started when the type is unknown', async () => {
    expect((await ask('我要请假')).text).toContain('我没有从你的话里找到日期，请在表单中填写。');
    const unknown = await ask('明天加班');
    expect(unknown.cards).toEqual([]);
    expect(unknown.text).toBe('没有找到你可以发起的“加班”流程。你可以发起的有：请假、报销、出差。');
  });

  it('我发起的在哪里: a menu card with the path', async () => {
    const { text, cards } = await ask('我发起的在哪里？');
    expect(cards).toEqual([
      { kind: 'menu', title: '我发起的', trail: '首页 › 审批 › 我发起的', href: '/follow/myList' },
    ]);
    expect(text).toContain('「我发起的」在：首页 › 审批 › 我发起的');
  });

  it('搜索资讯 年会: searches the news the user reads and words the result', async () => {
    const { events, text, cards, deps } = await ask('搜索资讯 年会');
    expect(events[0]).toMatchObject({ type: 'tool', name: 'search_news', args: { keyword: '年会' } });
    expect(deps.calls).toEqual(['searchNews:张三:年会:5']);
    expect(text).toBe(
      '找到 1 篇与“年会”相关的资讯：\n- **2026年会通知**（公司新闻，2026-11-20）\n\n点开卡片查看全文。',
    );
    expect(cards).toMatchObject([{ kind: 'news', id: NEWS_PARTY, href: `/news/detail?id=${NEWS_PARTY}` }]);
  });

  it("查找邮件 报销: searches only the asker's mail, not a 报销 request", async () => {
    const { text, cards, deps } = await ask('查找邮件 报销');
    expect(deps.calls).toEqual(['searchMail:张三:报销:5']);
    expect(text).toBe(
      '在你的邮件中找到 1 封与“报销”相关的邮件：\n- **报销单据已收到**（李四，2026-11-21）\n\n点开卡片查看邮件。',
    );
    expect(cards).toMatchObject([{ kind: 'mail', id: MAIL_MINE, href: `/email/detail?id=${MAIL_MINE}` }]);
    const none = await ask('查找邮件 年会');
    expect(none.text).toBe('你的邮件中没有找到与“年会”相关的内容，可以换个关键字再试。');
    expect(none.cards).toEqual([]);
  });

  it('帮我写请假理由: a template, no tool', async () => {
    const { events, text } = await ask('帮我写请假理由');
    expect(events.some((e) => e.type === 'tool')).toBe(false);
    expect(text).toContain('可以参考下面的请假理由');
  });

  it('says plainly what it cannot do; how to connect a model only to an administrator', async () => {
    const { text, cards } = await ask('今天天气怎么样');
    expect(cards).toEqual([]);
    expect(text).toContain('这个问题我暂时回答不了');
    expect(text).toContain('查找同事的电话');
    for (const setting of ['AI_BASE_URL', 'AI_API_KEY', 'AI_MODEL']) expect(text).not.toContain(setting);
    const admin = await ask('今天天气怎么样', { ...zhangsan, seesSetup: true });
    for (const setting of ['AI_BASE_URL', 'AI_API_KEY', 'AI_MODEL']) expect(admin.text).toContain(setting);
  });

  it("opening another user's approval by id gets nothing, the owner gets the card", async () => {
    const other = await ask(`打开审批 ${FOREIGN_INSTANCE}`);
    expect(other.cards).toEqual([]);
    expect(other.text).toBe('没有找到这条审批，或你没有查看它的权限。');
    const owner = await ask(`打开审批 ${FOREIGN_INSTANCE}`, wangwu);
    expect(owner.cards[0]).toMatchObject({
      kind: 'approval',
      title: '王五的病假（机密）',
      href: `/followViewDetail?instanceId=${FOREIGN_INSTANCE}`,
    });
  });

  it('answers the latest question of a longer conversation', async () => {
    const first = await ask('我有几个待办');
    const { cards } = await ask('查找李四的电话', zhangsan, first.messages);
    expect(cards.map((c) => c.kind)).toEqual(['user']);
  });
});
