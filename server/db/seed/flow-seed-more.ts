import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import * as t from '../schema';
import { startInstance } from '../../modules/flow/start-service';
import { approveTask, returnTask, transferTask } from '../../modules/flow/action-service';
import { markReadItem } from '../../modules/flow/instance-service';
import { demoId } from './demo-ids';
import { IN_APP_ONLY } from '../../modules/delivery/channels';

const uid = (username: string) => demoId(`user:${username}`);
const none = { attachments: [], chosenAssignees: [] as string[] };

async function taskOf(tx: Db, instanceId: string, username: string): Promise<string> {
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

const start = (tx: Db, username: string, code: string, formData: Record<string, unknown>, chosen: string[] = []) =>
  startInstance(
    tx,
    uid(username),
    {
      definitionId: demoId(`flow:${code}`),
      formData,
      draft: false,
      chosenAssignees: chosen.map(uid),
      channels: [],
      attachments: [],
    },
    IN_APP_ONLY,
  );

/**
 * The rest of the demo state, so every list of zhangsan, wangwu and admin has rows too (待办, 已办, 已转办, 已阅, 我发起的).
 * lisi's 待办 and 待阅 and zhangsan's 待阅 stay as they are: the browser journeys count on them.
 */
export async function seedMoreFlows(tx: Db): Promise<void> {
  // admin's own trip, approved by his head 吴昊
  const trip = await start(tx, 'admin', 'trip', {
    destination: '深圳',
    period: ['2026-10-20', '2026-10-22'],
    budget: 4500,
    reason: '机房迁移现场验收',
  });
  await approveTask(tx, uid('wuhao'), await taskOf(tx, trip.id, 'wuhao'), { opinion: '同意。', ...none }, IN_APP_ONLY);
  // 待办 for zhangsan and admin: seals whose initiators chose them as reviewers
  await start(
    tx,
    'wangwu',
    'seal',
    { sealType: 'official', documentName: '市场推广合作框架协议', copies: 2, reason: '与渠道伙伴签署合作协议' },
    ['zhangsan'],
  );
  await start(
    tx,
    'zhaoliu',
    'seal',
    { sealType: 'finance', documentName: '银行开户资料', copies: 1, reason: '新开基本户' },
    ['admin'],
  );
  await start(
    tx,
    'dongxue',
    'seal',
    { sealType: 'contract', documentName: '客户满意度调研委托合同', copies: 2, reason: '委托第三方开展年度调研' },
    ['wangwu'],
  );
  // 已转办 for zhangsan and wangwu, 已办 for admin (a return, so nothing reaches 李四's 待办)
  const forward = await start(
    tx,
    'shenbo',
    'seal',
    { sealType: 'official', documentName: '售后服务承诺函', copies: 1, reason: '投标文件需要' },
    ['zhangsan'],
  );
  await transferTask(
    tx,
    uid('zhangsan'),
    await taskOf(tx, forward.id, 'zhangsan'),
    { opinion: '由孙琪负责该项目，请她审核。', toUserId: uid('sunqi') },
    IN_APP_ONLY,
  );
  const away = await start(
    tx,
    'lujiayi',
    'seal',
    { sealType: 'contract', documentName: '客服外包服务合同', copies: 2, reason: '续签外包服务' },
    ['wangwu'],
  );
  await transferTask(
    tx,
    uid('wangwu'),
    await taskOf(tx, away.id, 'wangwu'),
    { opinion: '请宋佳经理审核。', toUserId: uid('songjia') },
    IN_APP_ONLY,
  );
  const back = await start(
    tx,
    'fengtao',
    'seal',
    { sealType: 'official', documentName: '软件著作权登记申请', copies: 1, reason: '办理著作权登记' },
    ['admin'],
  );
  await returnTask(tx, uid('admin'), await taskOf(tx, back.id, 'admin'), {
    opinion: '请附上源代码材料清单。',
    attachments: [],
    targetNodeId: 'start',
  });
  // 李四 transfers 赵六's leave to 张三 (李四's 已转办), who approves it (张三's 已办)
  const leave = await start(tx, 'zhaoliu', 'leave', {
    leaveType: '1',
    period: ['2026-11-16', '2026-11-17'],
    days: 2,
    reason: '搬家',
  });
  await transferTask(
    tx,
    uid('lisi'),
    await taskOf(tx, leave.id, 'lisi'),
    { opinion: '本周出差，请张三代为审批。', toUserId: uid('zhangsan') },
    IN_APP_ONLY,
  );
  await approveTask(
    tx,
    uid('zhangsan'),
    await taskOf(tx, leave.id, 'zhangsan'),
    { opinion: '同意，注意安全。', ...none },
    IN_APP_ONLY,
  );
  // 王五 returns 袁鹏's seal (王五's 已办, 袁鹏's 我的退回)
  const seal = await start(
    tx,
    'yuanpeng',
    'seal',
    { sealType: 'contract', documentName: '展会场地租赁合同', copies: 2, reason: '参加年度行业展会' },
    ['wangwu'],
  );
  await returnTask(tx, uid('wangwu'), await taskOf(tx, seal.id, 'wangwu'), {
    opinion: '合同附件缺少报价单，请补齐。',
    attachments: [],
    targetNodeId: 'start',
  });
  // an earlier document everybody was sent, already read by the demo accounts (their 已阅)
  const doc = await start(tx, 'lisi', 'document', {
    docTitle: '关于2026年国庆节放假安排的通知',
    docNo: '华晟办〔2026〕15号',
    urgency: '1',
    content: '10月1日至8日放假调休，共8天。请各部门做好节前安全检查。',
  });
  await approveTask(
    tx,
    uid('chenjianguo'),
    await taskOf(tx, doc.id, 'chenjianguo'),
    { opinion: '同意。', ...none },
    IN_APP_ONLY,
  );
  await approveTask(
    tx,
    uid('chenjianguo'),
    await taskOf(tx, doc.id, 'chenjianguo'),
    { opinion: '同意签发。', ...none },
    IN_APP_ONLY,
  );
  const reads = await tx
    .select({ id: t.flowReads.id, userId: t.flowReads.userId })
    .from(t.flowReads)
    .where(eq(t.flowReads.instanceId, doc.id));
  const readers = new Set(['zhangsan', 'lisi', 'wangwu', 'admin'].map(uid));
  for (const read of reads) if (readers.has(read.userId)) await markReadItem(tx, read.userId, read.id);
}
