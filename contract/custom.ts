/**
 * 业务建模 (custom business models), module code `custom`. Models are data: fields, list columns, search and filter
 * fields and who may read/create/edit/delete records are stored on the server and checked there.
 *   GET    /api/custom/models                     the menu: models the caller may read, by group
 *   GET    /api/custom/models/:code               one model as a form schema (dictionaries resolved), with abilities
 *   POST   /api/custom/models                     admin: create or change a model (SaveModelBody)
 *   GET    /api/custom/models/:code/records       paged list: pageNum, pageSize, keyword, <filterField>=<value>
 *   POST   /api/custom/models/:code/records       create a record { values }
 *   GET    /api/custom/records/:id                one record with the model's form, its values and abilities
 *   PUT    /api/custom/records/:id                edit { values, version }
 *   DELETE /api/custom/records/:id                delete
 *   POST   /api/form/poppage/getDataById          { code: 'custom', id } also serves a record (same read rule)
 *   GET    /api/joinus/options                    public: the positions and education levels of the sign-up form
 *   POST   /api/joinus/apply                      public multipart: JoinUsBody fields + one `resume` file
 * Writes accept an Idempotency-Key header.
 */
import type { TextRule } from './field-rules';
import type { FormField } from './flow';

// the models' field and access shapes are the zod schemas' types (contract/custom-schemas.ts, server only)
import type { CustomAccess, CustomField } from './custom-schemas';
export type { CustomAccess, CustomField };

export const CUSTOM_FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'money',
  'date',
  'dictionary',
  'user',
  'attachment',
] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];
/** Which records an access rule reaches: the user's own, their department's (with sub-departments), their company's, all. */
export const CUSTOM_ACCESS_SCOPES = ['own', 'dept', 'company', 'all'] as const;
export type CustomAccessScope = (typeof CUSTOM_ACCESS_SCOPES)[number];

/** The model code join-us submissions are stored under. */
export const JOINUS_MODEL = 'joinus';

/** The sign-up's fields: the form checks them before sending and joinUsBody (custom-schemas.ts) enforces them. */
export const joinUsRules = {
  name: { required: '请填写姓名', max: 20, tooLong: '姓名不能超过20字' },
  gender: '请选择性别',
  phone: {
    required: '请填写手机号码',
    max: 11,
    tooLong: '手机号码格式不正确',
    pattern: /^1[3-9]\d{9}$/,
    invalid: '手机号码格式不正确',
  },
  email: {
    required: '请填写电子邮箱',
    max: 100,
    tooLong: '电子邮箱过长',
    pattern: /^[^@\s]+@[^@\s]+\.[^@\s]+$/,
    invalid: '电子邮箱格式不正确',
  },
  position: { required: '请选择应聘岗位', max: 40, tooLong: '应聘岗位不存在' },
  education: { required: '请选择学历', max: 40, tooLong: '学历不存在' },
} as const satisfies Record<string, TextRule | string>;

export interface CustomMenuItem {
  id: string;
  code: string;
  name: string;
  icon: string;
  description: string;
  total: number;
}

export interface CustomMenuGroup {
  group: string;
  models: CustomMenuItem[];
}

export interface CustomFilter {
  key: string;
  label: string;
  options: { label: string; value: string }[];
}

/** A model as the client renders it: its fields as the workflow form schema (dictionary → select with options). */
export interface CustomModelView {
  id: string;
  code: string;
  name: string;
  groupName: string;
  description: string;
  fields: FormField[];
  listColumns: string[];
  searchFields: string[];
  filters: CustomFilter[];
  abilities: { create: boolean };
}

export interface CustomListRow {
  id: string;
  title: string;
  /** the model's list columns after the first, as label + display text */
  columns: { label: string; text: string }[];
  creatorName: string | null;
  updatedAt: string;
}

export interface CustomRecordView {
  id: string;
  modelCode: string;
  title: string;
  model: CustomModelView;
  /** stored values of the model's current fields; values of removed fields are kept on the server, not shown */
  values: Record<string, unknown>;
  version: number;
  creatorName: string | null;
  createdAt: string;
  updatedAt: string;
  abilities: { edit: boolean; delete: boolean };
}

export interface JoinUsOptions {
  positions: { label: string; value: string }[];
  educations: { label: string; value: string }[];
  resume: { maxSizeMb: number; accept: string };
}
