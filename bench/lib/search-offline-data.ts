// The query cache of a busy person's phone, as 离线同步 and browsing leave it: 5,000 searchable records under the keys
// the screens read (bench/search-offline.ts). Deterministic, so every run indexes the same text.

/** Records per module; they add up to what the bench claims to index. */
export const COUNTS = { flow: 1500, mail: 1200, contacts: 1000, news: 500, meeting: 300, schedule: 300, custom: 200 };
export const RECORDS = Object.values(COUNTS).reduce((a, b) => a + b, 0);
/** details (form values, mail bodies) cached for the first of these, as sync ahead keeps them */
const FLOW_DETAILS = 300;
const MAIL_BODIES = 30;

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢';
const GIVEN = [
  '伟',
  '敏',
  '静',
  '丽',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀英',
  '华',
  '慧',
  '建华',
  '雪',
];
const FLOWS = ['报销', '请假', '出差', '用印', '采购', '合同审批', '加班', '培训申请'];
const TOPICS = ['第三季度预算', '客户拜访', '项目验收', '年度培训', '会议室改造', '供应商评估', '安全检查', '市场推广'];
const DOCS = ['通知', '材料', '纪要', '安排', '报告', '方案', '说明'];
const PHRASES = [
  '请各部门于本周五前提交',
  '相关费用按公司规定执行',
  '如有疑问请联系行政部',
  '会议地点在第二会议室',
  '附件为本次活动的详细安排',
  '请按时参加并做好记录',
  '预算需经财务部审核后执行',
  '项目组将在下周完成验收',
];
const ORGS = ['研发部', '财务部', '行政部', '市场部', '人力资源部', '销售部'];

/** A small fixed generator (mulberry32): the same text on every run. */
function generator(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const at = (i: number) => new Date(Date.UTC(2026, 10, 1) + i * 3_600_000).toISOString();
const page = <T>(rows: T[]) => ({ pages: [{ rows, total: rows.length }], pageParams: [1] });

/** [query key, answer] pairs to put into a QueryClient with setQueryData. */
export function benchCache(): [unknown[], unknown][] {
  const random = generator(46);
  const pick = <T>(list: readonly T[] | string): T => list[Math.floor(random() * list.length)] as T;
  const name = () => `${pick<string>(SURNAMES)}${pick(GIVEN)}`;
  const body = (n: number) => Array.from({ length: n }, () => pick(PHRASES)).join('，');
  const cache: [unknown[], unknown][] = [];

  const flows = Array.from({ length: COUNTS.flow }, (_, i) => {
    const who = name();
    return {
      id: `task-${i}`,
      instanceId: `flow-${i}`,
      title: `${who}的${pick(FLOWS)}`,
      serial: `SQ2026${String(i).padStart(5, '0')}`,
      definitionName: pick(FLOWS),
      category: '行政',
      initiatorName: who,
      nodeName: '部门负责人审批',
      status: 'running',
      createdAt: at(i),
      handledAt: null,
      sortedAt: at(i),
      summary: [{ label: '事由', text: `${pick(TOPICS)}${pick(DOCS)}` }],
    };
  });
  // pages of 100, as the sync reads them; each list its own key like the screens' filters
  for (let p = 0; p * 100 < flows.length; p++)
    cache.push([['flow', 'list', 'todo', { keyword: '', page: p }], page(flows.slice(p * 100, p * 100 + 100))]);
  for (const row of flows.slice(0, FLOW_DETAILS))
    cache.push([
      ['flow', 'instance', row.instanceId],
      {
        id: row.instanceId,
        title: row.title,
        serial: row.serial,
        definition: { id: 'd', name: row.definitionName },
        formSchema: [],
        formData: { reason: body(3), amount: 1280 },
        initiator: { id: 'u', realName: row.initiatorName, orgName: pick(ORGS) },
        status: 'running',
        currentNodeNames: [row.nodeName],
        currentHandlers: [],
        createdAt: row.createdAt,
        trace: [],
      },
    ]);

  const mails = Array.from({ length: COUNTS.mail }, (_, i) => ({
    id: `mail-${i}`,
    folder: 'inbox',
    subject: `关于${pick(TOPICS)}的${pick(DOCS)}`,
    summary: body(1),
    sender: { id: `s${i}`, name: name() },
    recipientNames: [],
    at: at(i),
  }));
  for (let p = 0; p * 100 < mails.length; p++)
    cache.push([['mail', 'list', 'inbox', { keyword: '', page: p }], page(mails.slice(p * 100, p * 100 + 100))]);
  for (const mail of mails.slice(0, MAIL_BODIES))
    cache.push([
      ['mail', 'message', mail.id],
      { ...mail, status: 'sent', bodyHtml: `<p>${body(12)}</p>`, attachments: [], sentAt: mail.at, updatedAt: mail.at },
    ]);

  const people = Array.from({ length: COUNTS.contacts }, (_, i) => ({
    id: `user-${i}`,
    name: `user${i}`,
    popCode: 'user',
    realName: name(),
    parentId: `org-${i % ORGS.length}`,
    orgName: ORGS[i % ORGS.length],
    postName: '专员',
  }));
  for (let o = 0; o < ORGS.length; o++)
    cache.push([['upms', 'selector', 'org', `org-${o}`, ''], people.filter((_, i) => i % ORGS.length === o)]);

  const news = Array.from({ length: COUNTS.news }, (_, i) => ({
    id: `news-${i}`,
    title: `${pick(TOPICS)}${pick(DOCS)}`,
    summary: body(2),
    channelId: 'c',
    channelName: '公司新闻',
    authorName: name(),
    publishedAt: at(i),
    updatedAt: at(i),
  }));
  cache.push([['news', 'list', 'published', 'all', { keyword: '' }], page(news)]);

  const meetings = Array.from({ length: COUNTS.meeting }, (_, i) => ({
    id: `meeting-${i}`,
    subject: `${pick(TOPICS)}会议`,
    startAt: at(i),
    endAt: at(i + 1),
    roomName: `第${(i % 9) + 1}会议室`,
    organizerName: name(),
  }));
  cache.push([['meeting', 'list', 'upcoming', { keyword: '' }], page(meetings)]);

  const events = Array.from({ length: COUNTS.schedule }, (_, i) => ({
    eventId: `event-${i}`,
    occurrenceDate: null,
    source: 'event',
    title: `${pick(TOPICS)}${pick(['准备', '跟进', '复盘'])}`,
    startAt: at(i),
    endAt: at(i + 1),
    location: pick(ORGS),
  }));
  cache.push([['schedule', 'range', '2026-11-01', '2026-12-31'], events]);

  const records = Array.from({ length: COUNTS.custom }, (_, i) => ({
    id: `record-${i}`,
    title: `${pick(TOPICS)}台账${i}`,
    columns: [{ label: '负责人', text: name() }],
    creatorName: name(),
    updatedAt: at(i),
  }));
  cache.push([['custom', 'list', 'ledger', { keyword: '' }], page(records)]);
  return cache;
}

/** What people type: 汉字 substrings, full 拼音 and initials (each must find something, or it measures nothing). */
export const QUERIES: { kind: '汉字' | '全拼' | '首字母'; keyword: string }[] = [
  ...[
    '报销',
    '请假',
    '会议室',
    '出差',
    '采购',
    '合同',
    '培训',
    '王',
    '王伟',
    '季度',
    '预算',
    '通知',
    '项目',
    '客户',
  ].map((keyword) => ({ kind: '汉字' as const, keyword })),
  ...[
    'baoxiao',
    'qingjia',
    'huiyi',
    'chuchai',
    'caigou',
    'hetong',
    'peixun',
    'wangwei',
    'zhangmin',
    'xiangmu',
    'kehu',
  ].map((keyword) => ({ kind: '全拼' as const, keyword })),
  ...['bx', 'qj', 'hys', 'cc', 'cg', 'ht', 'px', 'ww', 'zm', 'xm', 'khbf'].map((keyword) => ({
    kind: '首字母' as const,
    keyword,
  })),
];
