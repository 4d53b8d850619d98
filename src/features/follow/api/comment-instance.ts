import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FlowCommentResult } from '@contract/flow';
import type { CommentBody } from '@contract/flow-schemas';
import { post } from '@/api/http';
import { rememberOwnWrite } from '@/api/own-writes';
import { newIdempotencyKey } from '@/offline/outbox';
import { writeFeedback } from '@/ui/write-feedback';
import { flowKeys } from './flow-keys';

/** 评论: a note on the request without acting on it. Needs the network (the server decides who may); only the detail changes. */
export function useCommentOnInstance(instanceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CommentBody) => {
      const idempotencyKey = rememberOwnWrite(newIdempotencyKey());
      const answer = await post<FlowCommentResult>(
        `/api/flow/instances/${encodeURIComponent(instanceId)}/comments`,
        body,
        { idempotencyKey, silent: true },
      );
      await queryClient.invalidateQueries({ queryKey: flowKeys.instance(instanceId) });
      return answer;
    },
    ...writeFeedback('评论成功'),
  });
}
