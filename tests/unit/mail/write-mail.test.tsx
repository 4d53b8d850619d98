import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AxiosAdapter, AxiosProgressEvent, InternalAxiosRequestConfig } from 'axios';
import { http } from '@/api/http';
import { useSaveDraft, useSendMail } from '@/features/mail/api/write-mail';
import { configureOutbox } from '@/offline/outbox-config';
import { httpSender } from '@/offline/http-sender';
import { listOutbox } from '@/offline/outbox';
import { replayOutbox } from '@/offline/replay';
import { clearOutbox } from '../offline/outbox-harness';

vi.mock('@/ui/feedback', () => ({
  toast: { fail: vi.fn(), info: vi.fn(), success: vi.fn(), clear: vi.fn() },
  dialog: { alert: vi.fn(async () => undefined), confirm: vi.fn(async () => true) },
}));

// The mail's write path is real (hook → outbox → uploader → axios instance with its interceptors); only the network
// under axios is scripted: the file service stores each file, the mail service answers the mail's id.
let requests: { url: string; key?: string; data: unknown }[] = [];
const state = { online: true };

beforeEach(() => {
  requests = [];
  state.online = true;
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    requests.push({
      url: config.url ?? '',
      key: config.headers.get('Idempotency-Key') as string | undefined,
      data: config.data,
    });
    let data: unknown = { id: 'mail-1' };
    if (config.url === '/api/form/common/file/upload') {
      const file = (config.data as FormData).get('file') as File;
      config.onUploadProgress?.({ loaded: file.size / 2, total: file.size } as AxiosProgressEvent);
      config.onUploadProgress?.({ loaded: file.size, total: file.size } as AxiosProgressEvent);
      data = [{ fileName: `stored-${file.name}`, attachName: file.name, size: file.size, mime: file.type }];
    }
    return { status: 200, statusText: 'OK', data: { code: 200, msg: '', data }, headers: {}, config, request: {} };
  }) as AxiosAdapter;
  configureOutbox({ send: httpSender, upload: undefined, getUserKey: () => 'user-1', isOnline: () => state.online });
});
afterEach(clearOutbox);

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      {children}
    </QueryClientProvider>
  );
}

const forwarded = { fileName: 'stored-earlier', attachName: '原附件.pdf', size: 3, mime: 'application/pdf' };
const body = {
  to: ['u2'],
  cc: [],
  bcc: [],
  subject: '周报',
  bodyHtml: '<p>见附件</p>',
  priority: 'normal' as const,
  receipt: false,
  attachments: [forwarded],
};
const report = () => new File(['第一季度数据'], '季度报表.txt', { type: 'text/plain' });
const sentMail = () => requests.find((r) => r.url === '/api/mail/messages')!;
const sentAttachments = () =>
  (JSON.parse(String(sentMail().data)) as { attachments: Array<{ fileName: string }> }).attachments.map(
    (a) => a.fileName,
  );

describe('a mail attachment takes one route', () => {
  it('online: the held file is uploaded with progress, then the mail goes out once with its record', async () => {
    const { result } = renderHook(() => useSendMail(), { wrapper });
    const progress: number[] = [];
    const answer = await act(() =>
      result.current.mutateAsync({ body, files: [report()], onUploadProgress: (p) => progress.push(p) }),
    );
    expect(answer).toEqual({ queued: false, data: { id: 'mail-1' } });
    expect(requests.map((r) => r.url)).toEqual(['/api/form/common/file/upload', '/api/mail/messages']);
    expect(progress).toEqual([50, 100]);
    expect(sentMail().key).toMatch(/\S{16,}/);
    expect(sentAttachments()).toEqual(['stored-earlier', 'stored-季度报表.txt']);
  });

  it('offline: the same file waits with the mail and goes up, through the same uploader, when the network returns', async () => {
    state.online = false;
    const { result } = renderHook(() => useSendMail(), { wrapper });
    const answer = await act(() => result.current.mutateAsync({ body, files: [report()] }));
    expect(answer.queued).toBe(true);
    expect(requests).toEqual([]);
    expect((await listOutbox())[0]!.files.map((f) => f.name)).toEqual(['季度报表.txt']);
    state.online = true;
    await replayOutbox();
    expect(requests.map((r) => r.url)).toEqual(['/api/form/common/file/upload', '/api/mail/messages']);
    expect(sentAttachments()).toEqual(['stored-earlier', 'stored-季度报表.txt']);
    expect(await listOutbox()).toEqual([]);
  });

  it('a draft save uploads the held file the same way and answers the attachments as saved', async () => {
    const { result } = renderHook(() => useSaveDraft(), { wrapper });
    const saved = await act(() => result.current.mutateAsync({ body, files: [report()], quiet: true }));
    expect(saved.id).toBe('mail-1');
    expect(saved.attachments.map((a) => a.fileName)).toEqual(['stored-earlier', 'stored-季度报表.txt']);
    expect(JSON.parse(String(sentMail().data))).toMatchObject({ send: false });
    expect(sentAttachments()).toEqual(['stored-earlier', 'stored-季度报表.txt']);
    expect(await listOutbox()).toEqual([]);
  });
});
