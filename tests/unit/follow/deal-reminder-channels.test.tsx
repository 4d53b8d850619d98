import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MyPreferences } from '@contract/my';
import { toast, dialog } from '@/ui/feedback';
import { LEAVE, runningLeave } from '../support/flow-fixtures';
import { flowClient, renderDealWith, sendThroughOutbox, serveFlow } from '../support/flow-pages';

// Issue 30.5: 同意 reminds the next handlers through exactly the channels its selector shows ticked.
const detail = runningLeave(LEAVE);

afterEach(async () => {
  toast.clear();
  dialog.clear();
  await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull(), { timeout: 5000 });
});

describe('同意 on 办理', () => {
  it('starts ticked as 我的 → 提醒方式 and sends exactly what is ticked when 确认ed', async () => {
    const bodies: unknown[] = [];
    serveFlow((config) => {
      if (config.method !== 'get') bodies.push(JSON.parse(String(config.data)));
      else if (config.url === '/api/my/preferences')
        return { reminderChannels: ['email'], opinionPhrases: [] } satisfies MyPreferences;
      else if (config.url?.includes('/instances/')) return detail;
      return null;
    });
    const queryClient = flowClient(detail, { mobileTip: 'app,sms,email' });
    sendThroughOutbox(queryClient, () => true);
    renderDealWith(queryClient);

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
