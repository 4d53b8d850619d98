import { describe, expect, it } from 'vitest';
import type { CustomListRow, CustomModelView } from '@contract/custom';
import { displayColumns } from '@/features/custom/components/column-text';

const model = {
  code: 'contract',
  fields: [
    { key: 'name', label: '合同名称', type: 'text' },
    { key: 'partyB', label: '合同相对方', type: 'text' },
    { key: 'amount', label: '合同金额', type: 'money' },
  ],
  listColumns: ['name', 'gone', 'partyB', 'amount'],
} as unknown as CustomModelView;

const row = (columns: CustomListRow['columns']): CustomListRow => ({
  id: 'r1',
  title: '合同',
  columns,
  creatorName: null,
  updatedAt: '2026-01-01T00:00:00Z',
});

describe('displayColumns', () => {
  it('reads a money column as the record page does, skipping list columns that are no longer fields', () => {
    const shown = displayColumns(
      row([
        { label: '合同相对方', text: '12345' },
        { label: '合同金额', text: '1234.5' },
      ]),
      model,
    );
    expect(shown.map((c) => c.text)).toEqual(['12345', '¥1,234.50']);
  });

  it('keeps the server’s text for an empty value and while the model is not loaded', () => {
    expect(
      displayColumns(
        row([
          { label: '合同相对方', text: '甲' },
          { label: '合同金额', text: '—' },
        ]),
        model,
      )[1]!.text,
    ).toBe('—');
    expect(displayColumns(row([{ label: '合同金额', text: '9' }]), undefined)[0]!.text).toBe('9');
  });
});
