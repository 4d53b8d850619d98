import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { InstanceDetail } from '@contract/flow';
import { pageTitleOverride } from '@/lib/page-title';
import { LEAVE, runningLeave } from '../support/flow-fixtures';
import { flowClient, renderDealWith, serveFlow } from '../support/flow-pages';

// Issue 47 point 4: the route says 办理, an approver's word; the applicant resubmitting their returned request reads 重新提交.
const detail = (resubmit: boolean) =>
  runningLeave(LEAVE, {
    title: '张三的用印申请',
    serial: 'YY001',
    definition: { id: 'd1', name: '用印', category: '行政', isDocument: false } as InstanceDetail['definition'],
    status: resubmit ? 'returned' : 'running',
    currentNodeNames: ['发起申请'],
    currentHandlers: ['张三'],
    abilities: { reject: !resubmit },
  });

function renderDeal(resubmit: boolean) {
  const queryClient = flowClient(detail(resubmit), { queries: { staleTime: Infinity } });
  // the page's own reads (the instance again, 我的 preferences) meet a server that knows only this request
  serveFlow((config) => (config.url?.includes('/instances/') ? detail(resubmit) : null));
  renderDealWith(queryClient);
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
