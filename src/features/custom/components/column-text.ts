import type { CustomListRow, CustomModelView } from '@contract/custom';
import type { FormField } from '@contract/flow';
import { displayValue } from '@/components/form-renderer/field-value';

/**
 * A list row's columns as the detail page shows their values. The server sends each column as plain text (the same
 * text it searches), so a money column read 540000.5 in the list and ¥540,000.50 on the record; the model says which
 * field each column is: its list columns after the first that are still fields, in order, as the server picks them.
 */
export function displayColumns(row: CustomListRow, model: CustomModelView | undefined): CustomListRow['columns'] {
  if (!model) return row.columns;
  const fields = model.listColumns
    .slice(1)
    .flatMap((key): FormField[] => model.fields.filter((f) => f.key === key).slice(0, 1));
  return row.columns.map((column, index) => {
    const field = fields[index];
    if (!field || field.label !== column.label || field.type !== 'money') return column;
    const number = Number(column.text);
    return column.text.trim() !== '' && Number.isFinite(number)
      ? { ...column, text: displayValue(field, number) }
      : column;
  });
}
