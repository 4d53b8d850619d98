import { and, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@contract/envelope';
import type { FormField } from '@contract/flow';
import { pickFormFields } from '@contract/flow-form-rules';
import type { Db } from '../../db/client';
import { toCount } from '../../db/client';
import { customModels, customRecordFiles, customRecords, orgs, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid, likePattern } from '../../lib/validate';
import { attachRefusal } from '../files/policy';
import type { Principal } from '../session/service';
import { recordProblem } from './model-form';
import type { ModelRow } from './model-service';
import { enforce, scopeOf, type Reader } from './policy';
import { scopeCondition } from './reader';
import { titleAndSearch, type RecordRow } from './presenter';

const recordColumns = {
  id: customRecords.id,
  title: customRecords.title,
  data: customRecords.data,
  version: customRecords.version,
  createdBy: customRecords.createdBy,
  orgPath: orgs.path,
  creatorName: users.realName,
  createdAt: customRecords.createdAt,
  updatedAt: customRecords.updatedAt,
};

export interface ListQuery {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  [filter: string]: unknown;
}

/** One page of a model's records the user may read: keyword over the search text, `<field>=<value>` filters. */
export async function listRecords(db: Db, reader: Reader, model: ModelRow, query: ListQuery): Promise<Page<RecordRow>> {
  const scope = scopeOf(model.access, reader, 'read');
  if (scope === null) return { rows: [], total: 0 };
  const where: (SQL | undefined)[] = [eq(customRecords.modelId, model.id), scopeCondition(db, scope, reader)];
  if (query.keyword) where.push(ilike(customRecords.searchText, likePattern(query.keyword.toLowerCase())));
  for (const key of model.filterFields) {
    const value = query[key];
    if (typeof value === 'string' && value !== '')
      where.push(sql`${customRecords.data} ->> ${key} = ${value.slice(0, 64)}`);
  }
  const condition = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select(recordColumns)
      .from(customRecords)
      .leftJoin(users, eq(users.id, customRecords.createdBy))
      .leftJoin(orgs, eq(orgs.id, customRecords.orgId))
      .where(condition)
      .orderBy(desc(customRecords.updatedAt), desc(customRecords.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ n: count() }).from(customRecords).where(condition),
  ]);
  return { rows, total: toCount(total?.n) };
}

/** A record and its model; 404 when either is missing. */
export async function loadRecord(db: Db, id: string): Promise<{ model: ModelRow; row: RecordRow }> {
  if (!isUuid(id)) throw new AppError(404, '记录不存在');
  const [found] = await db
    .select({ ...recordColumns, model: customModels })
    .from(customRecords)
    .innerJoin(customModels, eq(customModels.id, customRecords.modelId))
    .leftJoin(users, eq(users.id, customRecords.createdBy))
    .leftJoin(orgs, eq(orgs.id, customRecords.orgId))
    .where(eq(customRecords.id, id.toLowerCase()));
  if (!found) throw new AppError(404, '记录不存在');
  const { model, ...row } = found;
  return { model, row };
}

/** Every user id a user field names must be a user: 400 naming the field otherwise. */
async function checkUsers(tx: Db, form: FormField[], values: Record<string, unknown>) {
  for (const field of form) {
    if (field.type !== 'user' || !Array.isArray(values[field.key])) continue;
    const ids = [...new Set(values[field.key] as string[])];
    if (!ids.every(isUuid)) throw new AppError(400, `${field.label}中有不存在的人员`);
    const found = ids.length ? await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids)) : [];
    if (found.length !== ids.length) throw new AppError(400, `${field.label}中有不存在的人员`);
  }
}

const fileIdsOf = (form: FormField[], values: Record<string, unknown>) =>
  form.flatMap((f) =>
    f.type === 'attachment' && Array.isArray(values[f.key])
      ? (values[f.key] as { fileName: string }[]).map((file) => file.fileName.toLowerCase())
      : [],
  );

export interface WriteInput {
  model: ModelRow;
  form: FormField[];
  values: Record<string, unknown>;
  /** the writer; null for a public submission */
  user: Principal | null;
  sourceAddress?: string;
}

/**
 * Checks values against the model (only its own fields are taken), then inserts the record or merges them into the
 * stored one, keeping values of fields the model no longer has; attached files are recorded for the download rule.
 */
export async function writeRecord(
  tx: Db,
  input: WriteInput,
  existing?: { row: RecordRow; version?: number },
): Promise<{ id: string }> {
  const { model, form, user } = input;
  const values = pickFormFields(form, input.values);
  const problem = recordProblem(model.fields, form, values);
  if (problem) throw new AppError(400, problem);
  await checkUsers(tx, form, values);
  const fileIds = fileIdsOf(form, values);
  if (user) enforce(await attachRefusal(tx, user, fileIds));
  const data = { ...(existing?.row.data ?? {}), ...values };
  const { title, searchText } = titleAndSearch(form, model, data);
  let id: string;
  if (existing) {
    const expected = existing.version ?? existing.row.version;
    const [updated] = await tx
      .update(customRecords)
      .set({ data, title, searchText, version: sql`${customRecords.version} + 1`, updatedAt: new Date() })
      .where(and(eq(customRecords.id, existing.row.id), eq(customRecords.version, expected)))
      .returning({ id: customRecords.id });
    if (!updated) throw new AppError(409, '该记录已被他人修改，请刷新后重试');
    id = updated.id;
    await tx.delete(customRecordFiles).where(eq(customRecordFiles.recordId, id));
  } else {
    const [created] = await tx
      .insert(customRecords)
      .values({
        modelId: model.id,
        data,
        title,
        searchText,
        createdBy: user?.id ?? null,
        orgId: user?.orgId ?? null,
        sourceAddress: input.sourceAddress ?? null,
      })
      .returning({ id: customRecords.id });
    id = created!.id;
  }
  const unique = [...new Set(fileIds)];
  if (unique.length) await tx.insert(customRecordFiles).values(unique.map((fileId) => ({ recordId: id, fileId })));
  return { id };
}

export async function deleteRecord(tx: Db, id: string): Promise<void> {
  await tx.delete(customRecords).where(eq(customRecords.id, id));
}
