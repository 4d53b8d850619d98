import type { AiToolName } from '../tool-catalogue';
import { findDates } from './dates';

/** What the embedded assistant understood: a tool to call, or a text it writes itself. */
export type Intent =
  | { kind: 'tool'; name: AiToolName; args: Record<string, unknown> }
  | { kind: 'reason'; days?: number; start?: string; end?: string }
  | { kind: 'greeting' }
  | { kind: 'unknown' };

// Flow words people say → the catalogue name to look for (the tool matches names loosely, so 用印 finds 用印申请).
const FLOW_WORDS: [RegExp, string][] = [
  [/请[^，。]{0,5}假|休假|年假|病假|事假|婚假|产假|调休/, '请假'],
  [/报销/, '报销'],
  [/出差/, '出差'],
  [/采购/, '采购'],
  [/用印|盖章/, '用印'],
  [/加班/, '加班'],
];

const PUNCT = /[\s，。！？、,.!?；;：:“”"']+/g;
const POLITE = /^(?:请问|请(?!.{0,5}假)|麻烦你?|帮我|帮忙|给我|我想|我要|能不能|可以)+/;
const REASON_WRITE = /(?:写|拟|起草|编|想)[^，。]{0,12}(?:理由|事由|原因)|请假(?:理由|事由|条)/;
const MENU =
  /在哪里|在哪儿|在哪(?!个|些)|哪里(?:能|可以)?(?:找|看|打开|进)|怎么找|怎么进|怎么打开|如何打开|入口|找不到/;
const TODO_COUNT =
  /(?:几个|几条|几项|几件|多少|数量).{0,4}(?:待办|待审批|审批|要审)|(?:待办|待审批).{0,8}(?:几个|几条|几项|几件|多少|数量)/;
const TODO_LIST = /待办|待审批|待处理|要我(?:审批|处理)|需要我(?:审批|处理)|要审批的|要处理的/;
const CONTACT = '(?:电话|手机号?|号码|邮箱|联系方式|分机|座机)';
const FIND = new RegExp(
  `^(?:查找|查一下|查查|查询|找一下|找找|搜索|搜一下|搜|查|找)(?<name>[\\u4e00-\\u9fa5A-Za-z]{1,10}?)(?:的)?${CONTACT}?(?:是多少|多少)?$`,
);
const OWNED = new RegExp(`(?<name>[\\u4e00-\\u9fa5A-Za-z]{1,10}?)的${CONTACT}`);
const DEPT = /^(?<name>[\u4e00-\u9fa5]{2,4})(?:在哪个部门|是哪个部门的?|是谁)$/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const REASON_SAID = /(?:因为|由于|理由是|事由是|原因是)(?<reason>[^，。,.!！?？]+)/;
// 搜索资讯 年会, 有没有关于年会的新闻, 查找邮件 报销, 找一下张三发来的邮件: a search word and what to search
const SEARCH = /搜索|搜一下|搜|查找|查一下|查询|查|找一下|找|有没有|有哪些|关于/;
const NEWS_WORD = /资讯|新闻|公告/;
const MAIL_WORD = /邮件|来信/;
const SEARCH_FILLER =
  /搜索|搜一下|搜|查找|查一下|查询|查查|查|找一下|找找|找|有没有|有哪些|看看|关于|有关|相关|最近|我的|一下|几篇|几封|(?:发来|发给我|发送|收到|发)的|的/g;
const GREETING = /^(?:你好|您好|hi|hello|在吗|嗨|哈喽)$/i;

function flowName(text: string): string | null {
  for (const [words, name] of FLOW_WORDS) if (words.test(text)) return name;
  const named = text.match(
    /(?:发起|申请|提交|走|填)(?:一个|一下|个|一条|一张)?(?<name>[\u4e00-\u9fa5]{2,6}?)(?:申请|流程|审批|单)/,
  );
  return named?.groups?.name ?? null;
}

/** 资讯 or 邮件 searches, with the keyword left once the search words are gone (may be empty: the tool asks). */
function search(text: string): Intent | null {
  if (!SEARCH.test(text)) return null;
  const name: AiToolName | null = MAIL_WORD.test(text) ? 'search_mail' : NEWS_WORD.test(text) ? 'search_news' : null;
  if (!name) return null;
  const keyword = text
    .replace(new RegExp(`(?:${MAIL_WORD.source}|${NEWS_WORD.source})(?:里面|里|中)?`, 'g'), '')
    .replace(SEARCH_FILLER, '');
  return { kind: 'tool', name, args: { keyword } };
}

function colleague(text: string): string | null {
  const name = text.match(FIND)?.groups?.name ?? text.match(OWNED)?.groups?.name ?? text.match(DEPT)?.groups?.name;
  return name && !/^(?:我|我的|你|一下)$/.test(name) ? name : null;
}

/** What a user's message asks for; `now` anchors 明天 / 下周一 (Asia/Shanghai). */
export function recognise(message: string, now: Date): Intent {
  const said = message.trim();
  const text = said.replace(PUNCT, '').replace(POLITE, '');
  if (!text) return { kind: 'unknown' };
  if (REASON_WRITE.test(text)) {
    const { days, start, end } = findDates(text, now);
    return { kind: 'reason', days, start, end };
  }
  if (MENU.test(text)) {
    const query = text
      .replace(new RegExp(MENU.source, 'g'), '')
      .replace(/(?:菜单|功能|页面|在)+$/, '')
      // 请假申请的 → 请假申请, but 我发起的 is the menu's own name
      .replace(/(?<!发起|办|批|阅|收|退回)的$/, '');
    return { kind: 'tool', name: 'find_menu', args: { query: query || text } };
  }
  // before the flow words: 查找邮件 报销 searches mail, it does not start a 报销
  const found = search(text);
  if (found) return found;
  if (TODO_COUNT.test(text)) return { kind: 'tool', name: 'count_my_todos', args: {} };
  if (TODO_LIST.test(text)) return { kind: 'tool', name: 'list_my_todos', args: { limit: 5 } };
  const flow = flowName(text);
  if (flow) {
    const { start, end, days, halfDay } = findDates(said, now);
    const reason = said.match(REASON_SAID)?.groups?.reason?.trim();
    const args = { flowName: flow, startDate: start, endDate: end, days, halfDay, reason };
    return { kind: 'tool', name: 'draft_flow_request', args: JSON.parse(JSON.stringify(args)) };
  }
  const name = colleague(text);
  if (name) return { kind: 'tool', name: 'search_colleagues', args: { query: name } };
  const id = said.match(UUID);
  if (id && /审批|流程|打开|查看|申请/.test(text))
    return { kind: 'tool', name: 'open_approval', args: { instanceId: id[0].toLowerCase() } };
  if (GREETING.test(text)) return { kind: 'greeting' };
  return { kind: 'unknown' };
}
