import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { InstanceDetail } from '@contract/flow';
import type { MyPreferences } from '@contract/my';
import type { SiteConfig } from '@contract/upms';
import { http } from '@/api/http';
import { configureOutbox } from '@/offline/outbox-config';
import { httpSender } from '@/offline/http-sender';
import { toast, dialog } from '@/ui/feedback';
import { DealWithPage } from '@/features/follow/components/deal-with-page';
import { renderPages, testQueryClient } from '../support/render-pages';

// Issue 30.5: 同意 reminds the next handlers through exactly the channels its selector shows ticked.
const INSTANCE = '11111111-1111-4111-8111-111111111111';
const TASK = '22222222-2222-4222-8222-222222222222';
const detail: InstanceDetail = {
  id: INSTANCE,
  title: '张三的请假申请',
  serial: 'QJ001',
  definition: { id: 'd1', name: '请假', category: '人事', isDocument: false } as InstanceDetail['definition'],
  formSchema: [],
  formData: {},
  initiator: { id: 'u1', realName: '张三', orgName: '研发部' },
  status: 'running',
  currentNodeNames: ['部门审批'],
  currentHandlers: ['李四'],
  createdAt: '2026-11-20T08:00:00Z',
  trace: [],
  myTaskId: TASK,
  myReadId: null,
  version: 1,
  abilities: {
    approve: true,
    reject: true,
    return: false,
    transfer: false,
    addSigner: false,
    withdraw: false,
    urge: false,
    opinionRequired: false,
    returnTargets: [],
    editableFields: [],
  },
};

afterEach(async () => {
  toast.clear();
  dialog.clear();
  await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull(), { timeout: 5000 });
});

describe('同意 on 办理', () => {
  it('starts ticked as 我的 → 提醒方式 and sends exactly what is ticked when 确认ed', async () => {
    const bodies: unknown[] = [];
    http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
      let data: unknown = null;
      if (config.method !== 'get') bodies.push(JSON.parse(String(config.data)));
      else if (config.url === '/api/my/preferences')
        data = { reminderChannels: ['email'], opinionPhrases: [] } satisfies MyPreferences;
      else if (config.url?.includes('/instances/')) data = detail;
      return { status: 200, statusText: '200', data: { code: 200, msg: '', data }, headers: {}, config, request: {} };
    }) as AxiosAdapter;
    const queryClient = testQueryClient();
    queryClient.setQueryData(['flow', 'instance', INSTANCE], detail);
    queryClient.setQueryData(['upms', 'site-config'], { tipConfig: { mobileTip: 'app,sms,email' } } as SiteConfig);
    configureOutbox({ send: httpSender, getUserKey: () => 'lisi', isOnline: () => true, queryClient });
    renderPages(
      {
        '/follow/dealWith': () => <DealWithPage instanceId={INSTANCE} taskId={TASK} />,
        '/follow/waitList': () => <p>待办列表</p>,
      },
      { at: '/follow/dealWith', queryClient },
    );

    const selector = await screen.findByRole('group', { name: '提醒方式' });
    const ticked = () =>
      within(selector)
        .getAllByRole('checkbox')
        .filter((c) => (c as HTMLInputElement).checked)
        .map((c) => c.parentElement!.textContent);
    await waitFor(() => expect(ticked()).toEqual(['邮件']));
    fireEvent.click(within(selector).getByRole('checkbox', { name: 'APP' }));
    expect(ticked()).toEqual(['APP', '邮件']);
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    fireEvent.click(await screen.findByRole('button', { name: '确认' }, { timeout: 10_000 }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect((bodies[0] as { channels: string[] }).channels).toEqual(['app', 'email']);
  });
});
