/** Every 业务建模 query key in one place, so a write can invalidate exactly what it changed. */
export const customKeys = {
  all: ['custom'] as const,
  menu: ['custom', 'menu'] as const,
  model: (code: string) => ['custom', 'model', code] as const,
  lists: ['custom', 'list'] as const,
  list: (code: string) => ['custom', 'list', code] as const,
  record: (id: string) => ['custom', 'record', id] as const,
};

/** What a record write changes: the model's lists, the menu counts, and the record itself. */
export const afterRecordWrite = (code: string, id?: string): unknown[][] => [
  [...customKeys.list(code)],
  [...customKeys.menu],
  ...(id ? [[...customKeys.record(id)]] : []),
];
