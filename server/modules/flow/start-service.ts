import { and, count, eq, sql } from 'drizzle-orm';
import type { FlowGraph, FormField } from '@contract/flow';
import type { StartBody } from '@contract/flow-schemas';
import type { Db } from '../../db/client';
import { flowDefinitions, flowInstances, flowSerialSeq, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { searchGrams } from '../../lib/search-grams';
import { formProblem, pickFormFields } from '@contract/flow-form-rules';
import { planSubmit } from './engine/move-on';
import { applyEffects } from './apply-effects';
import { autoPass } from './auto-pass';
import { remindAssignees } from './reminders';
import type { ConfiguredChannels } from '../delivery/channels';
import { attachRefusal } from '../files/policy';
import { loadPrincipal } from '../session/service';
import { attachedFileIds } from './attachment-owner';
import { enforce } from './policy';
import { checkLeaveBalance } from './leave-balance-service';
import { addCopyRecipients } from './cc-service';
import { tellPassedAtSubmit } from './tell-applicant';

/**
 * 流水号: SP + the minute + the next value of a database sequence (at least 6 digits). The prefix has a fixed length
 * and the sequence never repeats, so two serials can never be equal, and they ascend in the order they were taken.
 */
async function nextSerial(tx: Db, now = new Date()): Promise<string> {
  const pad = (n: number) => String(n).padStart(2, '0');
  const [row] = await tx
    .select({ n: sql<string>`nextval(${sql.raw(`'${flowSerialSeq.seqName}'`)})::text` })
    .from(sql`(select 1) as one`);
  return `SP${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}${pad(now.getHours())}${pad(now.getMinutes())}${row!.n.padStart(6, '0')}`;
}

/** Drafts a user may keep at once: enough for real work, not a store for anything a client cares to park. */
export const MAX_DRAFTS = 100;

async function checkDraftRoom(tx: Db, initiatorId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(flowInstances)
    .where(and(eq(flowInstances.initiatorId, initiatorId), eq(flowInstances.status, 'draft')));
  if ((row?.n ?? 0) >= MAX_DRAFTS) throw new AppError(409, `草稿最多保存${MAX_DRAFTS}份，请先提交已有的草稿`);
}

/** The instance title: an official document's own name, else "<initiator>的<flow>" (what OA lists show). */
export function instanceTitle(
  definition: { name: string; isDocument: boolean },
  initiatorName: string,
  formData: Record<string, unknown>,
): string {
  const docTitle = typeof formData.docTitle === 'string' ? formData.docTitle.trim() : '';
  return definition.isDocument && docTitle ? docTitle : `${initiatorName}的${definition.name}`;
}

/**
 * The definition a start runs on. A new start takes the enabled version; a draft keeps the version it was started on
 * (a newer version must not strand it), as long as its flow is still offered in some version.
 */
async function definitionFor(
  tx: Db,
  initiatorId: string,
  body: { definitionId: string; draftId?: string | undefined },
) {
  const byId = async (id: string) => (await tx.select().from(flowDefinitions).where(eq(flowDefinitions.id, id)))[0];
  if (!body.draftId) {
    const definition = await byId(body.definitionId);
    if (!definition?.enabled) throw new AppError(404, '流程不存在或已停用');
    return { definition, draft: null };
  }
  const [draft] = await tx.select().from(flowInstances).where(eq(flowInstances.id, body.draftId)).for('update');
  if (!draft || draft.initiatorId !== initiatorId) throw new AppError(404, '草稿不存在');
  if (draft.status !== 'draft') throw new AppError(409, '该草稿已提交');
  const [definition, asked] = [await byId(draft.definitionId), await byId(body.definitionId)];
  if (!definition || asked?.code !== definition.code) throw new AppError(400, '草稿与流程不符');
  const [offered] = await tx
    .select({ id: flowDefinitions.id })
    .from(flowDefinitions)
    .where(and(eq(flowDefinitions.code, definition.code), eq(flowDefinitions.enabled, true)));
  if (!offered) throw new AppError(404, '该流程已停用，草稿无法提交');
  return { definition, draft };
}

/** 抄送人 the applicant named on the start form, where the definition allows it: copied as by 抄送 after submitting. */
async function copyAtStart(tx: Db, initiatorId: string, instanceId: string, graph: FlowGraph, userIds: string[]) {
  const others = userIds.filter((id) => id !== initiatorId);
  if (others.length === 0) return [];
  if (!graph.applicantCc) throw new AppError(400, '该流程不支持发起人添加抄送人');
  return (await addCopyRecipients(tx, initiatorId, instanceId, { userIds: others })).notified;
}

/** Starts an instance: a draft keeps it; a submit validates the form and opens the first approval node. */
export async function startInstance(
  tx: Db,
  initiatorId: string,
  body: StartBody & { draft: boolean; chosenAssignees: string[] },
  configured: ConfiguredChannels,
) {
  const { definition, draft } = await definitionFor(tx, initiatorId, body);
  const schema = definition.formSchema as FormField[];
  const formData = pickFormFields(schema, body.formData);
  const fileIds = attachedFileIds(formData, body.attachments);
  if (fileIds.length) enforce(await attachRefusal(tx, (await loadPrincipal(tx, initiatorId))!, fileIds));
  const problem = formProblem(schema, formData, { partial: body.draft });
  if (problem) throw new AppError(400, problem);
  const [starter] = await tx.select({ realName: users.realName }).from(users).where(eq(users.id, initiatorId));
  const title = instanceTitle(definition, starter!.realName, formData);
  const grams = (serial: string) => searchGrams([title, serial, definition.name, starter!.realName]);
  let instance: typeof flowInstances.$inferSelect;
  if (draft) {
    [instance] = (await tx
      .update(flowInstances)
      .set({ formData, title, searchGrams: grams(draft.serial), updatedAt: new Date() })
      .where(eq(flowInstances.id, draft.id))
      .returning()) as [typeof instance];
  } else {
    if (body.draft) await checkDraftRoom(tx, initiatorId);
    const serial = await nextSerial(tx);
    [instance] = (await tx
      .insert(flowInstances)
      .values({
        definitionId: definition.id,
        serial,
        title,
        initiatorId,
        status: 'draft',
        formData,
        searchGrams: grams(serial),
      })
      .returning()) as [typeof instance];
  }
  const serial = instance.serial;
  if (body.draft)
    return { id: instance.id, serial, status: 'draft' as const, notified: [] as string[], reminder: null };
  await checkLeaveBalance(tx, initiatorId, instance.id, schema, formData);
  const state = {
    graph: definition.graph as FlowGraph,
    formSchema: schema,
    status: 'draft' as const,
    initiatorId,
    formData,
    tasks: [],
    actions: [],
  };
  const effects = planSubmit(state, initiatorId);
  const rules = (definition.graph as FlowGraph).autoPass;
  const started = { id: instance.id, title, initiatorId, definitionId: definition.id };
  const { notified, assigned, finished } = await autoPass(
    tx,
    instance.id,
    rules,
    await applyEffects(
      tx,
      {
        instance: started,
        autoPass: rules,
        actorId: initiatorId,
        chosen: body.chosenAssignees,
        attachments: body.attachments,
      },
      effects,
    ),
  );
  const copied = await copyAtStart(tx, initiatorId, instance.id, definition.graph as FlowGraph, body.ccUserIds ?? []);
  const reminder = await remindAssignees(
    tx,
    configured,
    initiatorId,
    { id: instance.id, title },
    assigned,
    body.channels ?? [],
  );
  if (finished) await tellPassedAtSubmit(tx, started);
  return {
    id: instance.id,
    serial,
    status: finished ? ('approved' as const) : ('running' as const),
    notified: [...notified, ...copied],
    reminder,
  };
}
