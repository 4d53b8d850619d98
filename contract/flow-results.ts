import type { TraceEntry } from './flow';

/** The answer of 同意 from a notification: the request's title for the follow-up notification (已同意：<title>). */
export interface NotificationApproveResult {
  instanceId: string;
  title: string;
  finished: boolean;
}

/** What every handler action and 撤回 answer with. */
export interface FlowActionResult {
  instanceId: string;
  /** people whose lists changed (their live connections were told) */
  notified: string[];
  /** the instance ended with this action */
  finished?: boolean;
  /** the message that told the new handlers through the chosen channels (同意, 催办), null when none was sent */
  reminder?: FlowReminder | null;
}

/** POST /api/flow/instances/:id/comments: the comment as the trace shows it. */
export interface FlowCommentResult {
  instanceId: string;
  /** the applicant and the handlers (their open detail is told to reload) */
  notified: string[];
  comment: TraceEntry;
}

/** A reminder message an action sent (its deliveries go out through `channels`). */
export interface FlowReminder {
  id: string;
  title: string;
  receiverIds: string[];
  channels: string[];
}

/** POST /api/flow/instances answers with the instance, a draft or a submitted one. */
export interface StartResult {
  id: string;
  serial: string;
  status: 'draft' | 'running' | 'approved';
  notified: string[];
  /** the 待办 message to the first handlers through the chosen channels, null when none was sent */
  reminder: FlowReminder | null;
}

/** 无人处理 (GET /api/flow/unattended, administrators): an open task whose handler has been disabled. */
export interface UnattendedTask {
  taskId: string;
  instanceId: string;
  title: string;
  nodeName: string;
  assigneeName: string;
  createdAt: string;
}
