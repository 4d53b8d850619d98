import type { CustomListRow, CustomModelView, CustomRecordView } from '@contract/custom';
import type { FormField } from '@contract/flow';
import type { Principal } from '../session/service';
import type { ModelRow } from './model-service';
import { valueText, type DictOptions } from './model-form';
import { createRefusal, deleteRefusal, editRefusal, type Reader } from './policy';
import { toFormFields } from './model-form';

export interface RecordRow {
  id: string;
  title: string;
  data: Record<string, unknown>;
  version: number;
  createdBy: string | null;
  /** path of the org the record belongs to (its creator's when made) */
  orgPath: string | null;
  creatorName: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A model as the client renders it, with what the user may do. */
export function presentModel(model: ModelRow, dicts: DictOptions, user: Principal): CustomModelView {
  const fields = toFormFields(model.fields, dicts);
  return {
    id: model.id,
    code: model.code,
    name: model.name,
    groupName: model.groupName,
    description: model.description,
    fields,
    listColumns: model.listColumns,
    searchFields: model.searchFields,
    filters: fields
      .filter((f) => model.filterFields.includes(f.key))
      .map((f) => ({ key: f.key, label: f.label, options: f.options ?? [] })),
    abilities: { create: createRefusal(model.access, user) === null },
  };
}

/** A list row: the title and the other list columns as text. */
export function presentRow(view: CustomModelView, row: RecordRow): CustomListRow {
  const byKey = new Map(view.fields.map((f) => [f.key, f]));
  const columns = view.listColumns
    .slice(1)
    .flatMap((key) => (byKey.has(key) ? [byKey.get(key)!] : []))
    .map((field) => ({ label: field.label, text: valueText(field, row.data[field.key]) || '—' }));
  return {
    id: row.id,
    title: row.title,
    columns,
    creatorName: row.creatorName,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A record with its model's current form. Only values of current fields are shown; values kept from fields a model
 * change removed stay stored (and return if the field does), and a value of a changed type is shown as stored.
 */
export function presentRecord(
  model: ModelRow,
  view: CustomModelView,
  row: RecordRow,
  reader: Reader,
): CustomRecordView {
  const values: Record<string, unknown> = {};
  for (const field of view.fields) if (Object.hasOwn(row.data, field.key)) values[field.key] = row.data[field.key];
  return {
    id: row.id,
    modelCode: model.code,
    title: row.title,
    model: view,
    values,
    version: row.version,
    creatorName: row.creatorName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    abilities: {
      edit: editRefusal(model.access, reader, row) === null,
      delete: deleteRefusal(model.access, reader, row) === null,
    },
  };
}

/** The stored title and search text of a record: the first list column, and the search fields' texts. */
export function titleAndSearch(
  form: FormField[],
  model: Pick<ModelRow, 'listColumns' | 'searchFields'>,
  data: Record<string, unknown>,
) {
  const byKey = new Map(form.map((f) => [f.key, f]));
  const text = (key: string) => (byKey.has(key) ? valueText(byKey.get(key)!, data[key]) : '');
  const title = text(model.listColumns[0] ?? '') || '未命名';
  const searchText = [title, ...model.searchFields.map(text)].join(' ').toLowerCase();
  return { title: title.slice(0, 200), searchText };
}
