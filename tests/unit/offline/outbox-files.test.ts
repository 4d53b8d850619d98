import { afterEach, describe, expect, it } from 'vitest';
import type { WriteFile } from '@/offline/outbox';
import { SESSION_KEYS } from '@/lib/local-keys';
import {
  announceUploadLimit,
  clearOutbox,
  conflict,
  entryOf,
  fakeNetwork,
  loadOutbox,
  networkDown,
} from './outbox-harness';

afterEach(async () => {
  localStorage.removeItem(SESSION_KEYS.siteConfig);
  await clearOutbox();
});

const earlier = { fileName: 'stored-earlier', attachName: '早先上传.pdf', size: 3, mime: 'application/pdf' };
const report = () => new File(['第一季度数据\n'], '季度报表.txt', { type: 'text/plain' });

/** A mail with one attachment already on the server (a forwarded one) and one file the outbox must upload. */
const mail = (subject: string) => ({
  method: 'POST' as const,
  url: '/api/mail/messages',
  body: { subject, attachments: [earlier], send: true },
  label: `发送邮件「${subject}」`,
});
const withFile = (file: Blob = report()): { files: WriteFile[] } => ({ files: [{ field: 'attachments', blob: file }] });
const read = (id: string) => ({ method: 'POST' as const, url: `/api/message/${id}/read`, label: '标记已读' });
const tooLarge = () =>
  Promise.reject(Object.assign(new Error('文件大小不能超过50MB'), { kind: 'http', status: 413, code: 413 }));

describe('outbox writes with files', () => {
  it('keeps the file in IndexedDB while offline; after a restart it uploads it first, then sends the write once with the upload in place', async () => {
    const net = fakeNetwork();
    net.state.online = false;
    const before = await loadOutbox(net);
    const result = await before.sendOrQueue(mail('离线周报'), withFile());
    expect(result.queued).toBe(true);
    const [waiting] = await before.listOutbox();
    expect(waiting!.files).toEqual([
      expect.objectContaining({ field: 'attachments', name: '季度报表.txt', type: 'text/plain', size: report().size }),
    ]);
    expect(net.uploads).toHaveLength(0);
    expect(net.sent).toHaveLength(0);

    // the page was reloaded: the bytes come back out of IndexedDB
    const after = await loadOutbox(net);
    net.state.online = true;
    await after.replayOutbox();
    expect(net.uploads).toEqual([{ name: '季度报表.txt', type: 'text/plain', text: '第一季度数据\n' }]);
    expect(net.sent).toHaveLength(1);
    expect(net.sent[0]!.idempotencyKey).toBe(waiting!.idempotencyKey);
    expect(net.sent[0]!.body).toEqual({
      subject: '离线周报',
      send: true,
      attachments: [
        earlier,
        { fileName: 'stored-1', attachName: '季度报表.txt', size: report().size, mime: 'text/plain' },
      ],
    });
    expect(await after.listOutbox()).toEqual([]);
  });

  it('keeps the write queued when the upload fails on the network, with back-off, and nothing behind it overtakes', async () => {
    const net = fakeNetwork();
    net.state.online = false;
    const box = await loadOutbox(net);
    await box.sendOrQueue(mail('地铁里写的'), withFile());
    await box.sendOrQueue(read('m2'));
    net.state.online = true;
    net.uploadAnswers.push(networkDown);
    await box.replayOutbox();
    expect(net.sent).toHaveLength(0);
    const [head] = await box.listOutbox();
    expect(head).toMatchObject({ status: 'pending', attempts: 1, error: '附件「季度报表.txt」上传失败：网络异常' });
    expect(head!.nextAttemptAt).toBeGreaterThan(Date.now());
    expect(head!.files[0]!.uploaded).toBeUndefined();

    await box.replayOutbox({ force: true });
    expect(net.uploads).toHaveLength(2);
    expect(net.sent.map((r) => r.url)).toEqual(['/api/mail/messages', '/api/message/m2/read']);
    expect(await box.listOutbox()).toEqual([]);
  });

  it('does not upload a file twice when the write after its upload fails: the retry sends the same key with the stored upload', async () => {
    const net = fakeNetwork();
    net.state.online = false;
    const box = await loadOutbox(net);
    await box.sendOrQueue(mail('只上传一次'), withFile());
    net.state.online = true;
    net.answers.push(networkDown);
    await box.replayOutbox();
    const [head] = await box.listOutbox();
    expect(head).toMatchObject({ status: 'pending', attempts: 1 });
    // once uploaded, the entry keeps the upload's record in place of the bytes; the body it was given stays as it was
    expect(head!.files.map((f) => [f.name, f.uploaded, f.bytes])).toEqual([
      ['季度报表.txt', [expect.objectContaining({ fileName: 'stored-1' })], undefined],
    ]);
    expect(head!.body).toEqual({ subject: '只上传一次', attachments: [earlier], send: true });
    expect((net.sent[0]!.body as { attachments: unknown[] }).attachments).toEqual([
      earlier,
      expect.objectContaining({ fileName: 'stored-1' }),
    ]);

    await box.replayOutbox({ force: true });
    expect(net.uploads).toHaveLength(1);
    expect(net.sent).toHaveLength(2);
    expect(net.sent[1]!.idempotencyKey).toBe(net.sent[0]!.idempotencyKey);
    expect(net.sent[1]!.body).toEqual(net.sent[0]!.body);
    expect(await box.listOutbox()).toEqual([]);
  });

  it('with two files, keeps the first one uploaded when the second fails on the network, and uploads only the second next time', async () => {
    const net = fakeNetwork();
    net.state.online = false;
    const box = await loadOutbox(net);
    const second = new File(['照片'], '现场.jpg', { type: 'image/jpeg' });
    await box.sendOrQueue(mail('两个附件'), {
      files: [
        { field: 'attachments', blob: report() },
        { field: 'attachments', blob: second },
      ],
    });
    net.state.online = true;
    net.uploadAnswers.push(
      () => Promise.resolve([{ fileName: 'stored-a', attachName: '季度报表.txt', size: 1, mime: 'text/plain' }]),
      networkDown,
    );
    await box.replayOutbox();
    const [head] = await box.listOutbox();
    expect(head).toMatchObject({ status: 'pending', attempts: 1, error: '附件「现场.jpg」上传失败：网络异常' });
    expect(head!.files.map((f) => [f.name, f.uploaded !== undefined, f.bytes !== undefined])).toEqual([
      ['季度报表.txt', true, false],
      ['现场.jpg', false, true],
    ]);
    expect(net.sent).toHaveLength(0);

    // a new page (the app was restarted) goes on where it stopped
    const after = await loadOutbox(net);
    await after.replayOutbox({ force: true });
    expect(net.uploads.map((u) => u.name)).toEqual(['季度报表.txt', '现场.jpg', '现场.jpg']);
    expect(net.sent).toHaveLength(1);
    expect(
      (net.sent[0]!.body as { attachments: Array<{ fileName: string }> }).attachments.map((a) => a.fileName),
    ).toEqual(['stored-earlier', 'stored-a', 'stored-3']);
    expect(await after.listOutbox()).toEqual([]);
  });

  it('turns a refused upload into a failure the user is told about, naming the file, and goes on with the next write', async () => {
    const net = fakeNetwork();
    net.state.online = false;
    const box = await loadOutbox(net);
    const entry = entryOf(await box.sendOrQueue(mail('附件太大'), withFile()));
    await box.sendOrQueue(read('m2'));
    net.state.online = true;
    net.uploadAnswers.push(tooLarge);
    await box.replayOutbox();
    expect(net.sent.map((r) => r.url)).toEqual(['/api/message/m2/read']);
    const left = await box.listOutbox();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({
      id: entry.id,
      status: 'conflict',
      error: '附件「季度报表.txt」上传失败：文件大小不能超过50MB',
      label: '发送邮件「附件太大」',
    });
    // final until the user acts: another replay neither uploads nor sends it
    await box.replayOutbox({ force: true });
    expect(net.uploads).toHaveLength(1);
    expect(net.sent).toHaveLength(1);
  });

  it('refuses a file over the server limit (or an empty one) before anything is queued or sent', async () => {
    const net = fakeNetwork();
    const box = await loadOutbox(net);
    announceUploadLimit(1);
    const big = new File([new Uint8Array(1024 * 1024 + 1)], '录像.mp4', { type: 'video/mp4' });
    await expect(box.sendOrQueue(mail('大附件'), withFile(big))).rejects.toThrow(
      '附件「录像.mp4」不能上传：文件大小不能超过1MB',
    );
    net.state.online = false;
    await expect(box.sendOrQueue(mail('大附件'), withFile(big))).rejects.toThrow('文件大小不能超过1MB');
    await expect(box.sendOrQueue(mail('大附件'), withFile(big))).rejects.toThrow('文件大小不能超过1MB');
    await expect(box.sendOrQueue(mail('空附件'), withFile(new File([], '空.txt')))).rejects.toThrow(
      '附件「空.txt」不能上传：不能上传空文件',
    );
    expect(await box.listOutbox()).toEqual([]);
    expect(net.uploads).toHaveLength(0);
    expect(net.sent).toHaveLength(0);
    // at the limit it is fine
    await box.sendOrQueue(mail('刚好'), withFile(new File([new Uint8Array(1024 * 1024)], '刚好.bin')));
    expect(await box.listOutbox()).toHaveLength(1);
  });

  it('online, uploads the files and sends the write at once', async () => {
    const net = fakeNetwork();
    const box = await loadOutbox(net);
    const result = await box.sendOrQueue(mail('在线发送'), withFile());
    expect(result.queued).toBe(false);
    expect(net.uploads.map((u) => u.name)).toEqual(['季度报表.txt']);
    expect(net.sent).toHaveLength(1);
    expect((net.sent[0]!.body as { attachments: unknown[] }).attachments).toHaveLength(2);
    expect(await box.listOutbox()).toEqual([]);
  });

  it('online, throws a refused upload to the caller with the file name and queues nothing', async () => {
    const net = fakeNetwork();
    net.uploadAnswers.push(tooLarge);
    const box = await loadOutbox(net);
    await expect(box.sendOrQueue(mail('在线太大'), withFile())).rejects.toThrow(
      '附件「季度报表.txt」上传失败：文件大小不能超过50MB',
    );
    expect(net.sent).toHaveLength(0);
    expect(await box.listOutbox()).toEqual([]);
  });

  it('online, queues the write with its file when the upload fails on the network, and later sends it once', async () => {
    const net = fakeNetwork();
    net.uploadAnswers.push(networkDown);
    const box = await loadOutbox(net);
    const result = await box.sendOrQueue(mail('信号不好'), withFile());
    expect(result.queued).toBe(true);
    expect(net.sent).toHaveLength(0);
    await box.replayOutbox({ force: true });
    expect(net.uploads).toHaveLength(2);
    expect(net.uploads[1]!.text).toBe('第一季度数据\n');
    expect(net.sent).toHaveLength(1);
    expect(await box.listOutbox()).toEqual([]);
  });

  it('online, keeps what was uploaded when the send itself fails on the network', async () => {
    const net = fakeNetwork();
    net.answers.push(networkDown);
    const box = await loadOutbox(net);
    expect((await box.sendOrQueue(mail('发到一半'), withFile())).queued).toBe(true);
    await box.replayOutbox({ force: true });
    expect(net.uploads).toHaveLength(1);
    expect(net.sent).toHaveLength(2);
    expect(net.sent[1]!.idempotencyKey).toBe(net.sent[0]!.idempotencyKey);
    expect(net.sent[1]!.body).toEqual(net.sent[0]!.body);
  });

  it('a write queued behind a conflict with a file still replays its file (conflicts do not block)', async () => {
    const net = fakeNetwork();
    net.state.online = false;
    const box = await loadOutbox(net);
    await box.sendOrQueue({
      method: 'POST',
      url: '/api/flow/task/t1/approve',
      body: { opinion: '同意' },
      label: '审批通过',
    });
    await box.sendOrQueue(mail('排在后面'), withFile());
    net.state.online = true;
    net.answers.push(conflict('该任务已被他人处理'));
    await box.replayOutbox();
    expect(net.sent.map((r) => r.url)).toEqual(['/api/flow/task/t1/approve', '/api/mail/messages']);
    expect(net.uploads).toHaveLength(1);
  });
});

describe('the upload of a write sent now', () => {
  it('reports progress over all the bytes of its files, then sends', async () => {
    const net = fakeNetwork();
    const box = await loadOutbox(net);
    const progress: number[] = [];
    const twin = new File(['第二季度数据\n'], '第二季度.txt', { type: 'text/plain' });
    await box.sendOrQueue(mail('两个一样大'), {
      files: [
        { field: 'attachments', blob: report() },
        { field: 'attachments', blob: twin },
      ],
      onUploadProgress: (p) => progress.push(p),
    });
    expect(progress).toEqual([25, 50, 75, 100]);
    expect(net.sent).toHaveLength(1);
  });

  it('bodyWithUploads (a write that never queues, e.g. a mail draft) uses the same rule and the same uploader', async () => {
    const net = fakeNetwork();
    const box = await loadOutbox(net);
    announceUploadLimit(1);
    const big = new File([new Uint8Array(1024 * 1024 + 1)], '录像.mp4', { type: 'video/mp4' });
    await expect(box.bodyWithUploads({ attachments: [earlier] }, withFile(big).files)).rejects.toThrow(
      '附件「录像.mp4」不能上传：文件大小不能超过1MB',
    );
    expect(net.uploads).toHaveLength(0);
    const body = await box.bodyWithUploads({ subject: '草稿', attachments: [earlier] }, withFile().files);
    expect(body).toEqual({
      subject: '草稿',
      attachments: [earlier, expect.objectContaining({ fileName: 'stored-1', attachName: '季度报表.txt' })],
    });
    expect(await box.listOutbox()).toEqual([]);
  });
});
