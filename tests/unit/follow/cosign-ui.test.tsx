import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import type { InstanceDetail } from '@contract/flow';
import { dialog, toast } from '@/ui/feedback';
import { INSTANCE, LEAVE, runningLeave } from '../support/flow-fixtures';
import { flowClient, renderDealWith, renderDetail, serveFlow } from '../support/flow-pages';

// Issue 10 §1: 办理 asks how the added people sign (前加签/后加签, 会签/或签); the asker can remove a co-signer.
const ZHOUJIE_TASK = '33333333-3333-4333-8333-333333333333';
const base = runningLeave(LEAVE, {
  currentNodeNames: ['部门负责人审批'],
  currentHandlers: ['孙琪', '周杰'],
  abilities: { transfer: true, addSigner: true },
});

let posts: InternalAxiosRequestConfig[] = [];
function serve(detail: InstanceDetail) {
  posts = [];
  serveFlow((config) => {
    if (config.method !== 'get') posts.push(config);
    return config.method === 'get' ? detail : { instanceId: INSTANCE, notified: [] };
  });
}

function renderPage(detail: InstanceDetail, page: 'deal' | 'detail') {
  serve(detail);
  const queryClient = flowClient(detail, { queries: { staleTime: Infinity } });
  if (page === 'deal') renderDealWith(queryClient, { initialAction: 'add-signer' });
  else renderDetail(queryClient, 'view');
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
