import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchFile, storedFileUrl } from '@/api/http-file';
import { FILE_DOWNLOAD_PATH, keepFile, keptFile, storedFileAddress } from '@/lib/file-cache';
import { setUid } from '@/lib/uid-store';

afterEach(() => {
  setUid(null);
  vi.unstubAllGlobals();
});

describe('the file cache and the file call', () => {
  it('keys a stored file by path and encoded name, without the session', () => {
    setUid('token-1');
    expect(storedFileAddress('https://oa.example', FILE_DOWNLOAD_PATH, 'a b/制度.pdf')).toBe(
      'https://oa.example/api/form/common/api/downloadFile?fileName=a%20b%2F%E5%88%B6%E5%BA%A6.pdf',
    );
    expect(storedFileUrl(FILE_DOWNLOAD_PATH, 'k')).toBe('/api/form/common/api/downloadFile?fileName=k');
  });

  it('sends a stored file call with the session and the §7 headers, an outside address with none', async () => {
    setUid('token-1');
    const fetch = vi.fn(async () => new Response('bytes'));
    vi.stubGlobal('fetch', fetch);
    await fetchFile(storedFileUrl(FILE_DOWNLOAD_PATH, 'k'), true);
    await fetchFile('https://elsewhere.example/a.pdf', false);
    expect(fetch.mock.calls[0]).toEqual([
      '/api/form/common/api/downloadFile?fileName=k',
      { headers: expect.objectContaining({ uid: 'token-1', moduleCode: 'form', clientType: '2' }) },
    ]);
    expect(fetch.mock.calls[1]).toEqual(['https://elsewhere.example/a.pdf', {}]);
  });

  it('keeps and finds a copy in the one named cache', async () => {
    const store = new Map<string, Response>();
    const open = vi.fn(async () => ({
      match: async (key: string) => store.get(key),
      put: async (key: string, response: Response) => void store.set(key, response),
    }));
    vi.stubGlobal('caches', { open });
    await keepFile('/f?fileName=k', new Response('kept'));
    expect(await (await keptFile('/f?fileName=k'))?.text()).toBe('kept');
    expect(open).toHaveBeenCalledWith('oa-file-previews');
  });
});
