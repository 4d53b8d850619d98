import { describe, expect, it } from 'vitest';
import type { Page } from '../../contract/envelope';
import type { CustomListRow, CustomRecordView, JoinUsOptions } from '../../contract/custom';
import type { UploadedFile } from '../../contract/files';
import { api } from '../factories/test-server';
import { drivers, useServer } from './support/server';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** A sign-up as the page sends it: text fields and the resume, multipart. */
function signUp(
  fields: Record<string, string>,
  resume: { bytes: Buffer; name: string } | null = { bytes: PDF, name: '简历.pdf' },
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (resume) form.append('resume', new Blob([new Uint8Array(resume.bytes)]), resume.name);
  return form;
}

const person = (overrides: Record<string, string> = {}) => ({
  name: '林小满',
  gender: 'female',
  phone: '13712345678',
  email: 'linxiaoman@example.com',
  position: 'backend',
  education: 'master',
  ...overrides,
});

describe.each(drivers)('招聘报名 on %s', (driver) => {
  // the proxy header names the caller's address, as behind the production reverse proxy
  const ctx = useServer(driver, { env: { TRUST_PROXY: '127.0.0.1' } });
  // each case signs up from its own address, so the per-address limit of one does not spill into another
  const from = (address: string) => ({ 'x-forwarded-for': address });
  const anonymous = () => api(ctx.server.baseUrl);

  it("offers the form's choices to anyone, and nothing else", async () => {
    const answer = await anonymous().get<JoinUsOptions>('/api/joinus/options');
    expect(answer.status).toBe(200);
    expect(answer.body.data.positions).toContainEqual({ label: '后端开发工程师', value: 'backend' });
    expect(answer.body.data.educations.map((e) => e.label)).toContain('本科');
    expect(Object.keys(answer.body.data).sort()).toEqual(['educations', 'positions', 'resume']);
    for (const path of ['/api/custom/models/joinus', '/api/custom/models/joinus/records', '/api/custom/models'])
      expect((await anonymous().get(path)).status).toBe(401);
  });

  it('stores a sign-up without login, visible to HR users only, with a resume only they can download', async () => {
    const answer = await anonymous().post('/api/joinus/apply', signUp(person()), from('10.20.0.1'));
    expect([answer.status, answer.body.msg, answer.body.data]).toEqual([200, '报名成功，我们会尽快与您联系', null]);

    const hr = await ctx.as('xuli');
    const list = (
      await hr.get<Page<CustomListRow>>(`/api/custom/models/joinus/records?keyword=${encodeURIComponent('林小满')}`)
    ).body.data;
    expect(list.rows.map((r) => r.title)).toEqual(['林小满']);
    expect(list.rows[0]!.columns).toContainEqual({ label: '应聘岗位', text: '后端开发工程师' });
    const record = (await hr.get<CustomRecordView>(`/api/custom/records/${list.rows[0]!.id}`)).body.data;
    expect(record.values).toMatchObject({
      name: '林小满',
      phone: '13712345678',
      gender: 'female',
      position: 'backend',
      education: 'master',
    });
    expect(record.creatorName).toBeNull();
    const [resume] = record.values.resume as UploadedFile[];
    expect(resume).toMatchObject({ attachName: '简历.pdf', mime: 'application/pdf' });

    const download = (uid: string) =>
      fetch(`${ctx.server.baseUrl}/api/form/common/api/downloadFile?fileName=${resume!.fileName}`, {
        headers: { uid },
      });
    const hrDownload = await download(await ctx.uidOf('xuli'));
    expect(hrDownload.status).toBe(200);
    expect(Buffer.from(await hrDownload.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await download(await ctx.uidOf('zhangsan'))).status).toBe(404);
    expect(
      (await fetch(`${ctx.server.baseUrl}/api/form/common/api/downloadFile?fileName=${resume!.fileName}`)).status,
    ).toBe(401);
    // the public upload cannot be pulled into another record either
    const reuse = await (
      await ctx.as('zhangsan')
    ).post('/api/custom/models/contract/records', {
      values: {
        contractNo: 'HT-2026-501',
        name: '借用简历',
        partyB: '某公司',
        category: 'service',
        amount: 1,
        signDate: '2026-01-01',
        scan: [resume],
      },
    });
    expect(reuse.status).toBe(403);
    expect((await (await ctx.as('zhangsan')).get(`/api/custom/records/${record.id}`)).status).toBe(404);
  });

  it('answers 400 naming the problem for every invalid field, and keeps nothing', async () => {
    const client = anonymous();
    const cases: [Record<string, string>, string][] = [
      [person({ name: '' }), '请填写姓名'],
      [person({ gender: 'x' }), '请选择性别'],
      [person({ phone: '12345' }), '手机号码格式不正确'],
      [person({ email: 'not-mail' }), '电子邮箱格式不正确'],
      [person({ position: 'astronaut' }), '应聘岗位选项无效'],
      [person({ education: '' }), '请选择学历'],
    ];
    for (const [fields, msg] of cases) {
      const answer = await client.post('/api/joinus/apply', signUp(fields), from('10.20.1.1'));
      expect([answer.status, answer.body.msg]).toEqual([400, msg]);
    }
    const { name: _dropped, ...withoutName } = person();
    expect((await client.post('/api/joinus/apply', signUp(withoutName), from('10.20.1.1'))).body.msg).toBe(
      '请填写姓名',
    );
    expect((await client.post('/api/joinus/apply', signUp(person(), null), from('10.20.1.1'))).body.msg).toBe(
      '请上传简历',
    );
    const exe = await client.post(
      '/api/joinus/apply',
      signUp(person(), { bytes: Buffer.from('MZ\x90\x00binary'), name: 'resume.exe' }),
      from('10.20.1.1'),
    );
    expect(exe.status).toBeGreaterThanOrEqual(400);
    expect(exe.status).toBeLessThan(500);
    const json = await client.post('/api/joinus/apply', person(), from('10.20.1.1'));
    expect([json.status, json.body.msg]).toEqual([400, '请使用表单提交报名信息']);
    const big = await client.post(
      '/api/joinus/apply',
      signUp(person(), { bytes: Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024)]), name: 'big.pdf' }),
      from('10.20.1.1'),
    );
    expect([big.status, big.body.msg]).toEqual([413, '简历大小不能超过10MB']);
    const hr = await ctx.as('xuli');
    const kept = (
      await hr.get<Page<CustomListRow>>(`/api/custom/models/joinus/records?keyword=${encodeURIComponent('linxiaoman')}`)
    ).body.data;
    expect(kept.total).toBe(1); // only the valid sign-up of the test before
  });

  it('thanks a bot that fills the honeypot and keeps nothing', async () => {
    const answer = await anonymous().post(
      '/api/joinus/apply',
      signUp(person({ name: '机器人', website: 'http://spam.example.com' })),
      from('10.20.2.1'),
    );
    expect([answer.status, answer.body.msg]).toEqual([200, '报名成功，我们会尽快与您联系']);
    const hr = await ctx.as('xuli');
    expect(
      (await hr.get<Page<CustomListRow>>(`/api/custom/models/joinus/records?keyword=${encodeURIComponent('机器人')}`))
        .body.data.total,
    ).toBe(0);
  });

  it('limits sign-ups per address: the sixth within the hour is 429, another address still gets through', async () => {
    const client = anonymous();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await client.post('/api/joinus/apply', signUp(person({ name: `限流${i}` })), from('10.20.3.1'))).status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const blocked = await client.post('/api/joinus/apply', signUp(person()), from('10.20.3.1'));
    expect(blocked.body.msg).toBe('提交过于频繁，请稍后再试');
    expect(
      (await client.post('/api/joinus/apply', signUp(person({ name: '另一地址' })), from('10.20.3.2'))).status,
    ).toBe(200);
  });
});
