import { describe, expect, it } from 'vitest';
import { aiTools, runTool } from '../../../server/modules/ai/tools';
import { prefillForm } from '../../../server/modules/ai/tool-links';
import { flows, memoryDeps, zhangsan } from './memory-deps';

const call = (name: string, args: unknown = {}) => ({ id: 'c', name, arguments: typeof args === 'string' ? args : JSON.stringify(args) });

describe('tool catalogue and executor', () => {
  it('every tool offered to the model has an executor, and each is a read (no submit/approve/send tool exists)', async () => {
    expect(aiTools.map((t) => t.function.name)).toEqual(['count_my_todos', 'list_my_todos', 'open_approval', 'search_colleagues', 'draft_flow_request', 'find_menu']);
    for (const tool of aiTools) {
      const { result } = await runTool(memoryDeps(), zhangsan, call(tool.function.name));
      expect(String(result.error ?? '')).not.toContain('没有名为');
      expect(tool.function.parameters).toMatchObject({ type: 'object', additionalProperties: false });
    }
  });

  it('bad arguments become readable results', async () => {
    const deps = memoryDeps();
    expect((await runTool(deps, zhangsan, call('search_colleagues', '{"query":'))).result).toEqual({ error: '工具参数不是有效的 JSON' });
    expect((await runTool(deps, zhangsan, call('search_colleagues', [1]))).result).toEqual({ error: '工具参数必须是对象' });
    expect((await runTool(deps, zhangsan, call('search_colleagues', { query: '  ' }))).result).toEqual({ error: '请告诉我要找谁' });
    expect((await runTool(deps, zhangsan, call('__proto__'))).result).toEqual({ error: '没有名为 __proto__ 的工具' });
    expect(deps.calls).toEqual([]);
  });

  it('list_my_todos keeps the limit between 1 and 20', async () => {
    const deps = memoryDeps();
    await runTool(deps, zhangsan, call('list_my_todos', { limit: 500 }));
    await runTool(deps, zhangsan, call('list_my_todos', { limit: 0 }));
    await runTool(deps, zhangsan, call('list_my_todos', { limit: 'all' }));
    expect(deps.calls.filter((c) => c.startsWith('listMyTodos'))).toEqual(['listMyTodos:张三:20', 'listMyTodos:张三:1', 'listMyTodos:张三:5']);
  });

  it('a failing source answers 查询失败 instead of breaking the conversation', async () => {
    const deps = { ...memoryDeps(), searchColleagues: async () => Promise.reject(new Error('db down')) };
    expect(await runTool(deps, zhangsan, call('search_colleagues', { query: '张三' }))).toEqual({ result: { error: '查询失败，请稍后再试' }, cards: [] });
  });

  it('find_menu answers the best matches first', async () => {
    const { cards } = await runTool(memoryDeps(), zhangsan, call('find_menu', { query: '密码' }));
    expect(cards).toEqual([{ kind: 'menu', title: '修改密码', trail: '底部 › 我的 › 修改密码', href: '/myCenter/index' }]);
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
    expect(prefillForm(leave, { startDate: '2026-11-24', halfDay: 'pm' }).prefill).toEqual({ period: ['2026-11-24', '2026-11-24'], days: 0.5 });
    expect(prefillForm(leave, { startDate: '2026-11-24', endDate: '2026-11-20' }).prefill).toEqual({ period: ['2026-11-24', '2026-11-24'] });
    expect(prefillForm(leave, { startDate: '24/11/2026', days: 9999 }).prefill).toEqual({});
  });

  it('a form without those fields gets only what fits, and the reason is cut to the field length', () => {
    expect(prefillForm(flows[1].formSchema, { startDate: '2026-11-24', days: 2, reason: '差旅' }).prefill).toEqual({ reason: '差旅' });
    expect((prefillForm(leave, { reason: '长'.repeat(900) }).prefill.reason as string).length).toBe(500);
  });
});
