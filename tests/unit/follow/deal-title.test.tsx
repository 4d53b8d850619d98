import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { InstanceDetail } from '@contract/flow';
import type { SiteConfig } from '@contract/upms';
import { http } from '@/api/http';
import { pageTitleOverride } from '@/lib/page-title';
import { DealWithPage } from '@/features/follow/components/deal-with-page';
import { renderPages, testQueryClient } from '../support/render-pages';

// Issue 47 point 4: the route says 办理, an approver's word; the applicant resubmitting their returned request reads 重新提交.
const INSTANCE = '11111111-1111-4111-8111-111111111111';
const TASK = '22222222-2222-4222-8222-222222222222';
const detail = (resubmit: boolean): InstanceDetail => ({
  id: INSTANCE,
  title: '张三的用印申请',
  serial: 'YY001',
  definition: { id: 'd1', name: '用印', category: '行政', isDocument: false } as InstanceDetail['definition'],
  formSchema: [],
  formData: {},
  initiator: { id: 'u1', realName: '张三', orgName: '研发部' },
  status: resubmit ? 'returned' : 'running',
  currentNodeNames: ['发起申请'],
  currentHandlers: ['张三'],
  createdAt: '2026-11-20T08:00:00Z',
  trace: [],
  myTaskId: TASK,
  myReadId: null,
  version: 1,
  abilities: {
    approve: true,
    reject: !resubmit,
    return: false,
    transfer: false,
    addSigner: false,
    withdraw: false,
    urge: false,
    opinionRequired: false,
    returnTargets: [],
    editableFields: [],
  },
});

function renderDeal(resubmit: boolean) {
  const queryClient = testQueryClient({ queries: { staleTime: Infinity } });
  queryClient.setQueryData(['flow', 'instance', INSTANCE], detail(resubmit));
  queryClient.setQueryData(['upms', 'site-config'], { tipConfig: { mobileTip: 'app' } } as SiteConfig);
  // the page's own reads (the instance again, 我的 preferences) meet a server that knows only this request
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    const data = config.url?.includes('/instances/') ? detail(resubmit) : null;
    return { status: 200, statusText: '200', data: { code: 200, msg: '', data }, headers: {}, config, request: {} };
  }) as AxiosAdapter;
  renderPages(
    { '/follow/dealWith': () => <DealWithPage instanceId={INSTANCE} taskId={TASK} /> },
    {
      at: '/follow/dealWith',
      queryClient,
    },
  );
}

afterEach(cleanup);

describe('the title of 办理', () => {
  it('reads 重新提交 for the applicant at the start node, and gives the title back on leaving', async () => {
    renderDeal(true);
    await screen.findByPlaceholderText('请输入审批意见');
    await waitFor(() => expect(pageTitleOverride.get()?.title).toBe('重新提交'));
    cleanup();
    expect(pageTitleOverride.get()).toBeNull();
  });

  it('stays the route’s 办理 for an approver', async () => {
    renderDeal(false);
    await screen.findByPlaceholderText('请输入审批意见');
    expect(pageTitleOverride.get()).toBeNull();
  });
});
