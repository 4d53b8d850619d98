import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loginAs } from '../factories/test-server';
import { xssVectors } from '../support-bench/xss-vectors';
import { fillParams, listRoutes } from '../support-bench/routes';
import { drivers, useServer } from './support/server';

interface Inbox {
  rows: { id: string; title: string; content: string; link: string | null }[];
  total: number;
}

describe.each(drivers)('stored input: XSS, file names and uploads on %s', (driver) => {
  const ctx = useServer(driver, { env: { UPLOAD_MAX_MB: '1' } });

  const me = async (username: string) =>
    (await (await ctx.as(username)).get<{ userVo: { id: string } }>('/api/upms/user/current')).body.data.userVo.id;

  it(`stores ${xssVectors.length} XSS vectors in message title and content verbatim and returns them only as JSON data`, async () => {
    const sender = await ctx.as('zhangsan');
    const receiver = await ctx.as('wangwu');
    const receiverId = await me('wangwu');
    const sent: string[] = [];
    for (const [i, vector] of xssVectors.entries()) {
      const title = `XSS${i} ${vector}`.slice(0, 200);
      const res = await sender.post('/api/upms/message/send', {
        title,
        content: vector,
        receiverIds: [receiverId],
        channels: ['app'],
      });
      expect(res.status, vector).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      sent.push(title.trim());
    }
    const inbox = await receiver.get<Inbox>('/api/message/inbox?pageSize=100');
    expect(inbox.headers.get('content-type')).toMatch(/^application\/json/);
    expect(inbox.headers.get('x-content-type-options')).toBe('nosniff');
    // data, not markup: the server neither runs nor mangles it; the client renders it as text or through sanitizeHtml
    const byTitle = new Map(inbox.body.data.rows.map((r) => [r.title, r.content]));
    for (const [i, title] of sent.entries()) expect(byTitle.get(title), title).toBe(xssVectors[i]);
  });

  it('refuses message links that would run script or leave the app through an odd scheme', async () => {
    const sender = await ctx.as('zhangsan');
    const receiverIds = [await me('wangwu')];
    const bad = [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/x',
      '/\\evil.example/x',
    ];
    for (const link of bad) {
      const res = await sender.post('/api/upms/message/send', { title: '链接', receiverIds, channels: ['app'], link });
      expect([link, res.status]).toEqual([link, 400]);
    }
    // an external web address is an administrator's to send (staff may link inside the app only)
    const admin = await ctx.as('admin');
    for (const link of ['/follow/detail?id=1', 'https://oa.example.com/x']) {
      const res = await admin.post('/api/upms/message/send', { title: '链接', receiverIds, channels: ['app'], link });
      expect([link, res.status]).toEqual([link, 200]);
    }
  });

  it('never answers an API request with HTML, whatever script is put into its query or body', async () => {
    // its own session: the sweep also reaches /api/oauth/logout
    const uid = await loginAs(ctx.server.baseUrl, 'zhaoliu', '123456');
    const vector = '<script>alert(1)</script>';
    const failures: string[] = [];
    for (const route of listRoutes(ctx.server.app)) {
      const url = `${fillParams(route, vector)}?keyword=${encodeURIComponent(vector)}&fileName=${encodeURIComponent(vector)}&code=${encodeURIComponent(vector)}`;
      const body =
        route.method === 'GET'
          ? undefined
          : { title: vector, content: vector, username: vector, token: vector, url: vector, code: vector, id: vector };
      const res = await fetch(`${ctx.server.baseUrl}${url}`, {
        method: route.method,
        headers: { uid, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      await res.body?.cancel(); // only the headers matter, and a live stream (SSE) would never end
      const type = res.headers.get('content-type') ?? '';
      if (type.includes('html')) failures.push(`${route.method} ${route.url} → ${type}`);
      if (res.status >= 500) failures.push(`${route.method} ${route.url} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('keeps uploads inside the store whatever the file name says, and shows the name without folders', async () => {
    const client = await ctx.as('zhangsan');
    const names = [
      '../../../../tmp/evil.txt',
      '..\\..\\..\\evil.txt',
      '/etc/cron.d/evil.txt',
      'a/../../evil.txt',
      '%2e%2e%2f%2e%2e%2fevil.txt',
      'evil\u0000.txt',
      '..',
      '"\r\nSet-Cookie: a=1.txt',
    ];
    const outside = path.resolve(ctx.server.config.dataDir, '..');
    const before = new Set(await fs.readdir(outside));
    for (const name of names) {
      const form = new FormData();
      form.append('file', new Blob([`内容 ${name}`]), name);
      const res = await client.post<{ fileName: string; attachName: string }[]>('/api/form/common/file/upload', form);
      expect(res.status, name).toBe(200);
      const stored = res.body.data[0]!;
      expect(stored.attachName, name).not.toMatch(/[\\/\u0000-\u001f]/);
      expect(stored.attachName).not.toMatch(/^\.\.?$/);
      const download = await client.get(`/api/form/common/api/downloadFile?fileName=${stored.fileName}`);
      expect(download.status).toBe(200);
      const disposition = download.headers.get('content-disposition') ?? '';
      expect(disposition).toMatch(/^attachment; filename="[^"\r\n]*"; filename\*=UTF-8''[^\s"]+$/);
      expect(download.headers.get('set-cookie')).toBeNull();
    }
    const created = (await fs.readdir(outside)).filter((f) => !before.has(f) && f.includes('evil'));
    expect(created).toEqual([]);
  });

  it('refuses files over the size limit and serves previews so that a polyglot cannot run', async () => {
    const client = await ctx.as('zhangsan');
    const over = new FormData();
    over.append('file', new Blob([Buffer.alloc(1024 * 1024 + 1, 0x61)]), 'big.txt');
    const big = await client.post('/api/form/common/file/upload', over);
    expect([big.status, big.body.msg]).toEqual([413, '文件大小不能超过1MB']);

    // a real GIF header followed by HTML: if served as HTML or sniffed, it would run
    const gif = Buffer.concat([
      Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
      Buffer.from('<script>alert(1)</script>'),
    ]);
    const form = new FormData();
    form.append('file', new Blob([gif]), 'avatar.gif');
    const up = await client.post<{ fileName: string; mime: string }[]>('/api/form/common/file/upload', form);
    if (up.status === 200) {
      const preview = await client.get(`/api/form/common/api/preview?fileName=${up.body.data[0]!.fileName}`);
      expect(preview.headers.get('content-type')).not.toMatch(/html|xml|javascript/);
      expect(preview.headers.get('x-content-type-options')).toBe('nosniff');
      expect(preview.headers.get('content-security-policy')).toMatch(/sandbox/);
    } else {
      expect(up.status).toBe(415);
    }
  });
});

describe.each(drivers)('malformed JSON bodies on every write route on %s', (driver) => {
  const ctx = useServer(driver);
  const deep = (levels: number, leaf: unknown) => '{"v":'.repeat(levels) + JSON.stringify(leaf) + '}'.repeat(levels);

  it('answers 400 in Chinese to a lone surrogate or a 10,000-deep value, whatever the route', async () => {
    const uid = await loginAs(ctx.server.baseUrl, 'hejing', '123456');
    // JSON.stringify writes a lone surrogate as the escape \ud800, as any client would send it
    const bodies = [
      [
        'lone surrogate in a value',
        JSON.stringify({ title: 'x\uD800y', content: 'x\uD800y', formData: { reason: 'x\uD800y' } }),
        '请求参数包含非法字符',
      ],
      ['lone surrogate in a key', JSON.stringify({ ['k\uDC00']: 1 }), '请求参数包含非法字符'],
      ['10,000-deep value', `{"title":"t","formData":${deep(10_000, 1)}}`, '请求体嵌套层级过深'],
    ] as const;
    const failures: string[] = [];
    for (const route of listRoutes(ctx.server.app).filter((r) => r.method !== 'GET' && r.url !== '/api/oauth/logout')) {
      for (const [what, body, msg] of bodies) {
        const res = await fetch(`${ctx.server.baseUrl}${fillParams(route, '00000000-0000-4000-8000-000000000000')}`, {
          method: route.method,
          headers: { uid, 'content-type': 'application/json' },
          body,
        });
        const answer = (await res.json().catch(() => null)) as { code: number; msg: string } | null;
        if (res.status !== 400 || answer?.msg !== msg)
          failures.push(`${route.method} ${route.url} ${what} → ${res.status} ${answer?.msg}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('still takes a body nested a sane depth that holds real surrogate pairs (emoji)', async () => {
    const zhangsan = await ctx.as('zhangsan');
    const res = await zhangsan.post('/api/upms/message/send', {
      title: '表情 😀',
      content: deep(20, '😀'),
      receiverIds: [],
      channels: ['app'],
    });
    expect(res.body.msg).not.toBe('请求参数包含非法字符');
    expect(res.body.msg).not.toBe('请求体嵌套层级过深');
  });
});
