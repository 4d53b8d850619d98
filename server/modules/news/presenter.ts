import type { NewsAbilities, NewsAttachment, NewsComment, NewsDetail, NewsListRow, NewsStatus } from '@contract/news';

/** A list row as the list query selects it. */
export interface ListRecord {
  id: string;
  title: string;
  summary: string;
  channelId: string;
  channelName: string;
  authorName: string;
  status: NewsStatus;
  coverFileIds: string[];
  publishedAt: Date | null;
  updatedAt: Date;
  pinnedUntil: Date | null;
  viewCount: number;
  likeCount: number;
  commentCount: number;
  viewedAt: Date | null;
  authorId: string;
}

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());

/** A row as `viewerId` sees it: their own article is read for them, though their opens record no view. */
export function presentListRow(row: ListRecord, viewerId: string, now = new Date()): NewsListRow {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    channelId: row.channelId,
    channelName: row.channelName,
    authorName: row.authorName,
    status: row.status,
    coverFileIds: row.coverFileIds,
    publishedAt: iso(row.publishedAt),
    updatedAt: iso(row.updatedAt)!,
    pinned: row.status === 'published' && row.pinnedUntil !== null && new Date(row.pinnedUntil) > now,
    viewCount: row.viewCount,
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    read: row.viewedAt !== null || row.authorId === viewerId,
  };
}

export interface DetailRecord extends ListRecord {
  bodyHtml: string;
  attachments: NewsAttachment[];
  reviewerName: string | null;
  reviewOpinion: string | null;
  reviewedAt: Date | null;
  submittedAt: Date | null;
}

export function presentDetail(
  row: DetailRecord,
  viewerId: string,
  liked: boolean,
  abilities: NewsAbilities,
): NewsDetail {
  return {
    ...presentListRow(row, viewerId),
    bodyHtml: row.bodyHtml,
    attachments: row.attachments,
    authorId: row.authorId,
    reviewerName: row.reviewerName,
    reviewOpinion: row.reviewOpinion,
    reviewedAt: iso(row.reviewedAt),
    submittedAt: iso(row.submittedAt),
    pinnedUntil: iso(row.pinnedUntil),
    liked,
    abilities,
  };
}

export function presentComment(
  row: { id: string; userId: string; userName: string; content: string; createdAt: Date },
  viewerId: string,
): NewsComment {
  return {
    id: row.id,
    userName: row.userName,
    content: row.content,
    createdAt: iso(row.createdAt)!,
    mine: row.userId === viewerId,
  };
}
