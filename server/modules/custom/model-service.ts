import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { CustomMenuGroup } from '@contract/custom';
import type { z } from 'zod';
import type { saveModelBody } from '@contract/custom-schemas';
import type { Db } from '../../db/client';
import { toCount } from '../../db/client';
import { customModels, customRecords, dictItems } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Principal } from '../session/service';
import { modelProblem, type DictOptions } from './model-form';
import { scopeOf } from './policy';
import { readerOf, scopeCondition } from './reader';

export type ModelRow = typeof customModels.$inferSelect;

/** A model by code; 404 when there is none. */
export async function loadModel(db: Db, code: string): Promise<ModelRow> {
  const [model] = await db.select().from(customModels).where(eq(customModels.code, code));
  if (!model) throw new AppError(404, '业务模型不存在');
  return model;
}

/** The items of the dictionaries a model's fields use, in one query. */
export async function dictOptionsFor(db: Db, model: Pick<ModelRow, 'fields'>): Promise<DictOptions> {
  const codes = [...new Set(model.fields.flatMap((f) => (f.type === 'dictionary' && f.dict ? [f.dict] : [])))];
  const options: DictOptions = new Map(codes.map((c) => [c, []]));
  if (!codes.length) return options;
  const rows = await db
    .select({ typeCode: dictItems.typeCode, label: dictItems.label, value: dictItems.value })
    .from(dictItems)
    .where(inArray(dictItems.typeCode, codes))
    .orderBy(asc(dictItems.sort));
  for (const row of rows) options.get(row.typeCode)!.push({ label: row.label, value: row.value });
  return options;
}

/** The menu: the models the user may read, by group, with how many records each holds for them to see. */
export async function listMenu(db: Db, user: Principal): Promise<CustomMenuGroup[]> {
  const models = await db.select().from(customModels).orderBy(asc(customModels.sort), asc(customModels.name));
  const visible = models.filter((m) => scopeOf(m.access, user, 'read') !== null);
  if (!visible.length) return [];
  const reader = await readerOf(db, user);
  const totals = await Promise.all(
    visible.map(async (model) => {
      const where = and(
        eq(customRecords.modelId, model.id),
        scopeCondition(db, scopeOf(model.access, user, 'read')!, reader),
      );
      const [row] = await db.select({ n: count() }).from(customRecords).where(where);
      return toCount(row?.n);
    }),
  );
  const groups = new Map<string, CustomMenuGroup>();
  visible.forEach((model, i) => {
    const group = groups.get(model.groupName) ?? { group: model.groupName, models: [] };
    group.models.push({
      id: model.id,
      code: model.code,
      name: model.name,
      icon: model.icon,
      description: model.description,
      total: totals[i]!,
    });
    groups.set(model.groupName, group);
  });
  return [...groups.values()];
}

/** Creates or changes a model by code, after checking its setup and its dictionaries. Stored records stay as they are. */
export async function saveModel(tx: Db, body: z.output<typeof saveModelBody>): Promise<{ id: string; code: string }> {
  const problem = modelProblem(body);
  if (problem) throw new AppError(400, problem);
  const dicts = await dictOptionsFor(tx, body);
  for (const field of body.fields) {
    if (field.type === 'dictionary' && !dicts.get(field.dict!)?.length)
      throw new AppError(400, `${field.label}的字典不存在：${field.dict}`);
  }
  const values = { ...body, updatedAt: new Date() };
  const [row] = await tx
    .insert(customModels)
    .values(values)
    .onConflictDoUpdate({ target: customModels.code, set: values })
    .returning({ id: customModels.id, code: customModels.code });
  return row!;
}
