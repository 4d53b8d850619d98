import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  newsArticlesQuery,
  newsCommentBody,
  newsLikeBody,
  newsMineQuery,
  newsPageQuery,
  newsReadersQuery,
  newsReviewBody,
  newsSaveBody,
} from '@contract/news-schemas';
import type { Db } from '../../db/client';
import { ok } from '../../lib/app-error';
import { idParams } from '../../lib/validate';
import { currentUser } from '../../plugins/auth';
import { writeTransaction } from '../../plugins/write-transaction';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';
import type { Principal } from '../session/service';
import { createArticle, deleteArticle, reviewArticle, updateArticle, type NewsWritten } from './article-service';
import { articleDetail, channelInfo, listChannels, listComments } from './detail-service';
import { createNewsEventHub } from './events';
import { addComment, recordView, setLike } from './interaction-service';
import { headlines, listNews, newsCounts } from './list-service';
import { listReaders } from './readers-service';
import { remindUnread } from './remind-service';

const articleId = idParams('资讯ID');
const channelId = idParams('栏目ID');

/** 资讯: channels, the published lists, my articles, the review queue, the detail and its likes and comments. */
export async function newsRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  // the session is checked before the schemas: a caller without one hears 401, never what their input lacks
  const auth = { preValidation: [app.authenticate] };
  const hub = await createNewsEventHub(plain);
  app.addHook('onClose', () => hub.close());
  app.live.add({
    event: 'news',
    hub,
    idle: { articleId: null, origin: null },
    state: (user) => newsCounts(app.db, user),
  });

  /** A workflow write: one transaction, then (after the commit) the users whose counts changed are told live. */
  const write = async (
    request: FastifyRequest,
    work: (tx: Db, user: Principal) => Promise<NewsWritten>,
    msg: string,
  ) => {
    const user = currentUser(request);
    const answer = await writeTransaction(request, (tx) => work(tx, user), msg);
    const { notified, ...data } = answer.data;
    // the actor's own counts changed too; a publication (null) reaches every reader
    const ids = notified === null ? null : [user.id, ...notified];
    void hub
      .publish(ids, { articleId: data.id, origin: request.idempotency?.key ?? null })
      .catch((error) => app.log.error(error, 'news event publish failed'));
    return { ...answer, data };
  };

  app.get('/api/news/channels', auth, async (request) => ok(await listChannels(app.db, currentUser(request))));
  app.get('/api/news/channels/:id', { ...auth, schema: { params: channelId } }, async (request) =>
    ok(await channelInfo(app.db, currentUser(request), request.params.id)),
  );
  app.get('/api/news/headlines', auth, async (request) => ok(await headlines(app.db, currentUser(request))));
  app.get('/api/news/counts', auth, async (request) => ok(await newsCounts(app.db, currentUser(request))));

  app.get('/api/news/articles', { ...auth, schema: { querystring: newsArticlesQuery } }, async (request) =>
    ok(await listNews(app.db, currentUser(request), 'published', request.query)),
  );
  app.get('/api/news/mine', { ...auth, schema: { querystring: newsMineQuery } }, async (request) =>
    ok(await listNews(app.db, currentUser(request), 'mine', request.query)),
  );
  app.get('/api/news/reviews', { ...auth, schema: { querystring: newsPageQuery } }, async (request) =>
    ok(await listNews(app.db, currentUser(request), 'reviews', request.query)),
  );

  app.get('/api/news/articles/:id', { ...auth, schema: { params: articleId } }, async (request) =>
    ok(await articleDetail(app.db, currentUser(request), request.params.id)),
  );

  app.post('/api/news/articles', { ...auth, schema: { body: newsSaveBody } }, async (request) =>
    write(
      request,
      (tx, user) => createArticle(tx, user, request.body),
      request.body.submit ? '已提交审核' : '草稿已保存',
    ),
  );
  app.put('/api/news/articles/:id', { ...auth, schema: { params: articleId, body: newsSaveBody } }, async (request) =>
    write(
      request,
      (tx, user) => updateArticle(tx, user, request.params.id, request.body),
      request.body.submit ? '已提交审核' : '草稿已保存',
    ),
  );
  app.delete('/api/news/articles/:id', { ...auth, schema: { params: articleId } }, async (request) =>
    write(request, (tx, user) => deleteArticle(tx, user, request.params.id), '已删除'),
  );
  app.post(
    '/api/news/articles/:id/review',
    { ...auth, schema: { params: articleId, body: newsReviewBody } },
    async (request) =>
      write(
        request,
        (tx, user) => reviewArticle(tx, user, request.params.id, request.body),
        request.body.decision === 'approve' ? '审核通过，已发布' : '已驳回',
      ),
  );

  app.post('/api/news/articles/:id/view', { ...auth, schema: { params: articleId } }, async (request) => {
    const user = currentUser(request);
    const answer = await writeTransaction(request, (tx) => recordView(tx, user, request.params.id));
    // the first open lowers the caller's unread count
    if (answer.data.firstView)
      void hub
        .publish([user.id], { articleId: request.params.id, origin: request.idempotency?.key ?? null })
        .catch(() => undefined);
    return ok({ viewCount: answer.data.viewCount });
  });
  app.post(
    '/api/news/articles/:id/like',
    { ...auth, schema: { params: articleId, body: newsLikeBody } },
    async (request) =>
      writeTransaction(
        request,
        (tx) => setLike(tx, currentUser(request), request.params.id, request.body.liked),
        request.body.liked ? '已点赞' : '已取消点赞',
      ),
  );
  app.get(
    '/api/news/articles/:id/readers',
    { ...auth, schema: { params: articleId, querystring: newsReadersQuery } },
    async (request) => ok(await listReaders(app.db, currentUser(request), request.params.id, request.query)),
  );
  // the client words the count itself (已提醒N人): a replayed key answers the stored envelope as it was
  app.post('/api/news/articles/:id/remind-unread', { ...auth, schema: { params: articleId } }, async (request) =>
    writeTransaction(request, (tx) =>
      remindUnread(tx, app.deliverableChannels, currentUser(request), request.params.id),
    ),
  );
  app.get(
    '/api/news/articles/:id/comments',
    { ...auth, schema: { params: articleId, querystring: newsPageQuery } },
    async (request) => ok(await listComments(app.db, currentUser(request), request.params.id, request.query)),
  );
  app.post(
    '/api/news/articles/:id/comments',
    { ...auth, schema: { params: articleId, body: newsCommentBody } },
    async (request) =>
      writeTransaction(
        request,
        (tx) => addComment(tx, currentUser(request), request.params.id, request.body),
        '评论成功',
      ),
  );
}
