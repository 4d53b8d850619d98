import { useMutation } from '@tanstack/react-query';
import type { FlowCommentResult } from '@contract/flow';
import type { CommentBody } from '@contract/flow-schemas';
import { rememberOwnWrite } from '@/api/own-writes';
import { newIdempotencyKey, sendOrQueue } from '@/offline/outbox';
import { writeFeedback } from '@/ui/write-feedback';
import { flowKeys } from './flow-keys';

/**
 * 评论: a note on the request without acting on it (the server decides who may). It goes through the outbox, as 办理
 * does, so a comment written offline waits and is sent once; only the detail changes, so no cached list is edited.
 */
export function useCommentOnInstance(instanceId: string, title: string) {
  return useMutation({
    mutationFn: (body: CommentBody) =>
      sendOrQueue<FlowCommentResult>({
        method: 'POST',
        url: `/api/flow/instances/${encodeURIComponent(instanceId)}/comments`,
        body,
        idempotencyKey: rememberOwnWrite(newIdempotencyKey()),
        label: `评论「${title}」`,
        verb: '评论',
        // the box is emptied once the comment is queued: a refusal on replay offers the words back
        typedText: body.content,
        invalidate: [[...flowKeys.instance(instanceId)]],
      }),
    ...writeFeedback('评论成功'),
  });
}
