/** An app path a card or an answer's link may open in place ("/follow/…"); anything else is not followed here. */
export function isAppPath(href: string | null | undefined): href is string {
  return typeof href === 'string' && /^\/(?![/\\])/.test(href);
}

/** What each tool did, in the words of the conversation (the cards show what it found). */
export const TOOL_LABELS: Record<string, string> = {
  count_my_todos: '统计我的待办',
  list_my_todos: '查看我的待办',
  open_approval: '打开审批',
  search_colleagues: '查找同事',
  draft_flow_request: '准备申请单',
  find_menu: '查找菜单',
  search_news: '搜索资讯',
  search_mail: '查找邮件',
};

export const toolLabel = (name: string) => TOOL_LABELS[name] ?? '查询数据';
