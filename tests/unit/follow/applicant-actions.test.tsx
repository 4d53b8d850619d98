import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { InstanceDetail } from '@contract/flow';
import type { SiteConfig } from '@contract/upms';
import { http } from '@/api/http';
import { toast } from '@/ui/feedback';
import { InstanceDetailPage } from '@/features/follow/components/instance-detail-page';
import { renderPages, testQueryClient } from '../support/render-pages';

// Issue 10 §10: a withdrawn request offers 再次提交, which opens the copied draft in the form.
const INSTANCE = '11111111-1111-4111-8111-111111111111';
const DRAFT = '44444444-4444-4444-8444-444444444444';
const DEFINITION = '55555555-5555-4555-8555-555555555555';
const withdrawn: InstanceDetail = {
  id: INSTANCE,
  title: '张三的请假申请',
  serial: 'QJ001',
  definition: { id: 'd-old', name: '请假', category: '人事', isDocument: false } as InstanceDetail['definition'],
  formSchema: [],
  formData: {},
  initiator: { id: 'u1', realName: '张三', orgName: '研发部' },
  status: 'withdrawn',
  currentNodeNames: [],
  currentHandlers: [],
  createdAt: '2026-11-20T08:00:00Z',
  trace: [],
  myTaskId: null,
  myReadId: null,
  version: 3,
  abilities: {
    approve: false,
    reject: false,
    return: false,
    transfer: false,
    addSigner: false,
    withdraw: false,
    urge: false,
    opinionRequired: false,
    returnTargets: [],
    editableFields: [],
    copyAgain: true,
    addCopy: true,
  },
};

afterEach(() => toast.clear());

describe('再次提交 on the detail of a withdrawn request', () => {
  it('copies it into a new draft and opens that draft in the form of its definition', async () => {
    const posts: string[] = [];
    http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
      if (config.method !== 'get') posts.push(config.url ?? '');
      const data =
        config.method === 'get'
          ? withdrawn
          : { id: DRAFT, serial: 'QJ002', status: 'draft', notified: [], reminder: null, definitionId: DEFINITION };
      return { status: 200, statusText: '200', data: { code: 200, msg: '', data }, headers: {}, config, request: {} };
    }) as AxiosAdapter;
    const queryClient = testQueryClient({ queries: { staleTime: Infinity } });
    queryClient.setQueryData(['flow', 'instance', INSTANCE], withdrawn);
    queryClient.setQueryData(['upms', 'site-config'], { tipConfig: { mobileTip: 'app' } } as SiteConfig);
    const { router } = renderPages(
      {
        '/followStartDetail': () => <InstanceDetailPage instanceId={INSTANCE} variant="start" />,
        '/follow/followList': () => <p>发起表单</p>,
      },
      { at: '/followStartDetail', queryClient },
    );

    expect(await screen.findByRole('button', { name: '抄送' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '再次提交' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/follow/followList'));
    expect(posts).toEqual([`/api/flow/instances/${INSTANCE}/copy`]);
    expect(router.state.location.search).toEqual({ definitionId: DEFINITION, draftId: DRAFT });
  });
});
