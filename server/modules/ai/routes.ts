import type { FastifyInstance } from 'fastify';
import type { AiStreamEvent } from '@contract/ai';
import { askBody, conversationTitleBody } from '@contract/ai-schemas';
import { AppError, ok } from '../../lib/app-error';
import { idParams } from '../../lib/validate';
import { currentUser } from '../../plugins/auth';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';
import { appToolDeps } from './app-deps';
import { applyEvent, emptyAnswer, sseFrame } from './answer-record';
import { runConversation, systemPrompt } from './conversation-loop';
import {
  createConversation,
  deleteConversation,
  historyForModel,
  listConversations,
  listMessages,
  ownConversation,
  renameConversation,
  storeExchange,
} from './conversation-service';
import { createEmbeddedModel } from './embedded/embedded-model';
import { seesSetup } from './policy';
import { createSharedAiLimiter } from './shared-rate-limit';
import { upstreamFromEnv } from './upstream';

const conversationId = idParams('会话ID');

/** AI助手: the caller's conversations and the streamed answer (contract/ai.ts lists the calls). */
export async function aiRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: [app.authenticate] };
  // read once at start-up: the key stays inside the upstream client and never reaches a reply
  const model = upstreamFromEnv() ?? createEmbeddedModel();
  const limiter = createSharedAiLimiter(app.db);

  app.get('/api/ai/conversations', auth, async (request) =>
    ok(await listConversations(app.db, currentUser(request).id)),
  );

  app.post(
    '/api/ai/conversations',
    { ...auth, schema: { body: conversationTitleBody.partial().optional() } },
    async (request) => ok(await createConversation(app.db, currentUser(request).id, request.body?.title), '已新建对话'),
  );

  app.put(
    '/api/ai/conversations/:id',
    { ...auth, schema: { params: conversationId, body: conversationTitleBody } },
    async (request) =>
      ok(await renameConversation(app.db, currentUser(request).id, request.params.id, request.body.title), '已重命名'),
  );

  app.delete('/api/ai/conversations/:id', { ...auth, schema: { params: conversationId } }, async (request) => {
    await deleteConversation(app.db, currentUser(request).id, request.params.id);
    return ok(null, '已删除');
  });

  app.get('/api/ai/conversations/:id/messages', { ...auth, schema: { params: conversationId } }, async (request) =>
    ok(await listMessages(app.db, currentUser(request).id, request.params.id)),
  );

  app.post(
    '/api/ai/conversations/:id/ask',
    { ...auth, schema: { params: conversationId, body: askBody } },
    async (request, reply) => {
      const principal = currentUser(request);
      const conversation = await ownConversation(app.db, principal.id, request.params.id);
      const admission = await limiter.acquire(principal.id);
      if (!admission.ok) {
        reply.header('retry-after', String(admission.retryAfterSeconds));
        throw new AppError(429, admission.message);
      }
      const askedAt = new Date();
      const user = { id: principal.id, realName: principal.realName, seesSetup: seesSetup(principal) };
      const stop = new AbortController();
      // the stop button closes the stream; 'close' on the response (not the request) fires when the client goes
      reply.raw.on('close', () => stop.abort());
      let answer = emptyAnswer();
      const history = await historyForModel(app.db, conversation.id).catch(async (error) => {
        await admission.release();
        throw error;
      });
      try {
        const messages = [
          systemPrompt(user, askedAt),
          ...history,
          { role: 'user' as const, content: request.body.text },
        ];
        reply.hijack();
        reply.raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache',
          'x-accel-buffering': 'no',
        });
        const events = runConversation({
          model,
          deps: appToolDeps(app.db, principal, app.config.orgVisibility),
          user,
          messages,
          signal: stop.signal,
        });
        for await (const event of events as AsyncIterable<AiStreamEvent>) {
          answer = applyEvent(answer, event);
          if (!reply.raw.destroyed) reply.raw.write(sseFrame(event));
        }
      } catch (error) {
        request.log.error(error, 'ai answer failed');
        const event: AiStreamEvent = { type: 'error', message: 'AI助手暂时无法回答，请稍后再试' };
        answer = applyEvent(answer, event);
        if (!reply.raw.destroyed) reply.raw.write(sseFrame(event));
      } finally {
        await admission.release(); // before the stream ends: the next question may come at once, to any process
        // stored before the stream ends, so history read right after `done` already holds the answer
        await storeExchange(app.db, conversation, request.body.text, answer, askedAt).catch((error) =>
          request.log.error(error, 'ai answer not stored'),
        );
        reply.raw.end();
      }
    },
  );
}
