import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { StartBody } from '@contract/flow-schemas';
import { readJson, writeJson } from '@/lib/local-keys';
import { toast } from '@/ui/feedback';
import { useAutosave } from '@/components/drafts/use-autosave';
import { useLeaveGuard } from '@/components/drafts/use-leave-guard';
import { localDraftKey } from '@/components/drafts/use-local-draft';
import { instanceQueryOptions } from '../api/get-instance';
import { useSaveStartDraft } from '../api/save-start-draft';

/** This device remembers the draft a 发起申请 form of each flow was last kept as, to open it again from the catalogue. */
const rememberedKey = (definitionId: string) => localDraftKey(`flow-start.${definitionId}`);

/**
 * A 发起申请 form is kept as its request's draft (草稿) while the person types, opened again with it from the
 * catalogue, and asks 保存草稿？ when left with input not saved yet. `bodyOf` builds the draft's body for its id.
 */
export function useStartDraft(
  definitionId: string,
  draftId: string | undefined,
  bodyOf: (draftId: string | undefined) => StartBody,
) {
  const [fromDevice] = useState(() => (draftId ? null : readJson<string | null>(rememberedKey(definitionId), null)));
  // the draft this form opened with (a link or this device's memory): only its saved values are loaded into the form
  const [openedId] = useState(draftId ?? fromDevice ?? undefined);
  const [activeId, setActiveId] = useState(openedId);
  const active = useRef(activeId);
  const latestBody = useRef(bodyOf);
  useLayoutEffect(() => {
    latestBody.current = bodyOf;
  });
  const [version, setVersion] = useState(0);
  const unsaved = useRef(false);
  // saves run one after another: the first creates the draft, the next ones must update that same draft
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const save = useSaveStartDraft();
  const draftQuery = useQuery({
    ...instanceQueryOptions(activeId ?? ''),
    enabled: Boolean(activeId) && activeId === openedId,
  });

  const keepId = (id: string | undefined) => {
    active.current = id;
    setActiveId(id);
    writeJson(rememberedKey(definitionId), id ?? null);
  };

  // the remembered draft was submitted or deleted elsewhere: the form starts empty
  const stale = Boolean(fromDevice) && (draftQuery.isError || (draftQuery.data && draftQuery.data.status !== 'draft'));
  const restored = Boolean(fromDevice) && draftQuery.data?.status === 'draft';
  useEffect(() => {
    if (stale) keepId(undefined);
    else if (restored) toast.info('已恢复上次未提交的内容');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per outcome; keepId is a plain setter
  }, [stale, restored]);

  const saveNow = () => {
    unsaved.current = false;
    const next = queue.current.then(async () => {
      const saved = await save.mutateAsync(latestBody.current(active.current));
      keepId(saved.id);
    });
    queue.current = next.catch(() => void (unsaved.current = true));
    return next;
  };
  useAutosave(version, () => void saveNow().catch(() => undefined));
  useLeaveGuard({ unsaved: () => unsaved.current, save: saveNow });

  return {
    /** the draft this form saves into (none before the first save) */
    draftId: stale ? undefined : activeId,
    /**
     * the form opened a saved draft whose values are still to be shown; a draft the form's own autosave created holds
     * nothing the form lacks, so loading it must neither hide the form nor put older values over newer typing
     */
    opensSaved: !stale && Boolean(openedId) && activeId === openedId,
    draftQuery,
    /** the draft is still on its way: a copy kept from before may be older than the last save, so it waits for it */
    draftLoading:
      Boolean(activeId) &&
      activeId === openedId &&
      (draftQuery.isPending || (draftQuery.isFetching && !draftQuery.isFetchedAfterMount)),
    /** the person changed the form */
    touch: () => {
      unsaved.current = true;
      setVersion((n) => n + 1);
    },
    /**
     * submitted offline: the values wait in the outbox and on this device, so leaving asks nothing; the draft stays
     * remembered, since the queued 提交 turns it into the request only when the server applies it
     */
    queued: () => void (unsaved.current = false),
    /** saved by hand (still a draft) or submitted (no draft left to open again) */
    settled: (id: string, asDraft: boolean) => {
      unsaved.current = false;
      keepId(asDraft ? id : undefined);
    },
  };
}
