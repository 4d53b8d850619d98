import type { AiCard } from '@contract/ai';
import { INSTANCE_STATUS_TEXT } from '@contract/flow';
import type { ToolCall } from './model';
import type { AiMenuEntry, AiToolDeps, AiUser } from './tool-deps';
import { approvalHref, mailHref, newsHref, prefillForm, startHref, TODO_LIST_HREF, todoHref } from './tool-links';

export { aiTools } from './tool-catalogue';
export type { AiToolDeps, AiUser } from './tool-deps';

/** What a tool returns: `result` goes back to the model as JSON, `cards` go to the user. */
export interface ToolOutcome {
  result: Record<string, unknown>;
  cards: AiCard[];
}

type Args = Record<string, unknown>;
const failed = (error: string): ToolOutcome => ({ result: { error }, cards: [] });
const text = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '');

async function todos(deps: AiToolDeps, user: AiUser, limit: number): Promise<ToolOutcome> {
  const [total, items] = await Promise.all([deps.countMyTodos(user), deps.listMyTodos(user, limit)]);
  const card: AiCard = {
    kind: 'todoList',
    total,
    items: items.map((t) => ({ ...t, href: todoHref(t.instanceId, t.taskId) })),
    moreHref: TODO_LIST_HREF,
  };
  const listed = items.map(({ title, definitionName, initiatorName, createdAt }) => ({
    title,
    definitionName,
    initiatorName,
    createdAt,
  }));
  return { result: { total, items: listed }, cards: total ? [card] : [] };
}

function matchMenus(entries: AiMenuEntry[], query: string): AiMenuEntry[] {
  const score = (e: AiMenuEntry) =>
    e.title === query
      ? 3
      : e.title.includes(query) || query.includes(e.title)
        ? 2
        : e.keywords.some((k) => query.includes(k) || k.includes(query))
          ? 1
          : 0;
  return entries
    .map((e) => ({ e, s: score(e) }))
    .filter((x) => x.s > 0)
    .sort((a, b) => b.s - a.s)
    .slice(0, 3)
    .map((x) => x.e);
}

// the 资讯 and 邮件 searches take keywords up to 50 characters, as their own lists do
const KEYWORD_MAX = 50;
const FOUND_LIMIT = 5;

const handlers: Record<string, (deps: AiToolDeps, user: AiUser, args: Args) => Promise<ToolOutcome>> = {
  count_my_todos: (deps, user) => todos(deps, user, 5),
  list_my_todos: (deps, user, args) => {
    const limit =
      typeof args.limit === 'number' && Number.isInteger(args.limit) ? Math.min(Math.max(args.limit, 1), 20) : 5;
    return todos(deps, user, limit);
  },
  async open_approval(deps, user, args) {
    const id = text(args.instanceId, 64);
    const found = id ? await deps.getApproval(user, id) : null;
    // the same answer whether it does not exist or is someone else's: the tool must not confirm either
    if (!found) return failed('没有找到这条审批，或你没有查看它的权限');
    const statusText = INSTANCE_STATUS_TEXT[found.status];
    const { myTaskId, ...shown } = found;
    return {
      result: { ...shown, statusText },
      cards: [{ kind: 'approval', ...shown, statusText, href: approvalHref(found.instanceId, myTaskId) }],
    };
  },
  async search_colleagues(deps, user, args) {
    const query = text(args.query, 50);
    if (!query) return failed('请告诉我要找谁');
    const people = await deps.searchColleagues(user, query);
    const shown = people.slice(0, 5);
    return {
      result: { total: people.length, people: shown.map(({ id: _id, ...p }) => p) },
      cards: shown.map((p) => ({ kind: 'user', ...p })),
    };
  },
  async draft_flow_request(deps, user, args) {
    const name = text(args.flowName, 30);
    if (!name) return failed('请告诉我要发起哪种申请');
    const flows = await deps.listStartableFlows(user);
    const flow =
      flows.find((f) => f.name === name) ?? flows.find((f) => f.name.includes(name) || name.includes(f.name));
    if (!flow)
      return { result: { error: `没有找到你可以发起的“${name}”流程`, available: flows.map((f) => f.name) }, cards: [] };
    const { prefill, summary } = prefillForm(flow.formSchema, args);
    const href = startHref(flow.id, prefill);
    return {
      result: { flow: flow.name, prefilled: prefill, note: '已生成预填的申请单链接，用户需打开核对后自行提交' },
      cards: [{ kind: 'startLink', definitionId: flow.id, definitionName: flow.name, prefill, summary, href }],
    };
  },
  async find_menu(deps, _user, args) {
    const query = text(args.query, 30);
    const found = query ? matchMenus(deps.menuEntries(), query) : [];
    if (!found.length) return failed(`没有找到“${query}”这个菜单`);
    return {
      result: { menus: found.map(({ title, trail }) => ({ title, trail })) },
      cards: found.map(({ title, trail, path }) => ({ kind: 'menu', title, trail, href: path })),
    };
  },
  async search_news(deps, user, args) {
    const keyword = text(args.keyword, KEYWORD_MAX);
    if (!keyword) return failed('请告诉我要搜索哪方面的资讯');
    const { total, items } = await deps.searchNews(user, keyword, FOUND_LIMIT);
    return {
      result: {
        keyword,
        total,
        articles: items.map(({ title, channelName, authorName, publishedAt, summary }) => ({
          title,
          channelName,
          authorName,
          publishedAt,
          summary,
        })),
      },
      cards: items.map((n) => ({ kind: 'news', ...n, href: newsHref(n.id) })),
    };
  },
  async search_mail(deps, user, args) {
    const keyword = text(args.keyword, KEYWORD_MAX);
    if (!keyword) return failed('请告诉我要查找哪方面的邮件');
    const { total, items } = await deps.searchMail(user, keyword, FOUND_LIMIT);
    return {
      result: {
        keyword,
        total,
        mails: items.map(({ subject, senderName, at, summary }) => ({ subject, senderName, at, summary })),
      },
      cards: items.map((m) => ({ kind: 'mail', ...m, href: mailHref(m.id) })),
    };
  },
};

/** Runs one tool call the model asked for, as `user`; bad arguments or a failing source become a result, not a throw. */
export async function runTool(deps: AiToolDeps, user: AiUser, call: ToolCall): Promise<ToolOutcome> {
  const handler = Object.hasOwn(handlers, call.name) ? handlers[call.name] : undefined;
  if (!handler) return failed(`没有名为 ${call.name} 的工具`);
  let args: unknown;
  try {
    args = call.arguments.trim() ? JSON.parse(call.arguments) : {};
  } catch {
    return failed('工具参数不是有效的 JSON');
  }
  if (!args || typeof args !== 'object' || Array.isArray(args)) return failed('工具参数必须是对象');
  try {
    return await handler(deps, user, args as Args);
  } catch {
    return failed('查询失败，请稍后再试');
  }
}
