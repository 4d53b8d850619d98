import type { Db } from '../client';
import * as t from '../schema';
import { searchGrams } from '../../lib/search-grams';
import { demoId } from './demo-ids';

/** 资讯 demo: channels and articles in every state (已发布 with two pinned, 待审核, 草稿, 已驳回), views, likes, comments. */

const channels = [
  {
    key: 'headline',
    name: '公司要闻',
    icon: '📰',
    description: '公司重大新闻与领导动态',
    publishRoles: ['news_editor', 'admin'],
  },
  {
    key: 'notice',
    name: '通知公告',
    icon: '📢',
    description: '行政、人事等部门的正式通知',
    publishRoles: ['news_editor', 'admin'],
  },
  { key: 'dept', name: '部门动态', icon: '🏢', description: '各部门工作进展与活动', publishRoles: [] },
  { key: 'culture', name: '企业文化', icon: '🌱', description: '员工风采、文化活动与培训', publishRoles: [] },
];

type Status = 'draft' | 'pending' | 'published' | 'rejected';
interface DemoArticle {
  key: string;
  channel: string;
  author: string;
  status: Status;
  title: string;
  body: string;
  /** days before the seed; published articles are published then */
  daysAgo: number;
  pinnedDays?: number;
  reviewer?: string;
  opinion?: string;
}

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('');

const articles: DemoArticle[] = [
  {
    key: 'annual',
    channel: 'headline',
    author: 'sunqi',
    status: 'published',
    daysAgo: 1,
    pinnedDays: 30,
    reviewer: 'lisi',
    title: '华晟控股集团2026年度工作会议胜利召开',
    body: p(
      '1月10日，集团2026年度工作会议在总部召开，总结去年工作，部署今年重点任务。',
      '会议强调，要坚持<strong>数字化转型</strong>，提升协同办公效率。',
    ),
  },
  {
    key: 'digital',
    channel: 'headline',
    author: 'lisi',
    status: 'published',
    daysAgo: 2,
    pinnedDays: 20,
    reviewer: 'sunqi',
    title: '协同办公移动端正式上线',
    body: p(
      '新版协同办公移动端支持离线审批、资讯、邮件与会议，欢迎大家使用并反馈意见。',
      '<a href="https://example.com/guide">查看使用指南</a>',
    ),
  },
  {
    key: 'holiday',
    channel: 'notice',
    author: 'sunqi',
    status: 'published',
    daysAgo: 3,
    reviewer: 'lisi',
    title: '关于2026年春节放假安排的通知',
    body: p('根据国家规定，春节放假时间为2月14日至2月22日，共9天。', '请各部门做好节前安全检查工作。'),
  },
  {
    key: 'security',
    channel: 'notice',
    author: 'lisi',
    status: 'published',
    daysAgo: 5,
    reviewer: 'sunqi',
    title: '关于开展信息安全自查的通知',
    body: p('请各部门于本月底前完成办公电脑的信息安全自查，及时更新系统补丁。'),
  },
  {
    key: 'marketing',
    channel: 'dept',
    author: 'wangwu',
    status: 'published',
    daysAgo: 6,
    reviewer: 'lisi',
    title: '市场部完成华东区域客户回访',
    body: p('市场部本季度共回访客户120家，客户满意度达到96%。'),
  },
  {
    key: 'training',
    channel: 'culture',
    author: 'zhaoliu',
    status: 'published',
    daysAgo: 8,
    reviewer: 'sunqi',
    title: '新员工入职培训圆满结束',
    body: p('为期三天的新员工入职培训顺利结束，32名新同事完成了企业文化、制度流程等课程学习。'),
  },
  {
    key: 'sports',
    channel: 'culture',
    author: 'zhoujie',
    status: 'published',
    daysAgo: 12,
    reviewer: 'lisi',
    title: '集团第五届职工运动会报名开始',
    body: p('运动会设置跑步、羽毛球、拔河等项目，欢迎各部门积极报名。'),
  },
  {
    key: 'old',
    channel: 'dept',
    author: 'zhangsan',
    status: 'published',
    daysAgo: 45,
    reviewer: 'sunqi',
    title: '行政办公室完成办公区改造',
    body: p('办公区改造完成，新增共享会议空间两处。'),
  },
  {
    key: 'pending-zs',
    channel: 'dept',
    author: 'zhangsan',
    status: 'pending',
    daysAgo: 0,
    title: '行政办公室开展节能降耗专项行动',
    body: p('为落实节能要求，行政办公室将于下月起开展节能降耗专项行动。'),
  },
  {
    key: 'pending-ww',
    channel: 'culture',
    author: 'wangwu',
    status: 'pending',
    daysAgo: 1,
    title: '市场部读书分享会纪实',
    body: p('本次读书分享会共有15名同事参加，分享了8本优秀图书。'),
  },
  {
    key: 'draft-zs',
    channel: 'dept',
    author: 'zhangsan',
    status: 'draft',
    daysAgo: 0,
    title: '（草稿）办公用品申领流程优化说明',
    body: p('办公用品申领将改为线上审批，具体流程如下……'),
  },
  {
    key: 'rejected-zs',
    channel: 'culture',
    author: 'zhangsan',
    status: 'rejected',
    daysAgo: 4,
    reviewer: 'lisi',
    opinion: '内容过于简单，请补充活动照片和参与人数后重新提交。',
    title: '行政办公室团建活动小记',
    body: p('上周末行政办公室组织了团建活动。'),
  },
];

const DAY = 24 * 3600 * 1000;

// who has opened which published article: zhangsan has read the older news (the newest stay unread so the badge shows
// something), and reviewers have read what they approved; an author is no reader of their own article (their opens
// record nothing); the view count is the number of these readers
const readers = (a: DemoArticle): string[] =>
  a.status !== 'published'
    ? []
    : [
        ...new Set([
          ...(a.reviewer ? [a.reviewer] : []),
          ...(['security', 'marketing', 'training', 'sports', 'old'].includes(a.key) ? ['zhangsan'] : []),
        ]),
      ].filter((user) => user !== a.author);

export async function seedNews(tx: Db): Promise<void> {
  await tx.insert(t.newsChannels).values(
    channels.map((c, sort) => ({
      id: demoId(`news-channel:${c.key}`),
      name: c.name,
      icon: c.icon,
      description: c.description,
      sort,
      publishRoles: c.publishRoles,
    })),
  );
  const now = Date.now();
  await tx.insert(t.newsArticles).values(
    articles.map((a) => {
      const at = new Date(now - a.daysAgo * DAY);
      const reviewed = a.status === 'published' || a.status === 'rejected';
      const summary = a.body.replace(/<[^>]*>/g, '').slice(0, 120);
      return {
        id: demoId(`news:${a.key}`),
        channelId: demoId(`news-channel:${a.channel}`),
        title: a.title,
        summary,
        bodyHtml: a.body,
        authorId: demoId(`user:${a.author}`),
        status: a.status,
        reviewerId: a.reviewer ? demoId(`user:${a.reviewer}`) : null,
        reviewOpinion: a.opinion ?? null,
        reviewedAt: reviewed ? at : null,
        submittedAt: a.status === 'draft' ? null : new Date(at.getTime() - 3600 * 1000),
        publishedAt: a.status === 'published' ? at : null,
        pinnedUntil: a.pinnedDays ? new Date(now + a.pinnedDays * DAY) : null,
        viewCount: readers(a).length,
        likeCount: a.key === 'annual' ? 2 : 0,
        commentCount: a.key === 'annual' ? 2 : 0,
        searchGrams: searchGrams([a.title, summary]),
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
  await tx.insert(t.newsViews).values(
    articles.flatMap((a) =>
      readers(a).map((user) => ({
        articleId: demoId(`news:${a.key}`),
        userId: demoId(`user:${user}`),
        viewedAt: new Date(now - a.daysAgo * DAY + 3600 * 1000),
      })),
    ),
  );
  await tx
    .insert(t.newsLikes)
    .values(['lisi', 'wangwu'].map((u) => ({ articleId: demoId('news:annual'), userId: demoId(`user:${u}`) })));
  await tx.insert(t.newsComments).values([
    {
      articleId: demoId('news:annual'),
      userId: demoId('user:wangwu'),
      content: '目标明确，干劲十足！',
      createdAt: new Date(now - 20 * 3600 * 1000),
    },
    {
      articleId: demoId('news:annual'),
      userId: demoId('user:zhaoliu'),
      content: '期待新的一年再创佳绩。',
      createdAt: new Date(now - 10 * 3600 * 1000),
    },
  ]);
}
