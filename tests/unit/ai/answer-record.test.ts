import { describe, expect, it } from 'vitest';
import type { AiStreamEvent } from '@contract/ai';
import { applyEvent, emptyAnswer, sseFrame } from '../../../server/modules/ai/answer-record';
import { sseData } from '../../../server/modules/ai/sse-lines';

const card = { kind: 'menu' as const, title: '待办', trail: '首页 › 审批 › 待办', href: '/follow/waitList' };

describe('answer record', () => {
  it('stores what the user saw: text, tool calls, cards and how it ended', () => {
    const events: AiStreamEvent[] = [
      { type: 'tool', id: 'c1', name: 'find_menu', args: { query: '待办' } },
      { type: 'card', toolCallId: 'c1', card },
      { type: 'delta', text: '「待办」在：' },
      { type: 'delta', text: '首页 › 审批 › 待办' },
      { type: 'done' },
    ];
    expect(events.reduce(applyEvent, emptyAnswer())).toEqual({
      content: '「待办」在：首页 › 审批 › 待办',
      toolCalls: [{ id: 'c1', name: 'find_menu', args: { query: '待办' } }],
      cards: [card],
      status: 'complete',
      error: null,
    });
  });

  it('an error keeps the partial text; a stop or a cut-off stream reads as stopped', () => {
    const failed = [
      { type: 'delta', text: '一半' },
      { type: 'error', message: '模型服务的回答中断了，请重试' },
    ] as AiStreamEvent[];
    expect(failed.reduce(applyEvent, emptyAnswer())).toMatchObject({
      content: '一半',
      status: 'error',
      error: '模型服务的回答中断了，请重试',
    });
    expect(applyEvent(emptyAnswer(), { type: 'done', stopped: true }).status).toBe('stopped');
    expect(applyEvent(emptyAnswer(), { type: 'delta', text: 'x' }).status).toBe('stopped');
  });

  it('SSE frames read back as the same events, even split at any byte', async () => {
    const events: AiStreamEvent[] = [
      { type: 'delta', text: '多行\n文本' },
      { type: 'card', toolCallId: 'c', card },
      { type: 'done' },
    ];
    const bytes = new TextEncoder().encode(events.map(sseFrame).join(''));
    async function* pieces() {
      for (let i = 0; i < bytes.length; i += 5) yield bytes.slice(i, i + 5);
    }
    const back: AiStreamEvent[] = [];
    for await (const data of sseData(pieces())) back.push(JSON.parse(data));
    expect(back).toEqual(events);
  });
});
