import { z } from 'zod';
import { keywordField, pageFields } from './pagination-schemas';
import { mentionIds } from './message-schemas';
import { NEWS_STATUSES } from './news';
import { newsArticleRules as rule } from './news-rules';

/** Request bodies and queries of the news calls (contract/news.ts lists them); the client imports only their types. */

const fileId = z.string().uuid('附件ID格式不正确');

export const newsSaveBody = z.object({
  channelId: z.string({ error: rule.channel }).uuid(rule.channel),
  title: z
    .string({ error: rule.title.required })
    .trim()
    .min(1, rule.title.required)
    .max(rule.title.max, rule.title.tooLong),
  summary: z.string().trim().max(rule.summary.max, rule.summary.tooLong).default(''),
  bodyHtml: z.string().max(200_000, '正文过长').default(''),
  coverFileIds: z.array(fileId).max(5, '封面最多5张').default([]),
  attachments: z
    .array(
      z.object({ fileName: fileId, attachName: z.string().trim().min(1, '附件名称不能为空').max(255, '附件名称过长') }),
    )
    .max(20, '附件最多20个')
    .default([]),
  /** true: 提交审核; false: 保存草稿 */
  submit: z.boolean().default(false),
});
export type NewsSaveBody = z.input<typeof newsSaveBody>;

export const newsReviewBody = z
  .object({
    decision: z.enum(['approve', 'reject'], { error: '请选择审核结果' }),
    opinion: z.string().trim().max(500, '审核意见不能超过500字').default(''),
    /** 置顶至 (ISO date-time), only when approving */
    pinnedUntil: z.string().datetime({ offset: true, error: '置顶时间格式不正确' }).nullish(),
  })
  .refine((body) => body.decision === 'approve' || body.opinion.length > 0, {
    message: '驳回时请填写审核意见',
    path: ['opinion'],
  });
export type NewsReviewBody = z.input<typeof newsReviewBody>;

export const newsLikeBody = z.object({ liked: z.boolean({ error: '点赞参数不正确' }) });

export const newsCommentBody = z.object({
  content: z.string({ error: '请输入评论内容' }).trim().min(1, '请输入评论内容').max(500, '评论不能超过500字'),
  mentionIds,
});

const page = {
  ...pageFields,
  keyword: keywordField(50),
};

export const newsArticlesQuery = z.object({ ...page, channelId: z.string().uuid('栏目ID格式不正确').optional() });
export const newsMineQuery = z.object({ ...page, status: z.enum(NEWS_STATUSES, { error: '状态不正确' }).optional() });
export const newsPageQuery = z.object(page);
export const newsReadersQuery = z.object({
  ...pageFields,
  read: z.enum(['true', 'false'], { error: '请选择已读或未读' }).transform((v) => v === 'true'),
});
export type NewsListQuery = z.output<typeof newsArticlesQuery> & { status?: (typeof NEWS_STATUSES)[number] };
