/** A valid 合同 record of the seeded contract model; `overrides` change or add fields. */
export const contract = (overrides: Record<string, unknown> = {}) => ({
  contractNo: 'HT-2026-101',
  name: '测试采购合同',
  partyB: '测试供应商有限公司',
  category: 'purchase',
  amount: 1234.5,
  signDate: '2026-06-01',
  ...overrides,
});
