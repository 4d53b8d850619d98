import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FlowGraph, FormField } from '@contract/flow';
import { messages } from './messages';
import { users } from './users';

/** A process definition: its form schema and node graph are data, validated when saved. */
export const flowDefinitions = pgTable(
  'flow_definitions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    category: text('category').notNull(),
    name: text('name').notNull(),
    icon: text('icon').notNull().default(''),
    version: integer('version').notNull().default(1),
    enabled: boolean('enabled').notNull().default(true),
    isDocument: boolean('is_document').notNull().default(false),
    formSchema: jsonb('form_schema').$type<FormField[]>().notNull(),
    graph: jsonb('graph').$type<FlowGraph>().notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('flow_definitions_code_version_idx').on(t.code, t.version)],
);

/** Numbers the serials (流水号): unique by construction, however many submits share a minute. */
export const flowSerialSeq = pgSequence('flow_serial_seq');

/** One run of a definition. `version` guards concurrent actions (compare-and-set). */
export const flowInstances = pgTable(
  'flow_instances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    definitionId: uuid('definition_id')
      .notNull()
      .references(() => flowDefinitions.id),
    serial: text('serial').notNull(),
    title: text('title').notNull(),
    initiatorId: uuid('initiator_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull(),
    currentNodeId: text('current_node_id'),
    formData: jsonb('form_data').$type<Record<string, unknown>>().notNull(),
    version: integer('version').notNull().default(0),
    searchGrams: text('search_grams').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('flow_instances_serial_idx').on(t.serial),
    index('flow_instances_initiator_idx').on(t.initiatorId, t.createdAt),
    index('flow_instances_grams_idx').using('gin', t.searchGrams).with({ fastupdate: false }),
  ],
);

/** A handler's piece of work on a node: pending until done, cancelled (another signed) or transferred. */
export const flowTasks = pgTable(
  'flow_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => flowInstances.id, { onDelete: 'cascade' }),
    nodeId: text('node_id').notNull(),
    nodeName: text('node_name').notNull(),
    assigneeId: uuid('assignee_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('pending'),
    action: text('action'),
    // a 加签 group: the asker's task, 前加签 'before' / 后加签 'after' / 委派 'delegate', and the group's own sign mode
    parentTaskId: uuid('parent_task_id'),
    addKind: text('add_kind'),
    groupSignMode: text('group_sign_mode'),
    // denormalised from the instance so the 待办 page is one indexed scan of this table
    title: text('title').notNull(),
    // the initiator's own task on a returned instance (it waits in 我的退回, not 待办): kept by triggers of migration
    // flow_todo_triggers from the instance's status and initiator, so the 待办 count reads this table alone
    returnedToInitiator: boolean('returned_to_initiator').notNull().default(false),
    // 审批代理: the person the task was meant for while a stand-in holds it, and the proxies (a chain A→B→C) that moved
    // it; when one of them ends the task is routed again from the original person
    onBehalfOfId: uuid('on_behalf_of_id').references(() => users.id),
    proxyIds: uuid('proxy_ids').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [
    index('flow_tasks_assignee_status_idx').on(t.assigneeId, t.status, t.createdAt),
    index('flow_tasks_instance_idx').on(t.instanceId, t.status),
    // 待办: the page (a backward scan gives created_at desc, id desc) and its count, from the index alone
    index('flow_tasks_todo_idx')
      .on(t.assigneeId, t.createdAt, t.id)
      .where(sql`${t.status} = 'pending' and not ${t.returnedToInitiator}`),
    // the 待办 page reads pending and 前加签-waiting tasks in one backward scan (created_at desc, id desc): with only the
    // index above, the two kinds were fetched and sorted whole, 10,000 rows for a heavy approver's first page
    index('flow_tasks_todo_page_idx')
      .on(t.assigneeId, t.createdAt, t.id)
      .where(sql`${t.status} in ('pending', 'waiting')`),
    // 加签: "has the caller added people who decide first" is asked of every waiting task in 待办, 已办 and the counts;
    // without it the planner costs a scan of every task and picks bad joins (and JIT) for the whole list
    index('flow_tasks_parent_idx')
      .on(t.parentTaskId, t.addKind)
      .where(sql`${t.parentTaskId} is not null`),
    // 审批 search walks a person's requests back in time from each way they reach them (search/policy.ts flowSources)
    index('flow_tasks_assignee_at_idx').on(t.assigneeId, t.createdAt, t.instanceId),
    index('flow_tasks_on_behalf_at_idx')
      .on(t.onBehalfOfId, t.createdAt, t.instanceId)
      .where(sql`${t.onBehalfOfId} is not null`),
    // a proxy that ends looks for the open tasks stand-ins hold: few rows, never a scan of every task
    index('flow_tasks_proxied_idx')
      .on(t.onBehalfOfId)
      .where(sql`${t.onBehalfOfId} is not null and ${t.status} in ('pending', 'waiting')`),
  ],
);

/**
 * Each user's pending 待办 count (pending, not returned to the initiator), kept by statement triggers on flow_tasks
 * (migration 0023): 待办's total and the badge read one row instead of counting 10,000 entries of a heavy approver.
 */
export const flowTodoCounts = pgTable('flow_todo_counts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pending: integer('pending').notNull().default(0),
});

/** A copy (待阅 → 已阅) or a received document (收文) for one user. */
export const flowReads = pgTable(
  'flow_reads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => flowInstances.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull().default('copy'),
    nodeName: text('node_name').notNull(),
    title: text('title').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('flow_reads_user_idx').on(t.userId, t.kind, t.readAt, t.createdAt),
    index('flow_reads_instance_idx').on(t.instanceId),
    // 审批 search: a person's copies newest first (search/policy.ts flowSources)
    index('flow_reads_user_at_idx').on(t.userId, t.createdAt, t.instanceId),
  ],
);

/** The trace: every step anyone took on an instance. */
export const flowLogs = pgTable(
  'flow_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => flowInstances.id, { onDelete: 'cascade' }),
    nodeId: text('node_id').notNull(),
    nodeName: text('node_name').notNull(),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    opinion: text('opinion').notNull().default(''),
    attachments: jsonb('attachments').$type<{ fileName: string; attachName: string }[]>().notNull().default([]),
    /** the signature the actor signed this decision with (a node that asks for one); later changes in 我的 leave it */
    signImg: text('sign_img'),
    /** a stand-in's step (审批代理): whom they acted for, shown as 王五（代 李四） */
    onBehalfOfId: uuid('on_behalf_of_id').references(() => users.id),
    /** a 催办 step's reminder: its sender reads per person and channel how it went, from the trace */
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('flow_logs_instance_idx').on(t.instanceId, t.createdAt)],
);

/**
 * 评论: a note anyone who may see a request leaves on it without acting (no task, no state change); the detail shows
 * it in the trace. `node_name` is where the request stood then (the nodes waiting, or '' once it had finished).
 */
export const flowComments = pgTable(
  'flow_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => flowInstances.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    nodeName: text('node_name').notNull().default(''),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('flow_comments_instance_idx').on(t.instanceId, t.createdAt)],
);
