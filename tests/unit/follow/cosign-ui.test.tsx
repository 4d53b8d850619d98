import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { InstanceDetail } from '@contract/flow';
import type { SiteConfig } from '@contract/upms';
import { http } from '@/api/http';
import { dialog, toast } from '@/ui/feedback';
import { InstanceDetailPage } from '@/features/follow/components/instance-detail-page';
import { DealWithPage } from '@/features/follow/components/deal-with-page';
import { renderPages, testQueryClient } from '../support/render-pages';

// Issue 10 §1: 办理 asks how the added people sign (前加签/后加签, 会签/或签); the asker can remove a co-signer.
const INSTANCE = '11111111-1111-4111-8111-111111111111';
const TASK = '22222222-2222-4222-8222-222222222222';
const ZHOUJIE_TASK = '33333333-3333-4333-8333-333333333333';
const base: InstanceDetail = {
  id: INSTANCE,
  title: '张三的请假申请',
  serial: 'QJ001',
  definition: { id: 'd1', name: '请假', category: '人事', isDocument: false } as InstanceDetail['definition'],
  formSchema: [],
  formData: {},
  initiator: { id: 'u1', realName: '张三', orgName: '研发部' },
  status: 'running',
  currentNodeNames: ['部门负责人审批'],
  currentHandlers: ['孙琪', '周杰'],
  createdAt: '2026-11-20T08:00:00Z',
  trace: [],
  myTaskId: TASK,
  myReadId: null,
  version: 1,
  abilities: {
    approve: true,
    reject: true,
    return: false,
    transfer: true,
    addSigner: true,
    withdraw: false,
    urge: false,
    opinionRequired: false,
    returnTargets: [],
    editableFields: [],
  },
};

let posts: InternalAxiosRequestConfig[] = [];
function serve(detail: InstanceDetail) {
  posts = [];
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    if (config.method !== 'get') posts.push(config);
    const data = {
      code: 200,
      msg: '',
      data: config.method === 'get' ? detail : { instanceId: INSTANCE, notified: [] },
    };
    return { status: 200, statusText: '200', data, headers: {}, config, request: {} };
  }) as AxiosAdapter;
}

function renderPage(detail: InstanceDetail, page: 'deal' | 'detail') {
  serve(detail);
  const queryClient = testQueryClient({ queries: { staleTime: Infinity } });
  queryClient.setQueryData(['flow', 'instance', INSTANCE], detail);
  queryClient.setQueryData(['upms', 'site-config'], { tipConfig: { mobileTip: 'app' } } as SiteConfig);
  const component =
    page === 'deal'
      ? () => <DealWithPage instanceId={INSTANCE} taskId={TASK} initialAction="add-signer" />
      : () => <InstanceDetailPage instanceId={INSTANCE} variant="view" />;
  renderPages({ '/': component }, { at: '/', queryClient });
}

afterEach(async () => {
  toast.clear();
  dialog.clear();
  await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull(), { timeout: 5000 });
});

describe('加签 on the phone', () => {
  it('办理 → 加签 offers 前加签/后加签 and 会签/或签, 前加签 and 会签 chosen first, each one tap to change', async () => {
    renderPage(base, 'deal');
    const kind = await screen.findByRole('radiogroup', { name: '加签方式' });
    const mode = screen.getByRole('radiogroup', { name: '加签人员审批方式' });
    const checked = (group: HTMLElement) =>
      within(group)
        .getAllByRole('radio')
        .filter((r) => r.getAttribute('aria-checked') === 'true')
        .map((r) => r.textContent);
    expect(checked(kind)).toEqual(['前加签（加签人先审批，再由我审批）']);
    expect(checked(mode)).toEqual(['会签（全部同意）']);
    fireEvent.click(within(kind).getByRole('radio', { name: /后加签/ }));
    fireEvent.click(within(mode).getByRole('radio', { name: /或签/ }));
    expect(checked(kind)).toEqual(['后加签（我同意后，再由加签人审批）']);
    expect(checked(mode)).toEqual(['或签（一人同意即可）']);
  });

  it('the asker sees the co-signers who have not acted and removes one after confirming', async () => {
    renderPage(
      {
        ...base,
        myTaskId: null,
        abilities: {
          ...base.abilities,
          approve: false,
          reject: false,
          transfer: false,
          addSigner: false,
          removableSigners: [{ taskId: ZHOUJIE_TASK, realName: '周杰' }],
        },
      },
      'detail',
    );
    const mine = await screen.findByRole('region', { name: '我的加签人员' });
    fireEvent.click(within(mine).getByRole('button', { name: '移除周杰' }));
    fireEvent.click(await screen.findByRole('button', { name: '确认' }, { timeout: 5000 }));
    await waitFor(() => expect(posts.map((p) => p.url)).toEqual([`/api/flow/tasks/${ZHOUJIE_TASK}/remove-signer`]));
    expect(await screen.findByText('已移除加签人员')).toBeTruthy();
  });
});
