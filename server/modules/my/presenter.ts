import { completeChannelOrder, DEFAULT_OPINION_PHRASES, type MyPreferences } from '@contract/my';
import type { ReminderChannel } from '@contract/upms';
import type { userPreferences } from '../../db/schema';

type PreferencesRow = typeof userPreferences.$inferSelect;

/** The caller's settings as the client reads them; a user who never saved any gets the defaults. */
export function presentPreferences(row: PreferencesRow | undefined): MyPreferences {
  if (!row)
    return {
      reminderChannels: null,
      opinionPhrases: DEFAULT_OPINION_PHRASES,
      channelOrder: completeChannelOrder(null),
      quietHours: null,
    };
  return {
    reminderChannels: (row.reminderChannels as ReminderChannel[] | null) ?? null,
    opinionPhrases: row.opinionPhrases,
    channelOrder: completeChannelOrder(row.channelOrder),
    quietHours: row.quietStart && row.quietEnd ? { start: row.quietStart, end: row.quietEnd } : null,
  };
}
