import type { NewsAbilities, NewsStatus } from '@contract/news';
import { AppError } from '../../lib/app-error';
import type { Principal } from '../session/service';

/*
 * Who may see and do what in 资讯, in one place. Each rule answers its refusal (or null); the detail's abilities are
 * exactly the rules that answer null, so the buttons and the API agree. Policy reads no database: the service loads
 * the channel and the article first.
 */

export interface ChannelRules {
  publishRoles: string[];
  readRoles: string[];
}

export interface ArticleFacts {
  status: NewsStatus;
  authorId: string;
}

const isAdmin = (user: Principal) => user.roles.includes('admin') || user.permissions.includes('*:*:*');
const hasAnyRole = (user: Principal, roles: string[]) =>
  roles.length === 0 || isAdmin(user) || roles.some((r) => user.roles.includes(r));

/** Reviewers are users with the review permission (资讯编辑, admins). */
export const isReviewer = (user: Principal): boolean =>
  isAdmin(user) || user.permissions.includes('news:article:review');

/** A channel is read by the roles it names (every staff member when it names none). */
export function readChannelRefusal(user: Principal, channel: ChannelRules): AppError | null {
  return hasAnyRole(user, channel.readRoles) ? null : new AppError(403, '无权查看该栏目');
}

/** Submitting to a channel: its publishing roles (everyone who reads it when it names none). */
export function publishRefusal(user: Principal, channel: ChannelRules): AppError | null {
  if (readChannelRefusal(user, channel)) return new AppError(403, '无权在该栏目发布资讯');
  return hasAnyRole(user, channel.publishRoles) ? null : new AppError(403, '无权在该栏目发布资讯');
}

/**
 * A published article is read by its channel's readers; an unpublished one only by its author, by reviewers while
 * it waits for review, and by admins. Others hear 404, so they cannot tell an unpublished article from a missing one.
 */
export function viewRefusal(user: Principal, article: ArticleFacts, channel: ChannelRules): AppError | null {
  if (article.authorId === user.id || isAdmin(user)) return null;
  if (article.status === 'published')
    return readChannelRefusal(user, channel) ? new AppError(404, '资讯不存在或未发布') : null;
  if (article.status === 'pending' && isReviewer(user)) return null;
  return new AppError(404, '资讯不存在或未发布');
}

/** Editing, submitting or deleting: the author, while the article is a draft or was rejected. */
export function editRefusal(user: Principal, article: ArticleFacts): AppError | null {
  if (article.authorId !== user.id) return new AppError(403, '只能修改自己的资讯');
  if (article.status === 'pending') return new AppError(409, '资讯正在审核中，不能修改');
  if (article.status === 'published') return new AppError(409, '资讯已发布，不能修改');
  return null;
}

/** 审核: a reviewer other than the author, while the article waits for review. */
export function reviewRefusal(user: Principal, article: ArticleFacts): AppError | null {
  if (!isReviewer(user)) return new AppError(403, '您没有审核资讯的权限');
  if (article.authorId === user.id) return new AppError(403, '不能审核自己提交的资讯');
  return article.status === 'pending' ? null : new AppError(409, '该资讯已被审核');
}

/** 点赞 and 评论 are for readers of a published article. */
export function interactRefusal(article: ArticleFacts): AppError | null {
  return article.status === 'published' ? null : new AppError(409, '资讯未发布，不能点赞或评论');
}

/**
 * 阅读情况 (who has read it and who not): the author and admins, of a published article. Anyone else hears 404, as
 * for an article they may not read, so the list reveals nothing about who the audience is.
 */
export function readersRefusal(user: Principal, article: ArticleFacts): AppError | null {
  if (article.authorId !== user.id && !isAdmin(user)) return new AppError(404, '资讯不存在或未发布');
  return article.status === 'published' ? null : new AppError(409, '资讯发布后才能查看阅读情况');
}

/** 审核意见 is internal: the author (why it was sent back), reviewers and admins see it; readers do not. */
export const seesReviewOpinion = (user: Principal, article: ArticleFacts): boolean =>
  article.authorId === user.id || isReviewer(user);

export function abilitiesOf(user: Principal, article: ArticleFacts): NewsAbilities {
  const editable = !editRefusal(user, article);
  const interact = !interactRefusal(article);
  return {
    edit: editable,
    remove: editable,
    review: !reviewRefusal(user, article),
    like: interact,
    comment: interact,
    readers: !readersRefusal(user, article),
  };
}

/** Throws a rule's refusal. */
export function enforce(refusal: AppError | null): void {
  if (refusal) throw refusal;
}
