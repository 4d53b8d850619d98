/** Every schedule query key in one place. */
export const scheduleKeys = {
  all: ['schedule'] as const,
  ranges: ['schedule', 'range'] as const,
  range: (from: string, to: string) => ['schedule', 'range', from, to] as const,
  event: (id: string) => ['schedule', 'event', id] as const,
  feed: ['schedule', 'feed'] as const,
};

/** What an event write changes: every loaded range and the event itself. */
export const afterEventWrite = (id?: string): unknown[][] => [
  [...scheduleKeys.ranges],
  ...(id ? [[...scheduleKeys.event(id)]] : []),
];
