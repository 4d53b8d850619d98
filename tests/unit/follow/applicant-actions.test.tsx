import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { InstanceDetail } from '@contract/flow';
import { toast } from '@/ui/feedback';
import { INSTANCE, LEAVE, runningLeave } from '../support/flow-fixtures';
import { flowClient, renderDetail, serveFlow } from '../support/flow-pages';

// Issue 10 §10: a withdrawn request offers 再次提交, which opens the copied draft in the form.
const DRAFT = '44444444-4444-4444-8444-444444444444';
const DEFINITION = '55555555-5555-4555-8555-555555555555';
const withdrawn = runningLeave(LEAVE, {
  definition: { id: 'd-old', name: '请假', category: '人事', isDocument: false } as InstanceDetail['definition'],
  status: 'withdrawn',
  currentNodeNames: [],
  currentHandlers: [],
  myTaskId: null,
  version: 3,
  abilities: { approve: false, reject: false, copyAgain: true, addCopy: true },
});

afterEach(() => toast.clear());

describe('再次提交 on the detail of a withdrawn request', () => {
  it('copies it into a new draft and opens that draft in the form of its definition', async () => {
    const posts: string[] = [];
    serveFlow((config) => {
      if (config.method !== 'get') posts.push(config.url ?? '');
      return config.method === 'get'
        ? withdrawn
        : { id: DRAFT, serial: 'QJ002', status: 'draft', notified: [], reminder: null, definitionId: DEFINITION };
    });
    const queryClient = flowClient(withdrawn, { queries: { staleTime: Infinity } });
    const { router } = renderDetail(queryClient, 'start', { pages: { '/follow/followList': () => <p>发起表单</p> } });

    expect(await screen.findByRole('button', { name: '抄送' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '再次提交' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/follow/followList'));
    expect(posts).toEqual([`/api/flow/instances/${INSTANCE}/copy`]);
    expect(router.state.location.search).toEqual({ definitionId: DEFINITION, draftId: DRAFT });
  });
});
