import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FLOW_LISTS, type FlowListKind } from '@contract/flow';
import {
  addSignerBody,
  approveBody,
  ccBody,
  commentBody,
  flowListQuery,
  rejectBody,
  returnBody,
  saveDefinitionBody,
  startBody,
  transferBody,
  urgeBody,
} from '@contract/flow-schemas';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, ok } from '../../lib/app-error';
import { idParams } from '../../lib/validate';
import { currentUser } from '../../plugins/auth';
import { writeTransaction } from '../../plugins/write-transaction';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';
import { addSigners, approveTask, removeSigner, rejectTask, returnTask, transferTask } from './action-service';
import { saveDefinition } from './definition-service';
import { definitionDetail, instanceDetail, listDefinitions } from './detail-service';
import { createFlowEventHub } from './events';
import { markReadItem, urgeInstance, withdrawInstance } from './instance-service';
import { flowCounts, listFlows } from './list-service';
import { enforce, manageDefinitionsRefusal } from './policy';
import type { Reminder } from './reminders';
import { startInstance } from './start-service';
import { oversightRoutes } from './oversight-routes';
import { copyToDraft } from './copy-service';
import { addCopyRecipients } from './cc-service';
import { addComment } from './comment-service';
import { attachRefusal } from '../files/policy';
import { attachedFileIds } from './attachment-owner';
import { assertInstanceVisible, assertTaskVisible } from './visibility';
import { proxyRoutes } from './proxy-routes';
import { delegateRoutes } from './delegate-routes';
import { chainRoutes } from './chain-routes';
import { leaveBalanceRoutes } from './leave-balance-routes';
import { proxySweeper } from './proxy-sweep';
import { approveFromNotificationRoute } from './notification-approve';

/** An action may attach only files its actor may read (their own uploads, or files on records they may see). */
async function checkAttachable(
  tx: Db,
  request: FastifyRequest,
  body: { attachments: { fileName: string }[]; formData?: Record<string, unknown> },
) {
  enforce(await attachRefusal(tx, currentUser(request), attachedFileIds(body.formData, body.attachments)));
}

const flowId = idParams('流程ID');
const taskId = idParams('待办ID');
const listParams = z.object({ list: z.string() });
const isList = (list: string): list is FlowListKind => (FLOW_LISTS as readonly string[]).includes(list);

type Written = {
  data: { instanceId?: string; id?: string; notified?: string[]; reminder?: Reminder | null; told?: Reminder | null };
};

/** Workflow (审批): catalogue, start, the handler's actions, the lists and the detail (contract/flow.ts lists the calls). */
export async function flowRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  // the session is checked before the schemas: a caller without one hears 401, never what their input lacks
  const auth = { preValidation: [app.authenticate] };
  const hub = await createFlowEventHub(plain);
  app.addHook('onClose', () => hub.close());
  app.live.add({
    event: 'flow',
    hub,
    idle: { instanceId: null, origin: null },
    state: (user) => flowCounts(app.db, user.id),
  });

  const settle = proxySweeper(plain, (ids) => hub.publish(ids, { instanceId: null, origin: null }));

  /** After a write committed (its reminders left with the commit): whose lists changed, the actor too, hears it live. */
  const committed = <T extends Written>(request: FastifyRequest, answer: T): T => {
    const { data } = answer;
    const change = { instanceId: data.instanceId ?? data.id ?? null, origin: request.idempotency?.key ?? null };
    void hub
      .publish([currentUser(request).id, ...(data.notified ?? [])], change)
      .catch((error) => app.log.error(error, 'flow event publish failed'));
    return answer;
  };
  const write = <T extends Written['data']>(
    request: FastifyRequest,
    work: (tx: Db, userId: string) => Promise<T>,
    msg: string,
  ) =>
    writeTransaction(request, (tx) => work(tx, currentUser(request).id), msg).then((answer) =>
      committed(request, answer),
    );
  /** A write on one instance or task: a caller who may not see it hears 404 before the action's rules (visibility.ts). */
  const writeOn = <T extends Written['data']>(
    kind: 'instance' | 'task',
    request: FastifyRequest,
    id: string,
    work: (tx: Db, userId: string) => Promise<T>,
    msg: string,
  ) =>
    settle().then(() =>
      write(
        request,
        async (tx, userId) => {
          await (kind === 'instance' ? assertInstanceVisible : assertTaskVisible)(tx, currentUser(request), id);
          return work(tx, userId);
        },
        msg,
      ),
    );

  app.get(
    '/api/flow/definitions',
    { ...auth, schema: { querystring: flowListQuery.pick({ keyword: true }) } },
    async (request) => ok(await listDefinitions(app.db, request.query.keyword)),
  );

  app.post('/api/flow/definitions', { ...auth, schema: { body: saveDefinitionBody } }, async (request) => {
    enforce(manageDefinitionsRefusal(currentUser(request)));
    return writeTransaction(request, (tx) => saveDefinition(tx, request.body), '流程已保存');
  });

  app.get('/api/flow/definitions/:id', { ...auth, schema: { params: flowId } }, async (request) =>
    ok(await definitionDetail(app.db, request.params.id)),
  );

  app.post('/api/flow/instances', { ...auth, schema: { body: startBody } }, async (request) =>
    write(
      request,
      (tx, userId) => startInstance(tx, userId, request.body, app.deliverableChannels),
      request.body.draft ? '草稿已保存' : '提交成功',
    ),
  );

  app.get('/api/flow/instances/:id', { ...auth, schema: { params: flowId } }, async (request) => {
    await settle();
    return ok(await instanceDetail(app.db, currentUser(request), request.params.id));
  });

  app.post('/api/flow/instances/:id/withdraw', { ...auth, schema: { params: flowId } }, async (request) =>
    writeOn(
      'instance',
      request,
      request.params.id,
      (tx, userId) => withdrawInstance(tx, userId, request.params.id),
      '已撤回',
    ),
  );

  app.post('/api/flow/instances/:id/cc', { ...auth, schema: { params: flowId, body: ccBody } }, async (request) =>
    writeOn(
      'instance',
      request,
      request.params.id,
      (tx, userId) => addCopyRecipients(tx, userId, request.params.id, request.body),
      '已抄送',
    ),
  );

  app.post('/api/flow/instances/:id/copy', { ...auth, schema: { params: flowId } }, async (request) =>
    writeOn(
      'instance',
      request,
      request.params.id,
      (tx, userId) => copyToDraft(tx, userId, request.params.id),
      '已复制为新草稿',
    ),
  );

  // 评论 changes nobody's lists or the request: the applicant's and handlers' open details reload
  app.post(
    '/api/flow/instances/:id/comments',
    { ...auth, schema: { params: flowId, body: commentBody } },
    async (request) =>
      write(request, (tx) => addComment(tx, currentUser(request), request.params.id, request.body), '评论成功'),
  );

  // 催办 changes nobody's lists: its reminder goes out, no live event
  app.post('/api/flow/instances/:id/urge', { ...auth, schema: { params: flowId, body: urgeBody } }, async (request) => {
    const user = currentUser(request);
    return writeTransaction(
      request,
      async (tx) => {
        await assertInstanceVisible(tx, user, request.params.id);
        return urgeInstance(tx, app.deliverableChannels, user.id, request.params.id, request.body);
      },
      '已催办',
    );
  });

  app.post('/api/flow/tasks/:id/approve', { ...auth, schema: { params: taskId, body: approveBody } }, async (request) =>
    writeOn(
      'task',
      request,
      request.params.id,
      async (tx, userId) => {
        await checkAttachable(tx, request, request.body);
        return approveTask(tx, userId, request.params.id, request.body, app.deliverableChannels);
      },
      '审批成功',
    ),
  );
  approveFromNotificationRoute(plain, write);
  app.post('/api/flow/tasks/:id/reject', { ...auth, schema: { params: taskId, body: rejectBody } }, async (request) =>
    writeOn(
      'task',
      request,
      request.params.id,
      async (tx, userId) => {
        await checkAttachable(tx, request, request.body);
        return rejectTask(tx, userId, request.params.id, request.body);
      },
      '已驳回',
    ),
  );
  app.post('/api/flow/tasks/:id/return', { ...auth, schema: { params: taskId, body: returnBody } }, async (request) =>
    writeOn(
      'task',
      request,
      request.params.id,
      async (tx, userId) => {
        await checkAttachable(tx, request, request.body);
        return returnTask(tx, userId, request.params.id, request.body);
      },
      '已退回',
    ),
  );
  app.post(
    '/api/flow/tasks/:id/transfer',
    { ...auth, schema: { params: taskId, body: transferBody } },
    async (request) =>
      writeOn(
        'task',
        request,
        request.params.id,
        (tx, userId) => transferTask(tx, userId, request.params.id, request.body, app.deliverableChannels),
        '已转办',
      ),
  );
  app.post(
    '/api/flow/tasks/:id/add-signer',
    { ...auth, schema: { params: taskId, body: addSignerBody } },
    async (request) =>
      writeOn(
        'task',
        request,
        request.params.id,
        (tx, userId) => addSigners(tx, userId, request.params.id, request.body, app.deliverableChannels),
        '已加签',
      ),
  );
  // :id is the co-signer's task; only the one who added it may remove it, before it is handled
  app.post('/api/flow/tasks/:id/remove-signer', { ...auth, schema: { params: taskId } }, async (request) =>
    writeOn(
      'task',
      request,
      request.params.id,
      (tx, userId) => removeSigner(tx, userId, request.params.id),
      '已移除加签人员',
    ),
  );

  app.post('/api/flow/reads/:id/read', { ...auth, schema: { params: idParams('待阅ID') } }, async (request) =>
    write(request, (tx, userId) => markReadItem(tx, userId, request.params.id), '已阅'),
  );

  await oversightRoutes(app);
  app.get('/api/flow/counts', auth, async (request) => {
    await settle();
    return ok(await flowCounts(app.db, currentUser(request).id));
  });

  app.get(
    '/api/flow/task/:list',
    { ...auth, schema: { params: listParams, querystring: flowListQuery } },
    async (request) => {
      const { list } = request.params;
      if (!isList(list)) throw new AppError(404, '列表不存在');
      await settle();
      return ok(await listFlows(app.db, currentUser(request).id, list, request.query));
    },
  );

  proxyRoutes(plain, auth, write, settle);
  delegateRoutes(plain, auth, writeOn);
  chainRoutes(plain, auth);
  leaveBalanceRoutes(plain, auth);
}
