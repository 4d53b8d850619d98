import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiConversation, AiMessage, AiStreamEvent } from '../../contract/ai';
import { randomUUID } from 'node:crypto';
import { flowClient } from '../factories/flow-client';
import { mailClient } from '../factories/mail-client';
import { startFakeOpenAi, type FakeOpenAi } from '../factories/fake-openai';
import { drivers, useServer, type ServerContext } from './support/server';

/** Asks and reads the SSE answer to its end (or until `stopAfter` events, then closes it like the stop button). */
async function ask(ctx: ServerContext, user: string, conversationId: string, text: string, stopAfter?: number) {
  const stop = new AbortController();
  const response = await fetch(`${ctx.server.baseUrl}/api/ai/conversations/${conversationId}/ask`, {
    method: 'POST',
    headers: { uid: await ctx.uidOf(user), 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
    signal: stop.signal,
  });
  const events: AiStreamEvent[] = [];
  if (!response.ok) return { status: response.status, events, raw: await response.text() };
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  let raw = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      raw += value;
      buffered += value;
      const frames = buffered.split('\n\n');
      buffered = frames.pop()!;
      for (const frame of frames) if (frame.startsWith('data: ')) events.push(JSON.parse(frame.slice(6)));
      if (stopAfter && events.length >= stopAfter) {
        stop.abort();
        break;
      }
    }
  } catch {
    /* aborted by the test */
  }
  return { status: response.status, events, raw };
}

async function newConversation(ctx: ServerContext, user: string) {
  const created = await (await ctx.as(user)).post<AiConversation>('/api/ai/conversations', {});
  expect(created.status, created.body.msg).toBe(200);
  return created.body.data.id;
}

const messages = async (ctx: ServerContext, user: string, id: string) =>
  (await (await ctx.as(user)).get<AiMessage[]>(`/api/ai/conversations/${id}/messages`)).body.data;

describe.each(drivers)('AI助手 (embedded assistant) on %s', (driver) => {
  const ctx = useServer(driver);

  it('answers a free-form question with what it can do, in Chinese; the setup hint only to an administrator', async () => {
    const settings = ['AI_BASE_URL', 'AI_API_KEY', 'AI_MODEL'];
    const answerOf = async (user: string) => {
      const id = await newConversation(ctx, user);
      const { status, events } = await ask(ctx, user, id, '今天天气怎么样');
      expect(status).toBe(200);
      expect(events[events.length - 1]).toEqual({ type: 'done' });
      return {
        text: events.map((e) => (e.type === 'delta' ? e.text : '')).join(''),
        stored: (await messages(ctx, user, id)).at(-1)!.content,
      };
    };
    for (const user of ['zhangsan', 'lisi']) {
      const { text, stored } = await answerOf(user);
      expect(text).toContain('这个问题我暂时回答不了');
      expect(text).toContain('查看你的待办和数量');
      expect(text).toContain('搜索资讯');
      for (const setting of settings) expect(text + stored, `${user} hears ${setting}`).not.toContain(setting);
    }
    const admin = await answerOf('admin');
    expect(admin.text).toContain('查看你的待办和数量');
    for (const setting of settings) expect(admin.text).toContain(setting);
  });

  it("conversations belong to their owner: someone else's answers 404 on every verb, as a missing one does", async () => {
    const id = await newConversation(ctx, 'zhangsan');
    const lisi = await ctx.as('lisi');
    const missing = '00000000-0000-4000-8000-00000000ffff';
    for (const target of [id, missing]) {
      const read = await lisi.get(`/api/ai/conversations/${target}/messages`);
      expect([read.status, read.body.msg]).toEqual([404, '会话不存在']);
      const rename = await lisi.put(`/api/ai/conversations/${target}`, { title: '偷看' });
      expect([rename.status, rename.body.msg]).toEqual([404, '会话不存在']);
      const remove = await lisi.delete(`/api/ai/conversations/${target}`);
      expect([remove.status, remove.body.msg]).toEqual([404, '会话不存在']);
      const asked = await ask(ctx, 'lisi', target, '我有几个待办');
      expect([asked.status, JSON.parse(asked.raw).msg]).toEqual([404, '会话不存在']);
    }
    expect((await lisi.get<AiConversation[]>('/api/ai/conversations')).body.data.map((c) => c.id)).not.toContain(id);
    expect((await lisi.get('/api/ai/conversations/00000000-0000-4000-8000-00000000ffff/messages')).status).toBe(404);

    const zhangsan = await ctx.as('zhangsan');
    expect((await zhangsan.put<AiConversation>(`/api/ai/conversations/${id}`, { title: '请假' })).body.data.title).toBe(
      '请假',
    );
    expect(
      (await zhangsan.get<AiConversation[]>('/api/ai/conversations')).body.data.find((c) => c.id === id)?.title,
    ).toBe('请假');
    expect((await zhangsan.delete(`/api/ai/conversations/${id}`)).status).toBe(200);
    expect((await zhangsan.get(`/api/ai/conversations/${id}/messages`)).status).toBe(404);
  });

  it.each(['zhangsan', 'lisi'])(
    '我有几个待办 answers %s with the real count and a to-do card, and the exchange is stored',
    async (user) => {
      const total = (await flowClient(ctx).counts(user)).todo;
      const id = await newConversation(ctx, user);
      const { status, events } = await ask(ctx, user, id, '我有几个待办');
      expect(status).toBe(200);
      const text = events.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join('');
      expect(text).toContain(total ? `**${total}**` : '没有待办');
      expect(events.at(-1)).toEqual({ type: 'done' });
      if (total)
        expect(events.some((e) => e.type === 'card' && e.card.kind === 'todoList' && e.card.total === total)).toBe(
          true,
        );
      const stored = await messages(ctx, user, id);
      expect(stored.map((m) => [m.role, m.status])).toEqual([
        ['user', 'complete'],
        ['assistant', 'complete'],
      ]);
      expect(stored[1]!.content).toBe(text);
    },
  );
});

describe.each(drivers)('AI助手 mail search on %s', (driver) => {
  const ctx = useServer(driver);

  it("查找邮件 finds the asker's own mail and never another user's", async () => {
    const keyword = `审计${randomUUID().slice(0, 8)}`;
    const { id: mailId, subject } = await mailClient(ctx).send('zhangsan', ['lisi'], { subject: `季度${keyword}安排` });
    const mailCards = (events: AiStreamEvent[]) =>
      events.flatMap((e) => (e.type === 'card' && e.card.kind === 'mail' ? [e.card] : []));

    // a stranger to the mail: no card, no subject, not even a count
    const stranger = await ask(ctx, 'wangwu', await newConversation(ctx, 'wangwu'), `查找邮件 ${keyword}`);
    expect(stranger.events.some((e) => e.type === 'tool' && e.name === 'search_mail')).toBe(true);
    expect(mailCards(stranger.events)).toEqual([]);
    expect(stranger.raw).not.toContain(subject);
    expect(stranger.raw).toContain('你的邮件中没有找到');

    // the recipient and the sender find it, as a card opening its detail
    for (const user of ['lisi', 'zhangsan']) {
      const { events } = await ask(ctx, user, await newConversation(ctx, user), `查找邮件 ${keyword}`);
      expect(mailCards(events)).toMatchObject([
        { id: mailId, subject, senderName: '张三', href: `/email/detail?id=${mailId}` },
      ]);
    }
  });
});

describe.each(drivers)('AI助手 rate limit on %s', (driver) => {
  const ctx = useServer(driver);

  it('the 11th question within a minute is refused with 429, Retry-After and a Chinese message', async () => {
    const id = await newConversation(ctx, 'wangwu');
    for (let i = 0; i < 10; i++) expect((await ask(ctx, 'wangwu', id, '我有几个待办')).status).toBe(200);
    const refused = await fetch(`${ctx.server.baseUrl}/api/ai/conversations/${id}/ask`, {
      method: 'POST',
      headers: { uid: await ctx.uidOf('wangwu'), 'content-type': 'application/json' },
      body: JSON.stringify({ text: '我有几个待办' }),
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).msg).toMatch(/[\u4e00-\u9fa5]/);
    expect((await messages(ctx, 'wangwu', id)).length).toBe(20);
  });
});

describe.each(drivers)('AI助手 (OpenAI-compatible service) on %s', (driver) => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    process.env.AI_BASE_URL = fake.baseUrl;
    process.env.AI_API_KEY = 'sk-secret-test-key';
  });
  const ctx = useServer(driver);
  beforeAll(() => {
    // read once when the routes registered; later suites get the embedded assistant again
    delete process.env.AI_BASE_URL;
    delete process.env.AI_API_KEY;
  });
  afterAll(() => fake.close());

  it('streams the service tokens in order, and the key never reaches the client', async () => {
    fake.reset();
    fake.script({ kind: 'tokens', tokens: ['你', '好', '，', '张三'] });
    const id = await newConversation(ctx, 'zhangsan');
    const { events, raw } = await ask(ctx, 'zhangsan', id, '你好');
    expect(events).toEqual([...['你', '好', '，', '张三'].map((text) => ({ type: 'delta', text })), { type: 'done' }]);
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer sk-secret-test-key');
    expect(raw).not.toContain('sk-secret');
  });

  it('an approval the user may not see yields no card', async () => {
    const { start } = flowClient(ctx);
    const foreign = await start('zhangsan', 'leave', {
      leaveType: '3',
      period: ['2026-12-01', '2026-12-02'],
      days: 2,
      reason: '私事',
    });
    fake.reset();
    fake.script(
      { kind: 'toolCall', name: 'open_approval', args: { instanceId: foreign } },
      { kind: 'tokens', tokens: ['没有找到'] },
    );
    const id = await newConversation(ctx, 'wangwu');
    const { events } = await ask(ctx, 'wangwu', id, `打开审批 ${foreign}`);
    expect(events.some((e) => e.type === 'tool' && e.name === 'open_approval')).toBe(true);
    expect(events.filter((e) => e.type === 'card')).toEqual([]);
    expect(JSON.stringify(events)).not.toContain('私事');
  });

  it('closing the stream (stop) closes the upstream request and keeps what had streamed as stopped', async () => {
    fake.reset();
    fake.script({ kind: 'tokens', tokens: Array.from({ length: 100 }, (_, i) => `字${i}`), delayMs: 50 });
    const id = await newConversation(ctx, 'zhangsan');
    const { events } = await ask(ctx, 'zhangsan', id, '写一篇长文', 2);
    expect(events.slice(0, 2).every((e) => e.type === 'delta')).toBe(true);
    await fake.requests[0]!.closed;
    expect(fake.requests[0]!.clientClosed).toBe(true);
    // the stopped answer is stored after the stream closed, not before
    let stored: AiMessage[] = [];
    await expect
      .poll(async () => (stored = await messages(ctx, 'zhangsan', id)).length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2);
    expect(stored[1]).toMatchObject({ role: 'assistant', status: 'stopped' });
    expect(stored[1]!.content.startsWith('字0字1')).toBe(true);
  });

  it('an upstream failure becomes a clear Chinese message without the key; the setting to check only for an administrator', async () => {
    fake.reset();
    fake.script({ kind: 'status', status: 401 });
    const staffMessage = 'AI助手暂时无法连接模型服务，请稍后再试；如果一直这样，请联系管理员';
    const id = await newConversation(ctx, 'zhangsan');
    const { events, raw } = await ask(ctx, 'zhangsan', id, '你好');
    expect(events.at(-1)).toEqual({ type: 'error', message: staffMessage });
    expect(raw).not.toContain('sk-sec');
    expect((await messages(ctx, 'zhangsan', id))[1]).toMatchObject({ status: 'error', error: staffMessage });
    fake.script({ kind: 'status', status: 401 });
    const adminAsked = await ask(ctx, 'admin', await newConversation(ctx, 'admin'), '你好');
    expect(adminAsked.events.at(-1)).toEqual({
      type: 'error',
      message: '模型服务拒绝了访问（HTTP 401），请检查 AI_API_KEY',
    });
    expect(adminAsked.raw).not.toContain('sk-sec');
  });
});
