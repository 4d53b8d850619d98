import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { UploadedFile } from '../../contract/files';
import { at, meetingClient, userId } from '../factories/meeting-client';
import { drivers, useServer } from './support/server';

// 会议材料 follow the meeting: its organiser and invitees read them, nobody else (not even by the file's name).
describe.each(drivers)('meeting materials on %s', (driver) => {
  const ctx = useServer(driver);
  const m = meetingClient(ctx);

  const upload = async (user: string) => {
    const data = new FormData();
    data.append('file', new Blob([`议程 ${randomUUID()}`]), '会议议程.txt');
    const answer = await (await m.as(user)).post<UploadedFile[]>('/api/form/common/file/upload', data);
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data[0]!;
  };
  const download = async (user: string, fileName: string) =>
    (
      await fetch(`${ctx.server.baseUrl}/api/form/common/api/downloadFile?fileName=${fileName}`, {
        headers: { uid: await ctx.uidOf(user) },
      })
    ).status;

  it('lists the uploaded materials on the meeting; invitees download them, outsiders get 404', async () => {
    const file = await upload('lisi');
    const created = await m.create(
      'lisi',
      m.body({
        subject: '材料评审会',
        roomId: null,
        onlineLink: 'https://meeting.example.com/j/1',
        startAt: at('2031-07-01', '09:00'),
        endAt: at('2031-07-01', '10:00'),
        materialFileIds: [file.fileName],
      }),
    );
    expect(created.status, created.body.msg).toBe(200);
    expect((await m.detail('zhangsan', created.body.data.id)).materials).toEqual([
      expect.objectContaining({ id: file.fileName, fileName: '会议议程.txt' }),
    ]);
    expect(await download('lisi', file.fileName)).toBe(200);
    expect(await download('zhangsan', file.fileName)).toBe(200);
    expect(await download('zhaoliu', file.fileName)).toBe(200);
    expect(await download('wangwu', file.fileName)).toBe(404);
  });

  it('refuses to attach someone else’s private upload', async () => {
    const theirs = await upload('wangwu');
    const answer = await m.create(
      'lisi',
      m.body({
        roomId: null,
        onlineLink: 'https://meeting.example.com/j/2',
        inviteeIds: [userId('zhangsan')],
        startAt: at('2031-07-02', '09:00'),
        endAt: at('2031-07-02', '10:00'),
        materialFileIds: [theirs.fileName],
      }),
    );
    expect([answer.status, answer.body.msg]).toEqual([403, '不能使用他人上传的附件']);
    expect(await download('lisi', theirs.fileName)).toBe(404);
  });
});
