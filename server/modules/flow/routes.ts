import type { FastifyInstance } from 'fastify';
import { FLOW_LISTS, type FlowListKind } from '@contract/flow';
import { addSignerBody, approveBody, flowListQuery, rejectBody, returnBody, saveDefinitionBody, startBody, transferBody, urgeBody } from '@contract/flow-schemas';
import { saveDefinition } from './definition-service';
import { AppError, ok } from '../../lib/app-error';
import { uuidParam, validate } from '../../lib/validate';
import { writeTransaction } from '../../plugins/write-transaction';
import { currentUser } from '../../plugins/auth';
import { addSigners, approveTask, rejectTask, returnTask, transferTask } from './action-service';
import { definitionDetail, instanceDetail, listDefinitions } from './detail-service';
import { markReadItem, urgeInstance, withdrawInstance } from './instance-service';
import { flowCounts, listFlows } from './list-service';
import { startInstance } from './start-service';
import { createFlowEventHub } from './events';
import { registerFlowEventRoute } from './event-routes';

const idOf = (request: { params: unknown }, label: string) => uuidParam((request.params as { id?: unknown }).id, label);

/** Workflow: catalogue, start, the handler's actions, the lists and the detail (contract/flow.ts lists the calls). */
export async function flowRoutes(app: FastifyInstance): Promise<void> {
  const auth = { preHandler: [app.authenticate] };
  const hub = await createFlowEventHub(app);
  app.addHook('onClose', () => hub.close());
  registerFlowEventRoute(app, hub);
  /** After a write committed: everyone whose lists changed (and the actor) hears of it on their live connection. */
  const announce = <T extends { data: unknown }>(answer: T, actorId: string): T => {
    const notified = (answer.data as { notified?: string[] } | null)?.notified ?? [];
    void hub.publish([actorId, ...notified]).catch((error) => app.log.error(error, 'flow event publish failed'));
    return answer;
  };
  app.badges.register('flow', async (db, user) => {
    const counts = await flowCounts(db, user.id);
    return counts.todo + counts.unread;
  });

  app.get('/api/flow/definitions', auth, async (request) => {
    const { keyword } = validate(flowListQuery.pick({ keyword: true }), request.query);
    return ok(await listDefinitions(app.db, keyword));
  });

  app.post('/api/flow/definitions', auth, async (request) => {
    const user = currentUser(request);
    if (!user.roles.includes('admin')) throw new AppError(403, '只有管理员可以维护流程');
    const body = validate(saveDefinitionBody, request.body);
    return writeTransaction(request, (tx) => saveDefinition(tx, body), '流程已保存');
  });

  app.get('/api/flow/definitions/:id', auth, async (request) => ok(await definitionDetail(app.db, idOf(request, '流程ID'))));

  app.post('/api/flow/instances', auth, async (request) => {
    const body = validate(startBody, request.body);
    const user = currentUser(request);
    return announce(await writeTransaction(request, (tx) => startInstance(tx, user.id, body), body.draft ? '草稿已保存' : '提交成功'), user.id);
  });

  app.get('/api/flow/instances/:id', auth, async (request) => ok(await instanceDetail(app.db, currentUser(request), idOf(request, '流程ID'))));

  app.post('/api/flow/instances/:id/withdraw', auth, async (request) => {
    const id = idOf(request, '流程ID');
    const user = currentUser(request);
    return announce(await writeTransaction(request, (tx) => withdrawInstance(tx, user.id, id), '已撤回'), user.id);
  });

  app.post('/api/flow/instances/:id/urge', auth, async (request) => {
    const id = idOf(request, '流程ID');
    const body = validate(urgeBody, request.body);
    const user = currentUser(request);
    return writeTransaction(request, (tx) => urgeInstance(tx, user.id, id, body), '已催办');
  });

  const taskAction = <B>(path: string, schema: { parse(input: unknown): B }, run: (tx: Parameters<Parameters<typeof writeTransaction>[1]>[0], userId: string, taskId: string, body: B) => Promise<unknown>, msg: string) =>
    app.post(`/api/flow/tasks/:id/${path}`, auth, async (request) => {
      const id = idOf(request, '待办ID');
      const body = validate(schema as never, request.body ?? {}) as B;
      const user = currentUser(request);
      return announce(await writeTransaction(request, (tx) => run(tx, user.id, id, body), msg), user.id);
    });

  taskAction('approve', approveBody, approveTask, '审批成功');
  taskAction('reject', rejectBody, rejectTask, '已驳回');
  taskAction('return', returnBody, returnTask, '已退回');
  taskAction('transfer', transferBody, transferTask, '已转办');
  taskAction('add-signer', addSignerBody, addSigners, '已加签');

  app.post('/api/flow/reads/:id/read', auth, async (request) => {
    const id = idOf(request, '待阅ID');
    const user = currentUser(request);
    return announce(await writeTransaction(request, (tx) => markReadItem(tx, user.id, id), '已阅'), user.id);
  });

  app.get('/api/flow/counts', auth, async (request) => ok(await flowCounts(app.db, currentUser(request).id)));

  app.get('/api/flow/task/:list', auth, async (request) => {
    const list = (request.params as { list?: string }).list as FlowListKind;
    if (!FLOW_LISTS.includes(list)) throw new AppError(404, '列表不存在');
    const query = validate(flowListQuery, request.query);
    return ok(await listFlows(app.db, currentUser(request).id, list, query));
  });
}
