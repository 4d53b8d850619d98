import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { UploadedFile } from '@contract/files';
import { AttachmentPicker } from '@/features/mail/components/attachment-picker';
import { PendingMail } from '@/features/mail/components/pending-mail';
import { configureOutbox } from '@/offline/outbox-config';
import { toast } from '@/ui/feedback';
import { sendOrQueue } from '@/offline/outbox';
import { replayOutbox } from '@/offline/replay';
import { clearOutbox } from '../offline/outbox-harness';

afterEach(async () => {
  toast.clear();
  act(() => onlineManager.setOnline(true));
  await clearOutbox();
});

/** A client that already knows the site config (upload limit 1 MB) and never refetches it. */
function client() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(['upms', 'site-config'], {
    webName: '',
    tenantId: '',
    tipConfig: { mobileTip: '' },
    upload: { maxSizeMb: 1, accept: '*' },
    watermark: false,
  });
  return queryClient;
}

function Picker({ seen }: { seen: { held: File[] } }) {
  const [value, setValue] = useState<UploadedFile[]>([]);
  const [held, setHeld] = useState<File[]>([]);
  seen.held = held;
  return <AttachmentPicker value={value} onChange={setValue} held={held} onHeldChange={setHeld} progress={null} />;
}

describe('compose offline: attachments', () => {
  it('holds a file added offline on the phone, and refuses one over the server limit naming it', async () => {
    act(() => onlineManager.setOnline(false));
    const seen = { held: [] as File[] };
    render(
      <QueryClientProvider client={client()}>
        <Picker seen={seen} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('离线时附件先存在手机上，发送后联网自动上传')).toBeTruthy();
    const input = screen.getByLabelText('添加附件');
    await userEvent.upload(input, new File(['巡检记录'], '巡检.txt', { type: 'text/plain' }));
    expect(await screen.findByText('巡检.txt')).toBeTruthy();
    expect(screen.getByText(/联网后上传/)).toBeTruthy();
    expect(seen.held.map((f) => f.name)).toEqual(['巡检.txt']);

    await userEvent.upload(input, new File([new Uint8Array(1024 * 1024 + 1)], '录像.mp4', { type: 'video/mp4' }));
    // the first toast loads antd-mobile's Toast on demand (slow on a busy machine: this is no speed check)
    expect(
      await screen.findByText('附件「录像.mp4」不能上传：文件大小不能超过1MB', undefined, { timeout: 20_000 }),
    ).toBeTruthy();
    expect(seen.held.map((f) => f.name)).toEqual(['巡检.txt']);

    await userEvent.click(screen.getByRole('button', { name: '删除' }));
    expect(screen.queryByText('巡检.txt')).toBeNull();
    expect(seen.held).toEqual([]);
  }, 40_000);

  it('holds a file picked online the same way: nothing is uploaded until the mail is sent or saved', async () => {
    const seen = { held: [] as File[] };
    render(
      <QueryClientProvider client={client()}>
        <Picker seen={seen} />
      </QueryClientProvider>,
    );
    expect(screen.queryByText('离线时附件先存在手机上，发送后联网自动上传')).toBeNull();
    await userEvent.upload(
      screen.getByLabelText('添加附件'),
      new File(['会议纪要'], '纪要.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByText(/发送时上传/)).toBeTruthy();
    expect(seen.held.map((f) => f.name)).toEqual(['纪要.txt']);
    expect(screen.getByText('＋ 添加附件')).toBeTruthy();
  });

  it('lists a queued mail under 待发送 with its attachments, and names the file when its upload is refused', async () => {
    const state = { online: false };
    configureOutbox({
      getUserKey: () => 'user-1',
      isOnline: () => state.online,
      send: async () => null,
      upload: () => Promise.reject(Object.assign(new Error('文件大小不能超过50MB'), { kind: 'http', status: 413 })),
    });
    render(
      <QueryClientProvider client={client()}>
        <PendingMail />
      </QueryClientProvider>,
    );
    const earlier = { fileName: 'k1', attachName: '早先上传.pdf', size: 3, mime: 'application/pdf' };
    await sendOrQueue(
      {
        method: 'POST',
        url: '/api/mail/messages',
        body: { subject: '周报', attachments: [earlier] },
        label: '发送邮件「周报」',
      },
      { files: [{ field: 'attachments', blob: new File(['数据'], '数据.xlsx') }] },
    );
    const region = await screen.findByRole('region', { name: '待发送' });
    expect(region.textContent).toContain('「周报」');
    expect(region.textContent).toContain('附件：早先上传.pdf、数据.xlsx');
    expect(region.textContent).toContain('等待发送');

    state.online = true;
    await act(() => replayOutbox());
    expect(await screen.findByText('附件「数据.xlsx」上传失败：文件大小不能超过50MB')).toBeTruthy();
  });
});
