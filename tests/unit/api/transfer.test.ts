import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AxiosAdapter, AxiosProgressEvent, InternalAxiosRequestConfig } from 'axios';

const feedback = vi.hoisted(() => ({
  toast: { fail: vi.fn(), info: vi.fn(), success: vi.fn(), clear: vi.fn() },
  dialog: { alert: vi.fn(async () => undefined), confirm: vi.fn(async () => true) },
}));
vi.mock('@/ui/feedback', () => feedback);

import { http } from '@/api/http';
import { upload, download, fileNameFromDisposition } from '@/api/transfer';
import { pendingRequests } from '@/api/pending-requests';
import { setUid } from '@/lib/uid-store';

let seen: InternalAxiosRequestConfig[] = [];
let saved: { name: string; href: string }[] = [];

function reply(status: number, data: unknown, headers: Record<string, string> = {}): void {
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    seen.push(config);
    const response = { status, statusText: String(status), data, headers, config, request: {} };
    if (status < 300) return response;
    throw Object.assign(new Error(`Request failed with status code ${status}`), {
      isAxiosError: true,
      config,
      response,
    });
  }) as AxiosAdapter;
}

beforeEach(() => {
  seen = [];
  saved = [];
  vi.clearAllMocks();
  setUid('token-1');
  URL.createObjectURL = vi.fn(() => 'blob:saved');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  setUid(null);
});

describe('file name from Content-Disposition', () => {
  it('prefers the RFC 5987 UTF-8 name and falls back to the plain one', () => {
    expect(fileNameFromDisposition(`attachment; filename="a.pdf"; filename*=UTF-8''%E6%8A%A5%E5%91%8A.pdf`)).toBe(
      '报告.pdf',
    );
    expect(fileNameFromDisposition('attachment; filename="plain.txt"')).toBe('plain.txt');
    expect(fileNameFromDisposition(undefined)).toBeUndefined();
  });
});

describe('upload (spec §7)', () => {
  it('posts the file as multipart field `file` with extra fields, a 120 s timeout, and resolves to data', async () => {
    const stored = [{ fileName: 'k1', attachName: '合同.pdf', size: 3, mime: 'application/pdf' }];
    reply(200, { code: 200, msg: '上传成功', data: stored });
    const file = new File(['abc'], '合同.pdf', { type: 'application/pdf' });
    await expect(upload('/api/form/common/file/upload', file, { fields: { biz: 'flow' } })).resolves.toEqual(stored);
    const form = seen[0].data as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get('file') as File).name).toBe('合同.pdf');
    expect(form.get('biz')).toBe('flow');
    expect(seen[0].timeout).toBe(120_000);
    expect(seen[0].headers.get('uid')).toBe('token-1');
  });

  it('reports progress in percent and keeps the overlay away while the caller shows it', async () => {
    http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
      seen.push(config);
      expect(pendingRequests.get()).toBe(0);
      config.onUploadProgress?.({ loaded: 50, total: 200 } as AxiosProgressEvent);
      config.onUploadProgress?.({ loaded: 200, total: 200 } as AxiosProgressEvent);
      return {
        status: 200,
        statusText: 'OK',
        data: { code: 200, msg: '', data: [] },
        headers: {},
        config,
        request: {},
      };
    }) as AxiosAdapter;
    const progress: number[] = [];
    await upload('/api/form/common/file/upload', new Blob(['x']), { onProgress: (p) => progress.push(p) });
    expect(progress).toEqual([25, 100]);
  });

  it('shows the server message when the upload is refused', async () => {
    reply(413, { code: 413, msg: '文件大小不能超过20MB', data: null });
    await expect(upload('/api/form/common/file/upload', new Blob(['x']))).rejects.toMatchObject({
      message: '文件大小不能超过20MB',
    });
    expect(feedback.toast.fail).toHaveBeenCalledWith('文件大小不能超过20MB');
  });
});

describe('download (spec §7)', () => {
  it('fetches a blob with uid in header and query, 300 s timeout, and saves it under the server-given name', async () => {
    reply(200, new Blob(['pdf']), { 'content-disposition': `attachment; filename*=UTF-8''%E6%8A%A5%E5%91%8A.pdf` });
    await download('/api/form/common/api/downloadFile', { fileName: 'k1' });
    expect(seen[0].responseType).toBe('blob');
    expect(seen[0].timeout).toBe(300_000);
    expect(seen[0].headers.get('uid')).toBe('token-1');
    expect(seen[0].params).toEqual({ fileName: 'k1', uid: 'token-1' });
    expect(saved).toEqual([{ name: '报告.pdf', href: 'blob:saved' }]);
  });

  it('uses the name the caller gives', async () => {
    reply(200, new Blob(['pdf']), { 'content-disposition': 'attachment; filename="x.bin"' });
    await download('/api/form/common/api/downloadFile', { fileName: 'k1' }, '会议纪要.docx');
    expect(saved[0].name).toBe('会议纪要.docx');
  });

  it('shows the server message carried in a failed blob answer and saves nothing', async () => {
    const body = new Blob([JSON.stringify({ code: 415, msg: '该文件类型不支持', data: null })], {
      type: 'application/json',
    });
    reply(415, body);
    await expect(download('/api/form/common/api/downloadFile', { fileName: 'k1' })).rejects.toMatchObject({
      kind: 'http',
      message: '该文件类型不支持',
    });
    expect(feedback.toast.fail).toHaveBeenCalledWith('该文件类型不支持');
    expect(saved).toHaveLength(0);
  });
});
