import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { NewsAttachment, NewsStatus } from '@contract/news';
import { users } from './users';

/*
 * 资讯: channels, articles with a review workflow (草稿 → 待审核 → 已发布 / 已驳回), per-user views, likes and comments.
 * Body HTML is stored already sanitised (server/lib/sanitize-html.ts) and sanitised again when rendered.
 */

/** publishRoles / readRoles hold role codes; an empty list means every staff member. */
export const newsChannels = pgTable('news_channels', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  icon: text('icon').notNull().default(''),
  description: text('description').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  publishRoles: text('publish_roles').array().notNull().default([]),
  readRoles: text('read_roles').array().notNull().default([]),
});

export const newsArticles = pgTable(
  'news_articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => newsChannels.id),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    bodyHtml: text('body_html').notNull().default(''),
    coverFileIds: uuid('cover_file_ids').array().notNull().default([]),
    /** uploads the body shows as images (kept so a file follows its article) */
    imageFileIds: uuid('image_file_ids').array().notNull().default([]),
    attachments: jsonb('attachments').$type<NewsAttachment[]>().notNull().default([]),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    status: text('status').$type<NewsStatus>().notNull().default('draft'),
    reviewerId: uuid('reviewer_id').references(() => users.id),
    reviewOpinion: text('review_opinion'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    pinnedUntil: timestamp('pinned_until', { withTimezone: true }),
    viewCount: integer('view_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    searchGrams: text('search_grams').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('news_articles_published_idx').on(t.status, t.publishedAt),
    // the latest list's order (newest first, id breaking ties) and the 头条 carousel's few pinned articles
    index('news_articles_latest_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'published'`),
    index('news_articles_pinned_idx')
      .on(t.pinnedUntil)
      .where(sql`${t.status} = 'published' and ${t.pinnedUntil} is not null`),
    index('news_articles_channel_idx').on(t.channelId, t.status, t.publishedAt),
    index('news_articles_author_idx').on(t.authorId, t.status, t.updatedAt),
    index('news_articles_grams_idx').using('gin', t.searchGrams).with({ fastupdate: false }),
  ],
);

export const newsViews = pgTable(
  'news_views',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => newsArticles.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // one row per reader and article: the key makes a second open a no-op, so view_count counts people, not opens;
  // the article index serves the publisher's 已读 list (newest first) and the 未读 anti-join
  (t) => [
    primaryKey({ columns: [t.userId, t.articleId] }),
    index('news_views_article_idx').on(t.articleId, t.viewedAt.desc()),
  ],
);

export const newsLikes = pgTable(
  'news_likes',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => newsArticles.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.userId] })],
);

export const newsComments = pgTable(
  'news_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    articleId: uuid('article_id')
      .notNull()
      .references(() => newsArticles.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('news_comments_article_idx').on(t.articleId, t.createdAt)],
);
