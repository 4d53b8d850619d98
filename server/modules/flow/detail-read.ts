import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedStatementDb } from '../../db/client';
import type { EngineTaskRow } from './load';
import { flowDefinitions, flowInstances, flowReads, flowTasks, orgs, users } from '../../db/schema';

type InstanceRow = typeof flowInstances.$inferSelect;
type DefinitionRow = typeof flowDefinitions.$inferSelect;

export interface DetailTask extends EngineTaskRow {
  nodeName: string;
  name: string | null;
  /** 审批代理: the person the stand-in holds this task for */
  meantFor: string | null;
}
export interface DetailLog {
  log: {
    id: string;
    nodeName: string;
    action: string;
    opinion: string;
    attachments: { fileName: string; attachName: string }[];
    signImg: string | null;
    actorId: string;
    messageId: string | null;
    createdAt: Date;
  };
  actorName: string;
  /** 审批代理: the person the actor decided for */
  onBehalfOfName: string | null;
  signImg: string | null;
}
export interface DetailComment {
  comment: { id: string; nodeName: string; content: string; createdAt: Date };
  actorName: string;
}

/** What the detail page is built from, read in one statement. */
export interface DetailRows {
  instance: InstanceRow;
  definition: DefinitionRow;
  initiator: { id: string; realName: string; orgName: string };
  hadTask: boolean;
  hadCopy: boolean;
  myReadId: string | null;
  tasks: DetailTask[];
  logs: DetailLog[];
  comments: DetailComment[];
}

type JsonRow<T> = Omit<T, 'createdAt'> & { createdAt: string };
type Raw = Omit<DetailRows, 'tasks' | 'logs' | 'comments'> & {
  tasks: DetailTask[];
  logs: (Omit<DetailLog, 'log'> & { log: JsonRow<DetailLog['log']> })[];
  comments: (Omit<DetailComment, 'comment'> & { comment: JsonRow<DetailComment['comment']> })[];
};
type DetailStatement = { execute(values: { instanceId: string; userId: string }): Promise<Raw[]> };
const prepared = new WeakMap<Db, DetailStatement>();

/*
 * Every task, step and comment of the instance as JSON arrays beside its head: the detail asks the database once
 * instead of four times, and the statement is planned once per connection. Under load each statement of the detail
 * waited behind the whole queue and paid its planning again (issue 41: 4.8× the 待办 page with four statements).
 */
const tasksJson = sql`coalesce((select json_agg(json_build_object('id', t.id, 'nodeId', t.node_id,
  'assigneeId', t.assignee_id, 'status', t.status, 'parentTaskId', t.parent_task_id, 'addKind', t.add_kind,
  'groupSignMode', t.group_sign_mode, 'onBehalfOfId', t.on_behalf_of_id, 'nodeName', t.node_name,
  'name', u.real_name, 'meantFor', m.real_name)
  order by t.created_at) from flow_tasks t left join users u on u.id = t.assignee_id
  left join users m on m.id = t.on_behalf_of_id where t.instance_id = ${flowInstances.id}), '[]'::json)`;
const logsJson = sql`coalesce((select json_agg(json_build_object('log', json_build_object('id', l.id,
  'nodeName', l.node_name, 'action', l.action, 'opinion', l.opinion, 'attachments', l.attachments,
  'signImg', l.sign_img, 'actorId', l.actor_id, 'messageId', l.message_id, 'createdAt', l.created_at),
  'actorName', u.real_name, 'onBehalfOfName', m.real_name,
  'signImg', u.sign_img) order by l.created_at) from flow_logs l join users u on u.id = l.actor_id
  left join users m on m.id = l.on_behalf_of_id where l.instance_id = ${flowInstances.id}), '[]'::json)`;
const commentsJson = sql`coalesce((select json_agg(json_build_object('comment', json_build_object('id', c.id,
  'nodeName', c.node_name, 'content', c.content, 'createdAt', c.created_at), 'actorName', u.real_name)
  order by c.created_at) from flow_comments c join users u on u.id = c.user_id
  where c.instance_id = ${flowInstances.id}), '[]'::json)`;

function prepareDetail(db: Db): DetailStatement {
  const userId = sql.placeholder('userId');
  const query = preparedStatementDb(db)
    .select({
      instance: flowInstances,
      definition: flowDefinitions,
      initiator: { id: users.id, realName: users.realName, orgName: orgs.name },
      // the person a stand-in holds a task for keeps seeing the request (审批代理)
      hadTask: sql<boolean>`exists (select 1 from ${flowTasks} where ${flowTasks.instanceId} = ${flowInstances.id} and (${flowTasks.assigneeId} = ${userId} or ${flowTasks.onBehalfOfId} = ${userId}))`,
      hadCopy: sql<boolean>`exists (select 1 from ${flowReads} where ${flowReads.instanceId} = ${flowInstances.id} and ${flowReads.userId} = ${userId})`,
      myReadId: sql<
        string | null
      >`(select ${flowReads.id} from ${flowReads} where ${flowReads.instanceId} = ${flowInstances.id} and ${flowReads.userId} = ${userId} and ${flowReads.readAt} is null limit 1)`,
      tasks: tasksJson,
      logs: logsJson,
      comments: commentsJson,
    })
    .from(flowInstances)
    .innerJoin(flowDefinitions, eq(flowDefinitions.id, flowInstances.definitionId))
    .innerJoin(users, eq(users.id, flowInstances.initiatorId))
    .innerJoin(orgs, eq(orgs.id, users.orgId))
    .where(eq(flowInstances.id, sql.placeholder('instanceId')));
  return (query as unknown as { prepare(name: string): DetailStatement }).prepare('flow_instance_detail');
}

/** The instance with its definition, initiator, the caller's involvement, tasks, trace and comments; or null. */
export async function readDetailRows(db: Db, userId: string, instanceId: string): Promise<DetailRows | null> {
  let statement = prepared.get(db);
  if (!statement) prepared.set(db, (statement = prepareDetail(db)));
  const [raw] = await statement.execute({ instanceId, userId });
  if (!raw) return null;
  return {
    ...raw,
    hadTask: Boolean(raw.hadTask),
    hadCopy: Boolean(raw.hadCopy),
    myReadId: raw.myReadId ?? null,
    logs: raw.logs.map((l) => ({ ...l, log: { ...l.log, createdAt: new Date(l.log.createdAt) } })),
    comments: raw.comments.map((c) => ({ ...c, comment: { ...c.comment, createdAt: new Date(c.comment.createdAt) } })),
  };
}
