import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CurrentUserData } from '@contract/auth';

const transfer = vi.hoisted(() => ({ download: vi.fn(async () => undefined) }));
vi.mock('@/api/transfer', () => transfer);
// the viewers load the file's bytes: here they never arrive, so what is asserted is the popup's own frame
vi.mock('@/components/file-preview/preview-source', () => ({ loadPreviewFile: () => new Promise(() => undefined) }));

import { FilePreviewPopup } from '@/app/file-preview-popup';
import { filePreviewStore, previewFile } from '@/components/file-preview/preview-store';
import { setUid } from '@/lib/uid-store';
import { sessionKeys } from '@/session/current-user-query';

const viewer = {
  userVo: { id: 'u1', username: 'zhangsan', realName: '张三', avatar: null, mobile: null, email: null },
  orgFullName: '行政办公室',
  roles: ['staff'],
  permissions: [],
} as unknown as CurrentUserData;

function renderPopup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  // the watermark names the viewer: the session's user is in the cache, as after login, so nothing is fetched
  client.setQueryData(sessionKeys.currentUser('token-1'), viewer);
  return render(
    <QueryClientProvider client={client}>
      <FilePreviewPopup />
    </QueryClientProvider>,
  );
}

beforeEach(() => setUid('token-1'));
afterEach(() => {
  act(() => filePreviewStore.set(null));
  setUid(null);
  vi.clearAllMocks();
});

describe('file preview popup', () => {
  it('shows nothing until a file is previewed', () => {
    renderPopup();
    expect(screen.queryByText('关闭')).toBeNull();
  });

  it('opens a document under its name in the app (no frame with a session token) and downloads it under its name', async () => {
    renderPopup();
    act(() => previewFile({ fileName: 'key 1', name: '制度.pdf' }));
    expect(await screen.findByRole('dialog', { name: '预览 制度.pdf' })).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
    expect(document.body.innerHTML).not.toContain('token-1');
    fireEvent.click(screen.getByText('下载'));
    expect(transfer.download).toHaveBeenCalledWith(
      '/api/form/common/api/downloadFile',
      { fileName: 'key 1' },
      '制度.pdf',
    );
  });

  it('closes on 关闭', () => {
    renderPopup();
    act(() => previewFile({ fileName: 'k', name: 'a.pdf' }));
    fireEvent.click(screen.getByText('关闭'));
    expect(filePreviewStore.get()).toBeNull();
  });
});
