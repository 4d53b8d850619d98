import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DeliveryReport } from '@contract/message';
import type { MyPreferences } from '@contract/my';
import { formatDate } from '@/lib/format';
import { toast } from '@/ui/feedback';
import { INSTANCE, LEAVE, runningLeave } from '../support/flow-fixtures';
import { flowClient, renderDetail, serveFlow } from '../support/flow-pages';

// Issue 30.5 / 30.4: 催办 asks how to remind (ticked as in 我的 → 提醒方式), sends exactly what is ticked, and then
// tells its sender how each channel went.
const MESSAGE = '66666666-6666-4666-8666-666666666666';
const running = runningLeave(LEAVE, {
  myTaskId: null,
  version: 2,
  abilities: { approve: false, reject: false, urge: true },
});

const SHOWN_AT = '2026-01-05T01:41:03.000Z';

afterEach(() => toast.clear());

function serve(reports: DeliveryReport[], chosen: MyPreferences['reminderChannels']) {
  const sent: { url: string; body: unknown }[] = [];
  let asked = 0;
  serveFlow((config) => {
    const url = config.url ?? '';
    if (config.method !== 'get') {
      sent.push({ url, body: JSON.parse(String(config.data)) });
      return { instanceId: INSTANCE, messageId: MESSAGE, notified: ['u2'] };
    }
    if (url === `/api/message/${MESSAGE}/deliveries`) return reports[Math.min(asked++, reports.length - 1)];
    if (url === '/api/my/preferences') return { reminderChannels: chosen, opinionPhrases: [] } satisfies MyPreferences;
    return running;
  });
  return { sent, asked: () => asked };
}

function renderStartDetail() {
  renderDetail(flowClient(running, { mobileTip: 'app,sms,email', queries: { staleTime: Infinity } }), 'start');
}

const checked = (sheet: HTMLElement) =>
  within(sheet)
    .getAllByRole('checkbox')
    .filter((c) => (c as HTMLInputElement).checked)
    .map((c) => c.parentElement!.textContent);

describe('催办 on the applicant detail', () => {
  it('opens the reminder selector ticked as in 我的 → 提醒方式 and sends exactly the ticked channels', async () => {
    const { sent } = serve(
      [
        {
          summary: 'APP 已送达 1 人',
          channels: [{ channel: 'app', label: 'APP', state: 'sent', pending: 0, failed: 0, reason: null }],
          people: [],
        },
      ],
      ['app', 'email'],
    );
    renderStartDetail();
    fireEvent.click(await screen.findByRole('button', { name: '催办' }));
    const sheet = await screen.findByRole('dialog', { name: '催办' });
    // nothing goes out before the user confirms
    expect(sent).toEqual([]);
    await waitFor(() => expect(checked(sheet)).toEqual(['APP', '邮件']));
    fireEvent.click(within(sheet).getByRole('checkbox', { name: '邮件' }));
    fireEvent.click(within(sheet).getByRole('button', { name: '发送催办' }));
    await waitFor(() =>
      expect(sent).toEqual([{ url: `/api/flow/instances/${INSTANCE}/urge`, body: { channels: ['app'], opinion: '' } }]),
    );
  });

  it('may ask for every ticked channel at once instead of one after another', async () => {
    const server = serve([], ['app', 'sms']);
    renderStartDetail();
    fireEvent.click(await screen.findByRole('button', { name: '催办' }));
    const sheet = await screen.findByRole('dialog', { name: '催办' });
    await waitFor(() => expect(checked(sheet)).toEqual(['APP', '短信']));
    fireEvent.click(within(sheet).getByText(/同时发送所有渠道/));
    fireEvent.click(within(sheet).getByRole('button', { name: '发送催办' }));
    await waitFor(() =>
      expect(server.sent[0]?.body).toEqual({ channels: ['app', 'sms'], opinion: '', allAtOnce: true }),
    );
  });

  it('with nothing ticked 发送催办 cannot be tapped', async () => {
    const { sent } = serve([], []);
    renderStartDetail();
    fireEvent.click(await screen.findByRole('button', { name: '催办' }));
    const sheet = await screen.findByRole('dialog', { name: '催办' });
    await waitFor(() => expect(within(sheet).getByText('请选择提醒方式')).toBeTruthy());
    expect((within(sheet).getByRole('button', { name: '发送催办' }) as HTMLButtonElement).disabled).toBe(true);
    expect(sent).toEqual([]);
  });

  it('then shows its sender how each channel went, asking again while one is still sending', async () => {
    const sending: DeliveryReport = {
      summary: 'APP 已送达 1 人；邮件 发送中',
      channels: [
        { channel: 'app', label: 'APP', state: 'sent', pending: 0, failed: 0, reason: null },
        { channel: 'email', label: '邮件', state: 'sending', pending: 1, failed: 0, reason: null },
      ],
      people: [],
    };
    const done: DeliveryReport = {
      summary: 'APP 已送达 1 人；已发出 邮件；短信 未发送（未配置）',
      channels: [
        { channel: 'app', label: 'APP', state: 'sent', pending: 0, failed: 0, reason: null },
        { channel: 'email', label: '邮件', state: 'sent', pending: 0, failed: 0, reason: null },
        { channel: 'sms', label: '短信', state: 'unavailable', pending: 0, failed: 0, reason: '未配置' },
      ],
      people: [
        {
          receiverId: 'u2',
          name: '李四',
          channels: [
            { channel: 'app', label: 'APP', state: 'shown', at: SHOWN_AT, text: '已送达 09:41:03' },
            { channel: 'email', label: '邮件', state: 'handed', at: SHOWN_AT, text: '已发出 09:41' },
            { channel: 'sms', label: '短信', state: 'unavailable', at: null, text: '未配置' },
          ],
        },
      ],
    };
    const server = serve([sending, done], null);
    renderStartDetail();
    fireEvent.click(await screen.findByRole('button', { name: '催办' }));
    const sheet = await screen.findByRole('dialog', { name: '催办' });
    await waitFor(() => expect(checked(sheet)).toEqual(['APP', '短信', '邮件']));
    fireEvent.click(within(sheet).getByRole('button', { name: '发送催办' }));
    await waitFor(() => expect(server.sent[0]?.body).toEqual({ channels: ['app', 'sms', 'email'], opinion: '' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: '催办结果' }).textContent).toBe('催办：APP 已送达 1 人；邮件 发送中'),
    );
    await waitFor(
      () =>
        expect(screen.getByRole('status', { name: '催办结果' }).textContent).toBe(
          '催办：APP 已送达 1 人；已发出 邮件；短信 未发送（未配置）',
        ),
      { timeout: 5000 },
    );
    // per person, in this device's zone: a receipt is 已送达 with its second, a provider's acceptance only 已发出
    expect(screen.getByRole('list', { name: '催办明细' }).textContent).toBe(
      `李四APP 已送达 ${formatDate(SHOWN_AT, 'HH:mm:ss')}，邮件 已发出 ${formatDate(SHOWN_AT, 'HH:mm')}，短信 未配置`,
    );
    // no channel is sending any more: it stops asking. An absence: one poll interval (REPORT_POLL_MS, 1 s) and a half
    // is the shortest wait in which a poll that had not stopped would show
    const asked = server.asked();
    await new Promise((r) => setTimeout(r, 1500));
    expect(server.asked()).toBe(asked);
  });
});
