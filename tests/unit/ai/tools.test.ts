import { describe, expect, it } from 'vitest';
import { aiTools, runTool } from '../../../server/modules/ai/tools';
import { prefillForm } from '../../../server/modules/ai/tool-links';
import { flows, MAIL_MINE, memoryDeps, NEWS_PARTY, wangwu, zhangsan } from './memory-deps';

const call = (name: string, args: unknown = {}) => ({
  id: 'c',
  name,
  arguments: typeof args === 'string' ? args : JSON.stringify(args),
});

describe('tool catalogue and executor', () => {
  it('every tool offered to the model has an executor, and each is a read (no submit/approve/send tool exists)', async () => {
    expect(aiTools.map((t) => t.function.name)).toEqual([
      'count_my_todos',
      'list_my_todos',
      'open_approval',
      'search_colleagues',
      'draft_flow_request',
      'find_menu',
      'search_news',
      'search_mail',
    ]);
    for (const tool of aiTools) {
      const { result } = await runTool(memoryDeps(), zhangsan, call(tool.function.name));
      expect(String(result.error ?? '')).not.toContain('没有名为');
      expect(tool.function.parameters).toMatchObject({ type: 'object', additionalProperties: false });
    }
  });

  it('bad arguments become readable results', async () => {
    const deps = memoryDeps();
    expect((await runTool(deps, zhangsan, call('search_colleagues', '{"query":'))).result).toEqual({
      error: '工具参数不是有效的 JSON',
    });
    expect((await runTool(deps, zhangsan, call('search_colleagues', [1]))).result).toEqual({
      error: '工具参数必须是对象',
    });
    expect((await runTool(deps, zhangsan, call('search_colleagues', { query: '  ' }))).result).toEqual({
      error: '请告诉我要找谁',
    });
    expect((await runTool(deps, zhangsan, call('__proto__'))).result).toEqual({ error: '没有名为 __proto__ 的工具' });
    expect(deps.calls).toEqual([]);
  });

  it('list_my_todos keeps the limit between 1 and 20', async () => {
    const deps = memoryDeps();
    await runTool(deps, zhangsan, call('list_my_todos', { limit: 500 }));
    await runTool(deps, zhangsan, call('list_my_todos', { limit: 0 }));
    await runTool(deps, zhangsan, call('list_my_todos', { limit: 'all' }));
    expect(deps.calls.filter((c) => c.startsWith('listMyTodos'))).toEqual([
      'listMyTodos:张三:20',
      'listMyTodos:张三:1',
      'listMyTodos:张三:5',
    ]);
  });

  it('a failing source answers 查询失败 instead of breaking the conversation', async () => {
    const deps = { ...memoryDeps(), searchColleagues: async () => Promise.reject(new Error('db down')) };
    expect(await runTool(deps, zhangsan, call('search_colleagues', { query: '张三' }))).toEqual({
      result: { error: '查询失败，请稍后再试' },
      cards: [],
    });
  });

  it('find_menu answers the best matches first', async () => {
    const { cards } = await runTool(memoryDeps(), zhangsan, call('find_menu', { query: '密码' }));
    expect(cards).toEqual([
      { kind: 'menu', title: '修改密码', trail: '底部 › 我的 › 修改密码', href: '/myCenter/index' },
    ]);
  });
});

describe('search_news and search_mail', () => {
  it('search_news finds only published articles the user may read, as cards opening the news detail', async () => {
    const { result, cards } = await runTool(memoryDeps(), zhangsan, call('search_news', { keyword: ' 年会 ' }));
    expect(cards).toEqual([
      {
        kind: 'news',
        id: NEWS_PARTY,
        title: '2026年会通知',
        summary: '年会定于12月20日举行',
        channelName: '公司新闻',
        authorName: '李四',
        publishedAt: '2026-11-20T02:00:00.000Z',
        href: `/news/detail?id=${NEWS_PARTY}`,
      },
    ]);
    expect(result).toMatchObject({ keyword: '年会', total: 1 });
    // the management channel's reader finds its article too
    const forWangwu = await runTool(memoryDeps(), wangwu, call('search_news', { keyword: '年会' }));
    expect(forWangwu.cards.map((c) => (c.kind === 'news' ? c.title : ''))).toEqual(['2026年会通知', '管理层年会安排']);
  });

  it("search_mail finds the user's own mail only, as cards opening the mail detail", async () => {
    const mine = await runTool(memoryDeps(), zhangsan, call('search_mail', { keyword: '报销' }));
    expect(mine.cards).toEqual([
      {
        kind: 'mail',
        id: MAIL_MINE,
        subject: '报销单据已收到',
        summary: '你的报销单据财务已收到',
        senderName: '李四',
        at: '2026-11-21T01:00:00.000Z',
        seen: false,
        href: `/email/detail?id=${MAIL_MINE}`,
      },
    ]);
    expect(JSON.stringify(mine)).not.toContain('王五的报销');
    const theirs = await runTool(memoryDeps(), wangwu, call('search_mail', { keyword: '报销' }));
    expect(theirs.cards.map((c) => (c.kind === 'mail' ? c.subject : ''))).toEqual(['王五的报销（私人）']);
  });

  it('asks for a keyword, caps it at 50 characters and never reaches the source without one', async () => {
    const deps = memoryDeps();
    expect((await runTool(deps, zhangsan, call('search_news', { keyword: ' ' }))).result).toEqual({
      error: '请告诉我要搜索哪方面的资讯',
    });
    expect((await runTool(deps, zhangsan, call('search_mail', {}))).result).toEqual({
      error: '请告诉我要查找哪方面的邮件',
    });
    expect(deps.calls).toEqual([]);
    await runTool(deps, zhangsan, call('search_mail', { keyword: '长'.repeat(80) }));
    expect(deps.calls).toEqual([`searchMail:张三:${'长'.repeat(50)}:5`]);
  });

  it('nothing found is an empty result without cards', async () => {
    expect(await runTool(memoryDeps(), zhangsan, call('search_news', { keyword: '不存在的话题' }))).toEqual({
      result: { keyword: '不存在的话题', total: 0, articles: [] },
      cards: [],
    });
  });
});

describe('prefillForm', () => {
  const leave = flows[0].formSchema;

  it('fills the form by field type and label', () => {
    expect(prefillForm(leave, { startDate: '2026-11-24', endDate: '2026-11-25', days: 2, reason: '家事' })).toEqual({
      prefill: { period: ['2026-11-24', '2026-11-25'], days: 2, reason: '家事' },
      summary: ['请假时间：2026-11-24 至 2026-11-25', '请假天数：2', '请假事由：家事'],
    });
  });

  it('a half day is 0.5 days on one date; an end before the start or a malformed date is ignored', () => {
    expect(prefillForm(leave, { startDate: '2026-11-24', halfDay: 'pm' }).prefill).toEqual({
      period: ['2026-11-24', '2026-11-24'],
      days: 0.5,
    });
    expect(prefillForm(leave, { startDate: '2026-11-24', endDate: '2026-11-20' }).prefill).toEqual({
      period: ['2026-11-24', '2026-11-24'],
    });
    expect(prefillForm(leave, { startDate: '24/11/2026', days: 9999 }).prefill).toEqual({});
  });

  it('a form without those fields gets only what fits, and the reason is cut to the field length', () => {
    expect(prefillForm(flows[1].formSchema, { startDate: '2026-11-24', days: 2, reason: '差旅' }).prefill).toEqual({
      reason: '差旅',
    });
    expect((prefillForm(leave, { reason: '长'.repeat(900) }).prefill.reason as string).length).toBe(500);
  });
});
