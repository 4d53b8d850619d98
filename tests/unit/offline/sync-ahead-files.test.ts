import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepFilesWithin } from '@/offline/sync-ahead/keep-files';
import { stubFileCache } from '../support/file-cache-stub';

afterEach(() => vi.unstubAllGlobals());

/** The server's files: each address answers its own bytes; every request is counted. */
function server(files: Record<string, string>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (address: string) => {
      asked.push(address);
      return address in files ? new Response(files[address]) : new Response('{"msg":"文件不存在"}', { status: 404 });
    }),
  );
  return asked;
}

const live = () => new AbortController().signal;

describe('keeping files ahead within the budget', () => {
  it('keeps the newest items’ files, drops the oldest that do not fit and those no longer wanted', async () => {
    const store = stubFileCache({ '/handled': 'old bytes' });
    const asked = server({ '/new': '1234', '/mid': '5678', '/old': '9abc' });
    const kept = await keepFilesWithin(
      [
        { address: '/old', at: 1, group: '待办' },
        { address: '/new', at: 3, group: '待办' },
        { address: '/mid', at: 2, group: '待阅' },
      ],
      10,
      { '/handled': { size: 9, at: 0, group: '待办' } },
      live(),
    );
    expect(kept).toEqual({
      '/new': { size: 4, at: 3, group: '待办' },
      '/mid': { size: 4, at: 2, group: '待阅' },
    });
    expect([...store.keys()].sort()).toEqual(['/mid', '/new']);
    expect(asked).toEqual(['/new', '/mid', '/old']);
    expect(await (await store.get('/new'))!.text()).toBe('1234');
  });

  it('does not fetch a file kept already, nor one the server says is over the size it is given', async () => {
    stubFileCache({ '/kept': 'abc' });
    const asked = server({ '/kept': 'abc', '/big': 'x' });
    const kept = await keepFilesWithin(
      [
        { address: '/kept', at: 2, group: '邮件' },
        { address: '/big', at: 1, group: '邮件', size: 50 },
      ],
      20,
      {},
      live(),
    );
    expect(kept).toEqual({ '/kept': { size: 3, at: 2, group: '邮件' } });
    expect(asked).toEqual([]);
  });

  it('skips a file the server refuses and keeps the rest', async () => {
    const store = stubFileCache();
    server({ '/ok': 'fine' });
    const kept = await keepFilesWithin(
      [
        { address: '/gone', at: 2, group: '待办' },
        { address: '/ok', at: 1, group: '待办' },
      ],
      100,
      {},
      live(),
    );
    expect(Object.keys(kept)).toEqual(['/ok']);
    expect([...store.keys()]).toEqual(['/ok']);
  });
});
