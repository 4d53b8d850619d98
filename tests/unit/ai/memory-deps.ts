import type {
  AiApproval,
  AiColleague,
  AiMail,
  AiNews,
  AiStartableFlow,
  AiTodo,
  AiToolDeps,
  AiUser,
} from '../../../server/modules/ai/tool-deps';

// A small organisation held in memory, with the one rule that matters to the tools: an approval is visible to its
// initiator and to the people who have or had a task on it, nobody else (the detail route's policy).

export const zhangsan: AiUser = { id: '00000000-0000-4000-8000-000000000001', realName: '张三' };
export const wangwu: AiUser = { id: '00000000-0000-4000-8000-000000000003', realName: '王五' };

export const OWN_INSTANCE = '10000000-0000-4000-8000-000000000001';
export const FOREIGN_INSTANCE = '10000000-0000-4000-8000-000000000002';

interface StoredApproval extends AiApproval {
  visibleTo: string[];
  tasks: Record<string, string>;
}

const approvals: StoredApproval[] = [
  {
    instanceId: OWN_INSTANCE,
    title: '李四的报销申请',
    serial: 'BX-2026-0007',
    status: 'running',
    initiatorName: '李四',
    currentNodeNames: ['部门审批'],
    myTaskId: null,
    visibleTo: [zhangsan.id],
    tasks: { [zhangsan.id]: '20000000-0000-4000-8000-000000000001' },
  },
  {
    instanceId: FOREIGN_INSTANCE,
    title: '王五的病假（机密）',
    serial: 'QJ-2026-0099',
    status: 'running',
    initiatorName: '王五',
    currentNodeNames: ['人事审批'],
    myTaskId: null,
    visibleTo: [wangwu.id],
    tasks: {},
  },
];

const todosOf: Record<string, AiTodo[]> = {
  [zhangsan.id]: [
    {
      taskId: '20000000-0000-4000-8000-000000000001',
      instanceId: OWN_INSTANCE,
      title: '李四的报销申请',
      definitionName: '报销',
      initiatorName: '李四',
      createdAt: '2026-11-20T09:00:00+08:00',
    },
    {
      taskId: '20000000-0000-4000-8000-000000000002',
      instanceId: '10000000-0000-4000-8000-000000000003',
      title: '赵六的出差申请',
      definitionName: '出差',
      initiatorName: '赵六',
      createdAt: '2026-11-19T09:00:00+08:00',
    },
    {
      taskId: '20000000-0000-4000-8000-000000000003',
      instanceId: '10000000-0000-4000-8000-000000000004',
      title: '钱七的采购申请',
      definitionName: '采购',
      initiatorName: '钱七',
      createdAt: '2026-11-18T09:00:00+08:00',
    },
  ],
  [wangwu.id]: [],
};

const people: AiColleague[] = [
  {
    id: 'u1',
    realName: '张三',
    orgName: '研发部',
    post: '工程师',
    mobile: '13800000001',
    phone: null,
    email: 'zhangsan@example.com',
  },
  {
    id: 'u2',
    realName: '张三丰',
    orgName: '行政部',
    post: null,
    mobile: '13800000002',
    phone: '010-1234',
    email: null,
  },
  { id: 'u3', realName: '李四', orgName: '研发部', post: '部门经理', mobile: '13800000003', phone: null, email: null },
];

export const flows: AiStartableFlow[] = [
  {
    id: '30000000-0000-4000-8000-000000000001',
    name: '请假',
    category: '人事',
    formSchema: [
      { key: 'leaveType', label: '请假类型', type: 'select', required: true },
      { key: 'period', label: '请假时间', type: 'daterange', required: true },
      { key: 'days', label: '请假天数', type: 'number', required: true },
      { key: 'reason', label: '请假事由', type: 'textarea', required: true, max: 500 },
    ],
  },
  {
    id: '30000000-0000-4000-8000-000000000002',
    name: '报销',
    category: '财务',
    formSchema: [
      { key: 'amount', label: '报销金额', type: 'money', required: true },
      { key: 'reason', label: '报销事由', type: 'textarea', required: true },
    ],
  },
  {
    id: '30000000-0000-4000-8000-000000000003',
    name: '出差',
    category: '行政',
    formSchema: [
      { key: 'destination', label: '出差地点', type: 'text', required: true },
      { key: 'period', label: '出差时间', type: 'daterange', required: true },
      { key: 'reason', label: '出差事由', type: 'textarea', required: true },
    ],
  },
];

// 资讯: only published articles, and a channel naming readers is read by them alone (the published list's rule)
interface StoredNews extends AiNews {
  status: 'published' | 'pending';
  readers: string[] | null;
}

export const NEWS_PARTY = '40000000-0000-4000-8000-000000000001';
const news: StoredNews[] = [
  {
    id: NEWS_PARTY,
    title: '2026年会通知',
    summary: '年会定于12月20日举行',
    channelName: '公司新闻',
    authorName: '李四',
    publishedAt: '2026-11-20T02:00:00.000Z',
    status: 'published',
    readers: null,
  },
  {
    id: '40000000-0000-4000-8000-000000000002',
    title: '年会节目征集（草稿）',
    summary: '',
    channelName: '公司新闻',
    authorName: '李四',
    publishedAt: null,
    status: 'pending',
    readers: null,
  },
  {
    id: '40000000-0000-4000-8000-000000000003',
    title: '管理层年会安排',
    summary: '仅管理层',
    channelName: '管理层通知',
    authorName: '王五',
    publishedAt: '2026-11-19T02:00:00.000Z',
    status: 'published',
    readers: [wangwu.id],
  },
];

// 邮件: a mail is read by its sender and its recipients, nobody else
interface StoredMail extends AiMail {
  parties: string[];
}

export const MAIL_MINE = '50000000-0000-4000-8000-000000000001';
const mails: StoredMail[] = [
  {
    id: MAIL_MINE,
    subject: '报销单据已收到',
    summary: '你的报销单据财务已收到',
    senderName: '李四',
    at: '2026-11-21T01:00:00.000Z',
    seen: false,
    parties: [zhangsan.id],
  },
  {
    id: '50000000-0000-4000-8000-000000000002',
    subject: '王五的报销（私人）',
    summary: '机密',
    senderName: '王五',
    at: '2026-11-21T02:00:00.000Z',
    seen: true,
    parties: [wangwu.id],
  },
];

const matches = (keyword: string, ...fields: string[]) => fields.some((f) => f.includes(keyword));

/** In-memory tool sources; `calls` records what was asked, as whom. */
export function memoryDeps(): AiToolDeps & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async listMyTodos(user, limit) {
      calls.push(`listMyTodos:${user.realName}:${limit}`);
      return (todosOf[user.id] ?? []).slice(0, limit);
    },
    async countMyTodos(user) {
      calls.push(`countMyTodos:${user.realName}`);
      return (todosOf[user.id] ?? []).length;
    },
    async getApproval(user, instanceId) {
      calls.push(`getApproval:${user.realName}:${instanceId}`);
      const found = approvals.find((a) => a.instanceId === instanceId);
      if (!found || !found.visibleTo.includes(user.id)) return null;
      const { visibleTo: _v, tasks, ...shown } = found;
      return { ...shown, myTaskId: tasks[user.id] ?? null };
    },
    async searchColleagues(user, q) {
      calls.push(`searchColleagues:${user.realName}:${q}`);
      return people.filter((p) => p.realName.includes(q) || p.orgName.includes(q));
    },
    async listStartableFlows(user) {
      calls.push(`listStartableFlows:${user.realName}`);
      return flows;
    },
    async searchNews(user, keyword, limit) {
      calls.push(`searchNews:${user.realName}:${keyword}:${limit}`);
      const found = news.filter(
        (n) =>
          n.status === 'published' &&
          (!n.readers || n.readers.includes(user.id)) &&
          matches(keyword, n.title, n.summary),
      );
      return { total: found.length, items: found.slice(0, limit).map(({ status: _s, readers: _r, ...n }) => n) };
    },
    async searchMail(user, keyword, limit) {
      calls.push(`searchMail:${user.realName}:${keyword}:${limit}`);
      const found = mails.filter(
        (m) => m.parties.includes(user.id) && matches(keyword, m.subject, m.summary, m.senderName),
      );
      return { total: found.length, items: found.slice(0, limit).map(({ parties: _p, ...m }) => m) };
    },
    menuEntries: () => [
      { title: '我发起的', trail: '首页 › 审批 › 我发起的', path: '/follow/myList', keywords: ['我的申请', '发起的'] },
      { title: '待办', trail: '首页 › 审批 › 待办', path: '/follow/waitList', keywords: ['待审批'] },
      { title: '通讯录', trail: '底部 › 通讯录', path: '/addressbook/index', keywords: ['电话本', '联系人'] },
      { title: '修改密码', trail: '底部 › 我的 › 修改密码', path: '/myCenter/index', keywords: ['密码'] },
    ],
  };
}
