import { afterEach, describe, expect, it } from 'vitest';
import { createStore, set } from 'idb-keyval';
import { clearOutbox, fakeNetwork, loadOutbox } from './outbox-harness';

afterEach(clearOutbox);

/*
 * Entries as the previous version stored them in IndexedDB (two shapes: a plain write without `files`; a write with
 * files, which after its uploads was stored again as a plain write with their records in its body). A phone that
 * updates with writes still queued must send them all, once, as the old version would have.
 */
const common = {
  userKey: 'user-1',
  label: '旧版本排队',
  invalidate: [],
  createdAt: 1,
  attempts: 0,
  nextAttemptAt: 0,
  status: 'pending',
};
const bytes = (text: string) => new TextEncoder().encode(text).buffer;
const earlier = { fileName: 'stored-earlier', attachName: '早先上传.pdf', size: 3, mime: 'application/pdf' };

const oldPlain = {
  ...common,
  id: 'old-1',
  seq: 1,
  method: 'POST',
  url: '/api/message/m1/read',
  idempotencyKey: 'key-1',
};
const oldWithFiles = {
  ...common,
  id: 'old-2',
  seq: 2,
  method: 'POST',
  url: '/api/mail/messages',
  idempotencyKey: 'key-2',
  body: { subject: '旧版本的邮件', attachments: [earlier], send: true },
  files: [
    // uploaded before the app was updated: its record is kept, the bytes were dropped
    {
      field: 'attachments',
      name: '已上传.txt',
      type: 'text/plain',
      size: 4,
      uploaded: [{ fileName: 'stored-a', attachName: '已上传.txt', size: 4, mime: 'text/plain' }],
    },
    { field: 'attachments', name: '待上传.txt', type: 'text/plain', size: 9, bytes: bytes('待上传') },
  ],
};
// a write with files whose uploads were done: the old version had put their records into its body and dropped `files`
const oldUploaded = {
  ...common,
  id: 'old-3',
  seq: 3,
  method: 'POST',
  url: '/api/mail/messages',
  idempotencyKey: 'key-3',
  body: { subject: '已上传完', attachments: [earlier], send: true },
};

async function storeOld(...entries: object[]) {
  const store = createStore('oa-outbox', 'entries');
  for (const entry of entries) await set((entry as { id: string }).id, entry, store);
}

describe('outbox entries stored by the previous version', () => {
  it('are read as the one entry shape: a plain write has no files, a write with files keeps what it held', async () => {
    await storeOld(oldPlain, oldWithFiles, oldUploaded);
    const box = await loadOutbox(fakeNetwork());
    const entries = await box.listOutbox();
    expect(entries.map((e) => [e.id, e.files.length])).toEqual([
      ['old-1', 0],
      ['old-2', 2],
      ['old-3', 0],
    ]);
    expect(await box.readEntry('old-1')).toMatchObject({ files: [] });
  });

  it('are all sent once after the update, in order: only the file not uploaded yet goes up, each record lands in the body', async () => {
    await storeOld(oldPlain, oldWithFiles, oldUploaded);
    const net = fakeNetwork();
    const box = await loadOutbox(net);
    await box.replayOutbox();
    expect(net.uploads).toEqual([{ name: '待上传.txt', type: 'text/plain', text: '待上传' }]);
    expect(net.sent.map((r) => [r.url, r.idempotencyKey])).toEqual([
      ['/api/message/m1/read', 'key-1'],
      ['/api/mail/messages', 'key-2'],
      ['/api/mail/messages', 'key-3'],
    ]);
    expect(
      (net.sent[1]!.body as { attachments: Array<{ fileName: string }> }).attachments.map((a) => a.fileName),
    ).toEqual(['stored-earlier', 'stored-a', 'stored-1']);
    expect(net.sent[2]!.body).toEqual(oldUploaded.body);
    expect(await box.listOutbox()).toEqual([]);
  });

  it('a new write queued behind them waits its turn and is stored in the one shape', async () => {
    await storeOld(oldPlain);
    const net = fakeNetwork();
    net.state.online = false;
    const box = await loadOutbox(net);
    await box.sendOrQueue({ method: 'POST', url: '/api/message/m2/read', label: '标记已读' });
    const [, added] = await box.listOutbox();
    expect(added).toMatchObject({ seq: 2, files: [] });
    net.state.online = true;
    await box.replayOutbox();
    expect(net.sent.map((r) => r.url)).toEqual(['/api/message/m1/read', '/api/message/m2/read']);
  });
});
