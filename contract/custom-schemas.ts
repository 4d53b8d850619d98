import { z } from 'zod';
import { keywordField, pageFields } from './pagination-schemas';
import { CUSTOM_ACCESS_SCOPES, CUSTOM_FIELD_TYPES, joinUsRules as rule } from './custom';

/** Request bodies of the custom-model calls (contract/custom.ts lists them): validated on the server only. */

const roleCode = z.string().trim().min(1).max(64);
/**
 * One access rule: a role code, '*' (every signed-in user) or 'owner' (the record's creator), alone (a role or '*'
 * reaches every record, 'owner' their own) or with the records it reaches: own, own department (and the departments
 * under it), own company, all. The department and company are those of the record's creator when it was made.
 */
const accessRule = z.union([
  roleCode,
  z.object({ role: roleCode, scope: z.enum(CUSTOM_ACCESS_SCOPES, { error: '访问范围无效' }) }),
]);
const roleList = z.array(accessRule).max(20).default([]);

export const customField = z.object({
  key: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, '字段标识只能包含字母、数字和下划线'),
  label: z.string().trim().min(1, '请填写字段名称').max(40, '字段名称不能超过40字'),
  type: z.enum(CUSTOM_FIELD_TYPES, { error: '字段类型无效' }),
  required: z.boolean().optional(),
  /** text: length; number/money: value */
  min: z.number().optional(),
  max: z.number().optional(),
  /** text: a regular expression the value must match, and what to say when it does not */
  pattern: z.string().max(200).optional(),
  patternMessage: z.string().max(60).optional(),
  /** dictionary: the dictionary type code (dict_types) */
  dict: z.string().max(64).optional(),
  placeholder: z.string().max(100).optional(),
});
export type CustomField = z.infer<typeof customField>;

/** Who may read, create, edit and delete records: access rules (role codes, '*', 'owner', or { role, scope }). */
export const customAccess = z.object({ read: roleList, create: roleList, edit: roleList, delete: roleList });
export type CustomAccess = z.infer<typeof customAccess>;

/** POST /api/custom/models (admin): create or change a model by code. */
export const saveModelBody = z.object({
  code: z.string().regex(/^[a-z][a-z0-9_-]{1,39}$/, '模型编码只能包含小写字母、数字、下划线和短横线'),
  name: z.string().trim().min(1, '请填写模型名称').max(40, '模型名称不能超过40字'),
  groupName: z.string().trim().min(1, '请填写模型分组').max(20, '模型分组不能超过20字'),
  icon: z.string().max(40).default(''),
  description: z.string().max(200).default(''),
  fields: z.array(customField).min(1, '模型至少需要一个字段').max(60, '字段最多60个'),
  listColumns: z.array(z.string().max(40)).min(1, '请选择列表显示的字段').max(6, '列表最多显示6个字段'),
  searchFields: z.array(z.string().max(40)).max(10).default([]),
  filterFields: z.array(z.string().max(40)).max(5).default([]),
  access: customAccess,
  sort: z.number().int().min(0).max(9999).default(0),
});
export type SaveModelBody = z.input<typeof saveModelBody>;

/** POST/PUT a record: its values by field key; `version` guards against overwriting someone else's change. */
export const recordBody = z.object({
  values: z.record(z.string().max(40), z.unknown(), { error: '请填写表单内容' }),
  version: z.number().int().min(0).optional(),
});
export type RecordBody = z.input<typeof recordBody>;

/** Record list query: paging, keyword over the model's search fields, and `<field>=<value>` for its filter fields. */
export const recordListQuery = z.looseObject({
  ...pageFields,
  keyword: keywordField(50),
});

export const modelCodeParams = z.object({ code: z.string().regex(/^[a-z][a-z0-9_-]{1,39}$/, '模型不存在') });

/** POST /api/joinus/apply (multipart or JSON fields): a public sign-up. `website` is the honeypot, left empty by people. */
export const joinUsBody = z.object({
  name: z.string({ error: rule.name.required }).trim().min(1, rule.name.required).max(rule.name.max, rule.name.tooLong),
  gender: z.enum(['male', 'female'], { error: rule.gender }),
  phone: z.string({ error: rule.phone.required }).trim().regex(rule.phone.pattern, rule.phone.invalid),
  email: z
    .string({ error: rule.email.required })
    .trim()
    .max(rule.email.max, rule.email.tooLong)
    .email(rule.email.invalid),
  position: z
    .string({ error: rule.position.required })
    .trim()
    .min(1, rule.position.required)
    .max(rule.position.max, rule.position.tooLong),
  education: z
    .string({ error: rule.education.required })
    .trim()
    .min(1, rule.education.required)
    .max(rule.education.max, rule.education.tooLong),
  website: z.string().max(200).optional(),
});
export type JoinUsBody = z.input<typeof joinUsBody>;
