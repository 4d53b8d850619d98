import { describe, expect, it } from 'vitest';
import { createSseParser } from '@/api/event-stream';

describe('server-sent events read from a streamed fetch', () => {
  it('hands out each event once its blank line arrives, however the bytes are cut', () => {
    const seen: string[] = [];
    const feed = createSseParser((data) => seen.push(data));
    feed('data: {"type":"delta","text":"你"}\n');
    expect(seen).toEqual([]);
    feed('\ndata: {"type":"de');
    expect(seen).toEqual(['{"type":"delta","text":"你"}']);
    feed('lta","text":"好"}\r\n\r\n: comment\n\ndata: a\ndata: b\n\n');
    expect(seen).toEqual(['{"type":"delta","text":"你"}', '{"type":"delta","text":"好"}', 'a\nb']);
  });
});
