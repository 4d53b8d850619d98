import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';

const transfer = vi.hoisted(() => ({ download: vi.fn(async () => undefined) }));
vi.mock('@/api/transfer', () => transfer);
const tickets = vi.hoisted(() => ({ issued: [] as unknown[] }));
vi.mock('@/api/http', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/api/http')>();
  // the ticket call answers like the server: a signed value for the asked path
  actual.http.defaults.adapter = async (config) => {
    tickets.issued.push(JSON.parse(String(config.data)));
    return { status: 200, statusText: 'OK', headers: {}, config, data: { code: 200, msg: '', data: 'signed.ticket' } };
  };
  return actual;
});

import { FilePreviewPopup } from '@/app/file-preview-popup';
import { previewFile } from '@/api/http';
import { filePreviewStore } from '@/api/file-preview-store';
import { setUid } from '@/lib/uid-store';

beforeEach(() => setUid('token-1'));
afterEach(() => {
  act(() => filePreviewStore.set(null));
  setUid(null);
  vi.clearAllMocks();
});

describe('file preview popup', () => {
  it('shows nothing until a file is previewed', () => {
    render(<FilePreviewPopup />);
    expect(screen.queryByText('关闭')).toBeNull();
  });

  it('frames a document from the preview route with a ticket for that route, never the session token, and downloads it under its name', async () => {
    render(<FilePreviewPopup />);
    act(() => previewFile({ fileName: 'key 1', name: '制度.pdf' }));
    expect(screen.getByText('制度.pdf')).toBeTruthy();
    const frame = (await screen.findByTitle('制度.pdf')) as HTMLIFrameElement;
    const src = new URL(frame.getAttribute('src') ?? '', 'http://x');
    expect(src.pathname).toBe('/api/form/common/api/preview');
    expect(src.searchParams.get('fileName')).toBe('key 1');
    expect(src.searchParams.get('ticket')).toBe('signed.ticket');
    expect(tickets.issued).toContainEqual({ path: '/api/form/common/api/preview' });
    expect(src.searchParams.has('uid')).toBe(false);
    expect(frame.getAttribute('src')).not.toContain('token-1');
    fireEvent.click(screen.getByText('下载'));
    expect(transfer.download).toHaveBeenCalledWith('/api/form/common/api/downloadFile', { fileName: 'key 1' }, '制度.pdf');
  });

  it('shows an image inline and accepts a ready address', async () => {
    render(<FilePreviewPopup />);
    act(() => previewFile({ url: '/files/photo.png', name: '现场.png' }));
    const image = (await screen.findByAltText('现场.png')) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/files/photo.png');
  });

  it('closes on 关闭', () => {
    render(<FilePreviewPopup />);
    act(() => previewFile({ fileName: 'k', name: 'a.pdf' }));
    fireEvent.click(screen.getByText('关闭'));
    expect(filePreviewStore.get()).toBeNull();
  });
});
