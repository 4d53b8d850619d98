import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FormField } from '@contract/flow';
import { leaveFieldsOf, type LeaveBalance, type PersonLeaveBalances } from '@contract/leave-balance';
import type { Db } from '../../db/client';
import { dictItems, flowDefinitions, flowInstances, leaveBalances, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { FinishedInstance } from './finish-hooks';

const LEAVE_DICT = 'leave_type';

/** The leave type and days a 请假's values ask for, or null (not a 请假, or not filled in). */
function askedLeave(schema: FormField[], formData: Record<string, unknown>) {
  const fields = leaveFieldsOf(schema);
  if (!fields) return null;
  const leaveType = formData[fields.typeKey];
  const days = Number(formData[fields.daysKey]);
  return typeof leaveType === 'string' && Number.isFinite(days) ? { leaveType, days } : null;
}

/** Days of `userId`'s 请假 still 审批中, per leave type (`except` leaves one instance out: the one being submitted). */
async function pendingLeave(db: Db, userId: string, except?: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: flowInstances.id, formData: flowInstances.formData, formSchema: flowDefinitions.formSchema })
    .from(flowInstances)
    .innerJoin(flowDefinitions, eq(flowDefinitions.id, flowInstances.definitionId))
    .where(and(eq(flowInstances.initiatorId, userId), eq(flowInstances.status, 'running')));
  const pending = new Map<string, number>();
  for (const row of rows) {
    const asked = row.id === except ? null : askedLeave(row.formSchema as FormField[], row.formData);
    if (asked) pending.set(asked.leaveType, (pending.get(asked.leaveType) ?? 0) + asked.days);
  }
  return pending;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** One person's balances with the leave type's name and what is still 审批中. */
export async function balancesOf(db: Db, userId: string): Promise<LeaveBalance[]> {
  const rows = await db
    .select({ leaveType: leaveBalances.leaveType, days: leaveBalances.days, name: dictItems.label })
    .from(leaveBalances)
    .leftJoin(dictItems, and(eq(dictItems.typeCode, LEAVE_DICT), eq(dictItems.value, leaveBalances.leaveType)))
    .where(eq(leaveBalances.userId, userId))
    .orderBy(leaveBalances.leaveType);
  const pending = await pendingLeave(db, userId);
  return rows.map((r) => {
    const pendingDays = round(pending.get(r.leaveType) ?? 0);
    return {
      leaveType: r.leaveType,
      leaveTypeName: r.name ?? r.leaveType,
      days: r.days,
      pendingDays,
      available: round(r.days - pendingDays),
    };
  });
}

/** An administrator's view of one person: every leave type, and the balances set. */
export async function personBalances(db: Db, userId: string): Promise<PersonLeaveBalances> {
  const types = await db
    .select({ value: dictItems.value, label: dictItems.label })
    .from(dictItems)
    .where(eq(dictItems.typeCode, LEAVE_DICT))
    .orderBy(dictItems.sort);
  return { types, balances: await balancesOf(db, userId) };
}

/**
 * At 提交: a 请假 may take no more than the balance less the applicant's other 请假 still 审批中. The balance row is
 * locked, so two submits at once are counted one after the other. A type without a balance is not counted.
 */
export async function checkLeaveBalance(
  tx: Db,
  userId: string,
  instanceId: string,
  schema: FormField[],
  formData: Record<string, unknown>,
): Promise<void> {
  const asked = askedLeave(schema, formData);
  if (!asked) return;
  const [balance] = await tx
    .select({ days: leaveBalances.days })
    .from(leaveBalances)
    .where(and(eq(leaveBalances.userId, userId), eq(leaveBalances.leaveType, asked.leaveType)))
    .for('update');
  if (!balance) return;
  const pending = round((await pendingLeave(tx, userId, instanceId)).get(asked.leaveType) ?? 0);
  const available = round(balance.days - pending);
  if (asked.days <= available) return;
  const [item] = await tx
    .select({ label: dictItems.label })
    .from(dictItems)
    .where(and(eq(dictItems.typeCode, LEAVE_DICT), eq(dictItems.value, asked.leaveType)));
  const name = item?.label ?? '假期';
  const held = pending > 0 ? `（另有${pending}天审批中）` : '';
  throw new AppError(400, `${name}余额不足：可用${Math.max(available, 0)}天${held}，本次申请${asked.days}天`);
}

/** When a 请假 is approved, its days come off the balance, in the transaction that approved it. */
export async function deductApprovedLeave(tx: Db, finished: FinishedInstance): Promise<void> {
  if (finished.status !== 'approved') return;
  const [row] = await tx
    .select({
      initiatorId: flowInstances.initiatorId,
      formData: flowInstances.formData,
      formSchema: flowDefinitions.formSchema,
    })
    .from(flowInstances)
    .innerJoin(flowDefinitions, eq(flowDefinitions.id, flowInstances.definitionId))
    .where(eq(flowInstances.id, finished.instanceId));
  const asked = row ? askedLeave(row.formSchema as FormField[], row.formData) : null;
  if (!row || !asked) return;
  await tx
    .update(leaveBalances)
    .set({ days: sql`${leaveBalances.days} - ${asked.days}`, updatedAt: new Date() })
    .where(and(eq(leaveBalances.userId, row.initiatorId), eq(leaveBalances.leaveType, asked.leaveType)));
}

/** An administrator sets one person's balance of one leave type (a type of the leave_type dictionary). */
export async function setLeaveBalance(
  tx: Db,
  adminId: string,
  body: { userId: string; leaveType: string; days: number },
): Promise<{ userId: string; leaveType: string; days: number }> {
  const [person] = await tx.select({ id: users.id }).from(users).where(eq(users.id, body.userId));
  if (!person) throw new AppError(400, '人员不存在');
  const [item] = await tx
    .select({ value: dictItems.value })
    .from(dictItems)
    .where(and(eq(dictItems.typeCode, LEAVE_DICT), inArray(dictItems.value, [body.leaveType])));
  if (!item) throw new AppError(400, '假期类型不存在');
  const now = new Date();
  await tx
    .insert(leaveBalances)
    .values({ userId: body.userId, leaveType: body.leaveType, days: body.days, updatedBy: adminId, updatedAt: now })
    .onConflictDoUpdate({
      target: [leaveBalances.userId, leaveBalances.leaveType],
      set: { days: body.days, updatedBy: adminId, updatedAt: now },
    });
  return { userId: body.userId, leaveType: body.leaveType, days: body.days };
}
