import type { ToolDefinition } from './model';

const fn = (
  name: string,
  description: string,
  properties: Record<string, unknown> = {},
  required: string[] = [],
): ToolDefinition => ({
  type: 'function',
  function: { name, description, parameters: { type: 'object', properties, required, additionalProperties: false } },
});

/** The tools offered to the model. Each only reads; none submits, approves or sends anything. */
export const aiTools: ToolDefinition[] = [
  fn('count_my_todos', '统计当前用户的待办数量'),
  fn('list_my_todos', '列出当前用户最近的待办（标题、流程、发起人、时间）', {
    limit: { type: 'integer', minimum: 1, maximum: 20, description: '最多几条，默认 5' },
  }),
  fn(
    'open_approval',
    '打开一条审批，查看状态和当前环节；只能看到用户有权查看的审批',
    {
      instanceId: { type: 'string', description: '审批实例 ID' },
    },
    ['instanceId'],
  ),
  fn(
    'search_colleagues',
    '在通讯录中按姓名、拼音或部门查找同事，返回名片（电话、邮箱）',
    {
      query: { type: 'string', description: '姓名或关键字' },
    },
    ['query'],
  ),
  fn(
    'draft_flow_request',
    '为用户准备一张预填好的申请单链接（不会提交），用户核对后自己提交',
    {
      flowName: { type: 'string', description: '流程名称，如 请假、报销、出差' },
      startDate: { type: 'string', description: '开始日期 yyyy-MM-dd' },
      endDate: { type: 'string', description: '结束日期 yyyy-MM-dd' },
      days: { type: 'number', description: '天数，可为 0.5' },
      halfDay: { type: 'string', enum: ['am', 'pm'], description: '只请上午或下午' },
      reason: { type: 'string', description: '事由' },
    },
    ['flowName'],
  ),
  fn(
    'find_menu',
    '告诉用户某个功能或菜单在应用里的位置',
    {
      query: { type: 'string', description: '功能名称，如 我发起的、通讯录' },
    },
    ['query'],
  ),
  fn(
    'search_news',
    '按关键字搜索用户可以阅读的已发布资讯（标题、摘要），返回可点开的资讯卡片',
    {
      keyword: { type: 'string', description: '关键字，如 年会' },
    },
    ['keyword'],
  ),
  fn(
    'search_mail',
    '按关键字在用户自己的邮件（收到的和发出的）中查找主题、正文或发件人，返回可点开的邮件卡片',
    {
      keyword: { type: 'string', description: '关键字，如 报销' },
    },
    ['keyword'],
  ),
];

export type AiToolName =
  | 'count_my_todos'
  | 'list_my_todos'
  | 'open_approval'
  | 'search_colleagues'
  | 'draft_flow_request'
  | 'find_menu'
  | 'search_news'
  | 'search_mail';
