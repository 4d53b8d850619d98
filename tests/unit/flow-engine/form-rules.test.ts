import { describe, expect, it } from 'vitest';
import type { FormField } from '../../../contract/flow';
import { formProblem, pickFormFields } from '../../../contract/flow-form-rules';

const check = (field: FormField, value: unknown) =>
  formProblem([field], value === undefined ? {} : { [field.key]: value });

describe('formProblem: required', () => {
  const field: FormField = { key: 'reason', label: '请假事由', type: 'textarea', required: true };

  it.each([undefined, null, '', []])('asks for a required field given %j', (value) => {
    expect(formProblem([field], { reason: value })).toBe('请填写请假事由');
  });

  it('skips empty optional fields of any type', () => {
    for (const type of ['text', 'number', 'money', 'date', 'daterange', 'select', 'user', 'attachment'] as const) {
      expect(check({ key: 'f', label: '字段', type }, undefined), type).toBeNull();
      expect(check({ key: 'f', label: '字段', type }, ''), type).toBeNull();
    }
  });

  it('reports the first problem in schema order', () => {
    const schema: FormField[] = [
      { key: 'a', label: '甲', type: 'text', required: true },
      { key: 'b', label: '乙', type: 'text', required: true },
    ];
    expect(formProblem(schema, {})).toBe('请填写甲');
    expect(formProblem(schema, { a: 'x' })).toBe('请填写乙');
    expect(formProblem(schema, { a: 'x', b: 'y' })).toBeNull();
  });
});

describe('formProblem: text and textarea', () => {
  it('counts characters (not UTF-16 units) against max', () => {
    const field: FormField = { key: 't', label: '标题', type: 'text', max: 5 };
    expect(check(field, '一二三四五')).toBeNull();
    expect(check(field, '一二三四五六')).toBe('标题不能超过5字');
    expect(check(field, '😀😀😀😀😀')).toBeNull();
  });

  it('defaults to 100 for text and 2000 for textarea', () => {
    expect(check({ key: 't', label: '标题', type: 'text' }, 'a'.repeat(100))).toBeNull();
    expect(check({ key: 't', label: '标题', type: 'text' }, 'a'.repeat(101))).toBe('标题不能超过100字');
    expect(check({ key: 't', label: '说明', type: 'textarea' }, 'a'.repeat(2000))).toBeNull();
    expect(check({ key: 't', label: '说明', type: 'textarea' }, 'a'.repeat(2001))).toBe('说明不能超过2000字');
  });

  it('refuses non-strings', () => {
    expect(check({ key: 't', label: '标题', type: 'text' }, 12)).toBe('标题格式不正确');
    expect(check({ key: 't', label: '说明', type: 'textarea' }, { a: 1 })).toBe('说明格式不正确');
  });
});

describe('formProblem: number and money', () => {
  const days: FormField = { key: 'days', label: '请假天数', type: 'number', min: 0.5, max: 365 };
  const amount: FormField = { key: 'amount', label: '报销金额', type: 'money', min: 0.01, max: 1000000 };

  it('accepts numbers and numeric strings within bounds', () => {
    expect(check(days, 2)).toBeNull();
    expect(check(days, '2.5')).toBeNull();
    expect(check(days, 0.5)).toBeNull();
    expect(check(days, 365)).toBeNull();
  });

  it('refuses what is not a number', () => {
    expect(check(days, 'abc')).toBe('请假天数必须是数字');
    expect(check(days, Number.NaN)).toBe('请假天数必须是数字');
    expect(check(days, Number.POSITIVE_INFINITY)).toBe('请假天数必须是数字');
    expect(check(amount, '12元')).toBe('报销金额必须是数字');
  });

  it('enforces min and max with the exact messages', () => {
    expect(check(days, 0.4)).toBe('请假天数不能小于0.5');
    expect(check(days, 366)).toBe('请假天数不能大于365');
    expect(check(amount, 0)).toBe('报销金额不能小于0.01');
    expect(check(amount, 1000000.01)).toBe('报销金额不能大于1000000');
  });

  it('allows at most two decimals on money', () => {
    expect(check(amount, 1280.5)).toBeNull();
    expect(check(amount, 1280.55)).toBeNull();
    expect(check(amount, '99.99')).toBeNull();
    expect(check(amount, 1280.555)).toBe('报销金额最多两位小数');
    expect(check(amount, 0.001 + 10)).toBe('报销金额最多两位小数');
  });

  it('does not limit decimals on a plain number', () => {
    expect(check({ key: 'n', label: '数量', type: 'number' }, 1.2345)).toBeNull();
  });
});

describe('formProblem: date and daterange', () => {
  const date: FormField = { key: 'd', label: '发生日期', type: 'date' };
  const range: FormField = { key: 'p', label: '请假时间', type: 'daterange' };

  it('accepts YYYY-MM-DD only', () => {
    expect(check(date, '2026-11-12')).toBeNull();
    for (const bad of ['2026/11/12', '2026-1-2', '20261112', '2026-11-12T00:00:00Z', 20261112])
      expect(check(date, bad), String(bad)).toBe('发生日期日期格式不正确');
  });

  it('refuses an impossible month', () => {
    expect(check(date, '2026-13-01')).toBe('发生日期日期格式不正确');
  });

  it('wants two dates in order', () => {
    expect(check(range, ['2026-12-01', '2026-12-05'])).toBeNull();
    expect(check(range, ['2026-12-01', '2026-12-01'])).toBeNull();
    expect(check(range, ['2026-12-05', '2026-12-01'])).toBe('请假时间结束日期不能早于开始日期');
    expect(check(range, ['2026-12-01'])).toBe('请假时间日期格式不正确');
    expect(check(range, ['2026-12-01', '2026-12-02', '2026-12-03'])).toBe('请假时间日期格式不正确');
    expect(check(range, '2026-12-01')).toBe('请假时间日期格式不正确');
    expect(check(range, ['2026/12/01', '2026-12-02'])).toBe('请假时间日期格式不正确');
  });
});

describe('formProblem: select, user, attachment', () => {
  const seal: FormField = {
    key: 's',
    label: '印章类型',
    type: 'select',
    options: [
      { label: '公章', value: 'official' },
      { label: '合同章', value: 'contract' },
    ],
  };

  it('accepts a listed option and refuses others', () => {
    expect(check(seal, 'official')).toBeNull();
    expect(check(seal, 'finance')).toBe('印章类型选项无效');
    expect(check(seal, 1)).toBe('印章类型格式不正确');
  });

  it('accepts any string when the select has no inline options', () => {
    expect(check({ key: 's', label: '类型', type: 'select', dict: 'leave_type' }, 'anything')).toBeNull();
  });

  it('wants a list of ids for user and a list for attachment', () => {
    expect(check({ key: 'u', label: '同行人员', type: 'user' }, ['a', 'b'])).toBeNull();
    expect(check({ key: 'u', label: '同行人员', type: 'user' }, 'a')).toBe('同行人员格式不正确');
    expect(check({ key: 'u', label: '同行人员', type: 'user' }, [1])).toBe('同行人员格式不正确');
    expect(check({ key: 'a', label: '票据附件', type: 'attachment' }, [{ fileName: 'x' }])).toBeNull();
    expect(check({ key: 'a', label: '票据附件', type: 'attachment' }, 'x')).toBe('票据附件格式不正确');
  });

  it('reports an empty required user list as missing', () => {
    expect(check({ key: 'u', label: '同行人员', type: 'user', required: true }, [])).toBe('请填写同行人员');
  });
});

describe('pickFormFields', () => {
  const schema: FormField[] = [
    { key: 'days', label: '天数', type: 'number' },
    { key: 'reason', label: '事由', type: 'textarea' },
  ];

  it('drops keys that are not in the schema', () => {
    expect(pickFormFields(schema, { days: 2, reason: 'x', status: 'approved', __proto__x: 1 })).toEqual({
      days: 2,
      reason: 'x',
    });
  });

  it('keeps present keys even when their value is empty and omits absent ones', () => {
    expect(pickFormFields(schema, { reason: '' })).toEqual({ reason: '' });
    expect(pickFormFields(schema, {})).toEqual({});
  });

  it('works on JSON-parsed bodies (what the server passes in)', () => {
    expect(
      pickFormFields(
        schema,
        JSON.parse('{"days":3,"extra":"x","__proto__":{"reason":"injected"}}') as Record<string, unknown>,
      ),
    ).toEqual({ days: 3 });
  });
});

describe('form rules on fields named like built-ins', () => {
  it('reads only the data’s own properties', () => {
    const odd: FormField[] = [{ key: 'constructor', label: '备注', type: 'text' }];
    expect(formProblem(odd, {})).toBeNull();
    expect(pickFormFields(odd, {})).toEqual({});
    expect(formProblem([{ ...odd[0]!, required: true }], {})).toBe('请填写备注');
  });
});
