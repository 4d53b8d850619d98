import { describe, expect, it } from 'vitest';
import { recognise } from '../../../server/modules/ai/embedded/intents';
import { chineseNumber, findDates } from '../../../server/modules/ai/embedded/dates';

// 01:30 on Monday 23 November 2026 in Shanghai — still Sunday the 22nd in UTC, so a UTC reading would be a day off
const now = new Date('2026-11-22T17:30:00Z');

const tool = (name: string, args: Record<string, unknown> = {}) => ({ kind: 'tool', name, args });
const leave = (args: Record<string, unknown>) => tool('draft_flow_request', { flowName: '请假', ...args });

const cases: [string, Record<string, unknown>][] = [
  ['我的待办有哪些', tool('list_my_todos', { limit: 5 })],
  ['待办有哪些？', tool('list_my_todos', { limit: 5 })],
  ['有什么要我审批的吗', tool('list_my_todos', { limit: 5 })],
  ['我有几个待办', tool('count_my_todos')],
  ['待办有多少条？', tool('count_my_todos')],
  ['还有多少待审批的', tool('count_my_todos')],
  ['查找张三的电话', tool('search_colleagues', { query: '张三' })],
  ['找一下李四', tool('search_colleagues', { query: '李四' })],
  ['王五的手机号是多少', tool('search_colleagues', { query: '王五' })],
  ['帮我查一下赵六的邮箱', tool('search_colleagues', { query: '赵六' })],
  ['张三在哪个部门', tool('search_colleagues', { query: '张三' })],
  ['我要请假', leave({})],
  ['明天请假', leave({ startDate: '2026-11-24', endDate: '2026-11-24', days: 1 })],
  ['后天请假一天', leave({ startDate: '2026-11-25', endDate: '2026-11-25', days: 1 })],
  ['大后天请假', leave({ startDate: '2026-11-26', endDate: '2026-11-26', days: 1 })],
  ['下周一请假两天', leave({ startDate: '2026-11-30', endDate: '2026-12-01', days: 2 })],
  ['11月25日到11月27日请年假', leave({ startDate: '2026-11-25', endDate: '2026-11-27', days: 3 })],
  [
    '2026-12-01请假3天，因为回老家办事',
    leave({ startDate: '2026-12-01', endDate: '2026-12-03', days: 3, reason: '回老家办事' }),
  ],
  ['明天上午请假', leave({ startDate: '2026-11-24', endDate: '2026-11-24', days: 0.5, halfDay: 'am' })],
  ['周五下午请半天假', leave({ startDate: '2026-11-27', endDate: '2026-11-27', days: 0.5, halfDay: 'pm' })],
  ['1月5日请病假', leave({ startDate: '2027-01-05', endDate: '2027-01-05', days: 1 })],
  ['2026/12/24 至 2026/12/26 调休', leave({ startDate: '2026-12-24', endDate: '2026-12-26', days: 3 })],
  ['帮我申请报销', tool('draft_flow_request', { flowName: '报销' })],
  [
    '下周三去出差3天',
    tool('draft_flow_request', { flowName: '出差', startDate: '2026-12-02', endDate: '2026-12-04', days: 3 }),
  ],
  [
    '本周日加班',
    tool('draft_flow_request', { flowName: '加班', startDate: '2026-11-29', endDate: '2026-11-29', days: 1 }),
  ],
  ['我想发起一个用车申请', tool('draft_flow_request', { flowName: '用车' })],
  ['搜索资讯 年会', tool('search_news', { keyword: '年会' })],
  ['有没有关于年会的新闻？', tool('search_news', { keyword: '年会' })],
  ['查一下公告里的放假安排', tool('search_news', { keyword: '放假安排' })],
  ['查找邮件 报销', tool('search_mail', { keyword: '报销' })],
  ['找一下张三发来的邮件', tool('search_mail', { keyword: '张三' })],
  ['搜索邮件中的年终总结', tool('search_mail', { keyword: '年终总结' })],
  ['查找邮件', tool('search_mail', { keyword: '' })],
  ['我发起的在哪里', tool('find_menu', { query: '我发起的' })],
  ['修改密码在哪', tool('find_menu', { query: '修改密码' })],
  ['通讯录怎么找？', tool('find_menu', { query: '通讯录' })],
  ['请假申请的入口在哪里', tool('find_menu', { query: '请假申请' })],
  ['帮我写请假理由', { kind: 'reason' }],
  ['帮我写个后天请假两天的理由', { kind: 'reason', start: '2026-11-25', end: '2026-11-26', days: 2 }],
  ['你好', { kind: 'greeting' }],
  ['今天天气怎么样', { kind: 'unknown' }],
  [
    '打开审批 10000000-0000-4000-8000-000000000002',
    tool('open_approval', { instanceId: '10000000-0000-4000-8000-000000000002' }),
  ],
];

describe('embedded assistant intents', () => {
  it('covers at least 25 phrasings', () => expect(cases.length).toBeGreaterThanOrEqual(25));

  it.each(cases)('%s', (text, expected) => {
    expect(recognise(text, now)).toEqual(expected);
  });
});

describe('dates in Chinese', () => {
  it('reads Chinese numbers', () => {
    expect(['一', '两', '十', '十二', '二十', '二十五', '3', '1.5', '半', '百'].map(chineseNumber)).toEqual([
      1,
      2,
      10,
      12,
      20,
      25,
      3,
      1.5,
      0.5,
      null,
    ]);
  });

  it('uses the Shanghai day, not the UTC one', () => {
    expect(findDates('今天', now).start).toBe('2026-11-23');
    expect(findDates('今天', new Date('2026-11-23T15:59:00Z')).start).toBe('2026-11-23');
    expect(findDates('今天', new Date('2026-11-23T16:00:00Z')).start).toBe('2026-11-24');
  });

  it('weekdays: 周X is the next one (today included), 本周/下周/下下周 count from this Monday', () => {
    const wed = new Date('2026-11-25T02:00:00Z'); // Wednesday
    expect(findDates('周一', wed).start).toBe('2026-11-30');
    expect(findDates('周三', wed).start).toBe('2026-11-25');
    expect(findDates('本周一', wed).start).toBe('2026-11-23');
    expect(findDates('下周一', wed).start).toBe('2026-11-30');
    expect(findDates('下下周五', wed).start).toBe('2026-12-11');
    expect(findDates('星期天', wed).start).toBe('2026-11-29');
  });

  it('skips impossible days and keeps an end before the start out', () => {
    expect(findDates('2月30日', now).start).toBeUndefined();
    expect(findDates('11月27日到11月25日', now)).toEqual({ start: '2026-11-27', end: '2026-11-27', days: 1 });
    expect(findDates('请三天半', now)).toEqual({ days: 3.5 });
  });
});
