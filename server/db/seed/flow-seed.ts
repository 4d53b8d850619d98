import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import * as t from '../schema';
import { validateGraph } from '../../modules/flow/engine/graph';
import { startInstance } from '../../modules/flow/start-service';
import { approveTask, rejectTask, returnTask } from '../../modules/flow/action-service';
import { withdrawInstance } from '../../modules/flow/instance-service';
import { demoDefinitions } from './flow-definitions';
import { demoId } from './demo-ids';
import { IN_APP_ONLY } from '../../modules/delivery/channels';
import { seedMoreFlows } from './flow-seed-more';

const uid = (username: string) => demoId(`user:${username}`);
const defId = (code: string) => demoId(`flow:${code}`);

async function pendingTaskOf(tx: Db, instanceId: string, username: string): Promise<string> {
  const [task] = await tx
    .select({ id: t.flowTasks.id })
    .from(t.flowTasks)
    .where(
      and(
        eq(t.flowTasks.instanceId, instanceId),
        eq(t.flowTasks.assigneeId, uid(username)),
        eq(t.flowTasks.status, 'pending'),
      ),
    );
  if (!task) throw new Error(`demo seed: ${username} has no task on ${instanceId}`);
  return task.id;
}

const none = { attachments: [], chosenAssignees: [] as string[] };
const start = (tx: Db, username: string, code: string, formData: Record<string, unknown>, chosen: string[] = []) =>
  startInstance(
    tx,
    uid(username),
    { definitionId: defId(code), formData, draft: false, chosenAssignees: chosen, channels: [], attachments: [] },
    IN_APP_ONLY,
  );

/** The demo catalogue and instances in every state, so each list of each demo account has something real in it. */
export async function seedFlows(tx: Db): Promise<void> {
  for (const [sort, def] of demoDefinitions.entries()) {
    validateGraph(def.graph);
    await tx.insert(t.flowDefinitions).values({
      id: defId(def.code),
      code: def.code,
      category: def.category,
      name: def.name,
      icon: def.icon,
      isDocument: def.isDocument ?? false,
      formSchema: def.formSchema,
      graph: def.graph,
      sort,
    });
  }
  // 张三: a leave waiting for 李四 (李四's 待办), an expense at finance, an approved trip, a returned seal, a rejected purchase
  await start(tx, 'zhangsan', 'leave', {
    leaveType: '3',
    period: ['2026-12-01', '2026-12-02'],
    days: 2,
    reason: '回老家办理房产手续',
  });
  const expense = await start(tx, 'zhangsan', 'expense', {
    expenseType: 'travel',
    amount: 1280.5,
    occurredOn: '2026-11-12',
    description: '上海客户拜访往返高铁及住宿',
  });
  await approveTask(
    tx,
    uid('lisi'),
    await pendingTaskOf(tx, expense.id, 'lisi'),
    { opinion: '情况属实，同意报销。', ...none },
    IN_APP_ONLY,
  );
  const trip = await start(tx, 'zhangsan', 'trip', {
    destination: '杭州',
    period: ['2026-11-03', '2026-11-05'],
    budget: 3000,
    reason: '参加数字化转型研讨会',
  });
  await approveTask(
    tx,
    uid('lisi'),
    await pendingTaskOf(tx, trip.id, 'lisi'),
    { opinion: '同意，注意控制差旅成本。', ...none },
    IN_APP_ONLY,
  );
  const seal = await start(
    tx,
    'zhangsan',
    'seal',
    { sealType: 'contract', documentName: '年度物业服务合同', copies: 3, reason: '与物业公司续签合同' },
    [uid('lisi')],
  );
  await returnTask(tx, uid('lisi'), await pendingTaskOf(tx, seal.id, 'lisi'), {
    opinion: '合同金额与预算不符，请核对后重新提交。',
    attachments: [],
    targetNodeId: 'start',
  });
  const purchase = await start(tx, 'zhangsan', 'purchase', {
    items: '办公椅 10 把',
    amount: 8600,
    supplier: '宏远办公家具',
    neededBy: '2026-12-15',
  });
  await rejectTask(tx, uid('lisi'), await pendingTaskOf(tx, purchase.id, 'lisi'), {
    opinion: '本季度预算已用完，请下季度再申请。',
    attachments: [],
  });
  // 张三 also keeps a draft and has one leave he took back
  await startInstance(
    tx,
    uid('zhangsan'),
    {
      definitionId: defId('trip'),
      formData: { destination: '北京', reason: '年度供应商大会（待定）' },
      draft: true,
      chosenAssignees: [],
      channels: [],
      attachments: [],
    },
    IN_APP_ONLY,
  );
  const withdrawn = await start(tx, 'zhangsan', 'leave', {
    leaveType: '1',
    period: ['2026-11-10', '2026-11-10'],
    days: 1,
    reason: '家中临时有事，后已处理',
  });
  await withdrawInstance(tx, uid('zhangsan'), withdrawn.id);
  // 王五: a 5-day leave past his head (宋佳) and waiting for the general managers
  const long = await start(tx, 'wangwu', 'leave', {
    leaveType: '1',
    period: ['2026-12-08', '2026-12-12'],
    days: 5,
    reason: '家中有事需处理',
  });
  await approveTask(
    tx,
    uid('songjia'),
    await pendingTaskOf(tx, long.id, 'songjia'),
    { opinion: '同意。', ...none },
    IN_APP_ONLY,
  );
  // 李四: an official document signed and circulated (everyone's 待阅, heads' 收文), and a purchase in parallel review (财务 signed, 信息部 waiting)
  const doc = await start(tx, 'lisi', 'document', {
    docTitle: '关于做好2026年冬季安全生产工作的通知',
    docNo: '华晟办〔2026〕18号',
    urgency: '2',
    content: '各部门要认真落实冬季安全生产责任制，做好防火、防冻、防滑工作。',
  });
  await approveTask(
    tx,
    uid('chenjianguo'),
    await pendingTaskOf(tx, doc.id, 'chenjianguo'),
    { opinion: '同意，请核稿后签发。', ...none },
    IN_APP_ONLY,
  );
  await approveTask(
    tx,
    uid('chenjianguo'),
    await pendingTaskOf(tx, doc.id, 'chenjianguo'),
    { opinion: '同意签发。', ...none },
    IN_APP_ONLY,
  );
  const buy = await start(tx, 'lisi', 'purchase', {
    items: '笔记本电脑 2 台',
    amount: 13800,
    supplier: '联想华东',
    neededBy: '2026-12-20',
  });
  await approveTask(
    tx,
    uid('chenjianguo'),
    await pendingTaskOf(tx, buy.id, 'chenjianguo'),
    { opinion: '同意。', ...none },
    IN_APP_ONLY,
  );
  await approveTask(
    tx,
    uid('yangfan'),
    await pendingTaskOf(tx, buy.id, 'yangfan'),
    { opinion: '预算内，同意。', ...none },
    IN_APP_ONLY,
  );
  await seedMoreFlows(tx);
}
