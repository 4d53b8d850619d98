import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** 个人通讯录: contacts a user keeps for themselves (outside the organisation); only the owner sees them. */
export const personalContacts = pgTable(
  'personal_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    email: text('email'),
    company: text('company'),
    post: text('post'),
    remark: text('remark'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('personal_contacts_owner_idx').on(t.ownerId, t.name)],
);

/** 常用联系人 (收藏): colleagues a user starred; only the owner sees the list. */
export const contactFavourites = pgTable(
  'contact_favourites',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.userId] })],
);

/** 我的 settings kept on the server so they follow the user to every device. */
export const userPreferences = pgTable('user_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  // null = not chosen yet: the reminder selector then defaults to every configured channel (spec §5)
  reminderChannels: text('reminder_channels').array(),
  opinionPhrases: text('opinion_phrases').array().notNull().default([]),
  // the order reminders escalate through after the app push (null: 企业微信 → 钉钉 → 短信 → 邮件)
  channelOrder: text('channel_order').array(),
  // 免打扰 (HH:MM, China time; null: off): non-urgent reminders wait until it ends
  quietStart: text('quiet_start'),
  quietEnd: text('quiet_end'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
