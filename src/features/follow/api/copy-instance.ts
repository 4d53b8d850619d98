import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { CcBody } from '@contract/flow-schemas';
import { post } from '@/api/http';
import { rememberOwnWrite } from '@/api/own-writes';
import { newIdempotencyKey } from '@/offline/outbox';
import { writeFeedback } from '@/ui/write-feedback';
import { afterFlowWrite } from './flow-keys';
import { invalidateAll } from './act-on-task';

/** 抄送: the applicant sends the request to more people's 待阅. Needs the network (the server decides). */
export function useAddCopy(instanceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CcBody) => {
      const idempotencyKey = rememberOwnWrite(newIdempotencyKey());
      await post(`/api/flow/instances/${encodeURIComponent(instanceId)}/cc`, body, { idempotencyKey, silent: true });
      await invalidateAll(queryClient, afterFlowWrite(instanceId));
    },
    ...writeFeedback('已抄送'),
  });
}

/** 再次提交: a rejected or withdrawn request becomes a new draft, opened in the form to edit and submit. */
export function useCopyAgain(instanceId: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const feedback = writeFeedback<{ id: string }>('已复制为新草稿');
  return useMutation({
    mutationFn: async () => {
      const idempotencyKey = rememberOwnWrite(newIdempotencyKey());
      const draft = await post<{ id: string; definitionId: string }>(
        `/api/flow/instances/${encodeURIComponent(instanceId)}/copy`,
        undefined,
        { idempotencyKey, silent: true },
      );
      await invalidateAll(queryClient, afterFlowWrite(instanceId));
      return draft;
    },
    onError: feedback.onError,
    onSuccess: (draft: { id: string; definitionId: string }) => {
      feedback.onSuccess(draft);
      // the draft may be on the flow's newer version; the form page loads it by its own id
      void navigate({ to: '/follow/followList', search: { definitionId: draft.definitionId, draftId: draft.id } });
    },
  });
}
