// @vitest-environment jsdom
// DOMPurify needs a browser-like parser (see tests/unit/lib/sanitize-html.test.ts)
import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { dispatchLiveEvent } from '@/api/live-events';
import { setUid } from '@/lib/uid-store';
import { liveStreams } from '@/modules';
import { bodyForDisplay, bodyForSaving } from '@/features/news/news-files';

const fileId = '0a1b2c3d-0000-4000-8000-00000000abcd';
const stored = `<p>正文</p><img src="/api/form/common/api/preview?fileName=${fileId}">`;

describe('news bodies on the client', () => {
  afterEach(() => setUid(null));

  it('renders a stored body sanitised again, with its images shown through the session', () => {
    setUid('session-1');
    const html = bodyForDisplay(`${stored}<img src=x onerror="alert(1)"><a href="javascript:alert(1)">x</a>`);
    expect(html).not.toMatch(/onerror|javascript:/);
    expect(html).toContain(`fileName=${fileId}&amp;uid=session-1`);
  });

  it('saves what the editor shows without the session in it', () => {
    setUid('session-1');
    const edited = bodyForDisplay(stored);
    expect(bodyForSaving(edited)).toBe(stored);
    expect(bodyForSaving(edited)).not.toContain('session-1');
  });
});

describe('live news events', () => {
  const stream = liveStreams.find((s) => s.event === 'news')!;

  it('set the counts and, for others’ writes, refetch the lists and badges', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['news', 'list', 'published', '', { keyword: '' }], { pages: [], pageParams: [] });
    queryClient.setQueryData(['message', 'badges'], { news: 1 });
    dispatchLiveEvent(
      stream,
      JSON.stringify({
        module: 'news',
        kind: 'changed',
        unread: 4,
        toReview: 2,
        articleId: 'a',
        origin: 'someone-else',
      }),
      queryClient,
      false,
    );
    expect(queryClient.getQueryData(['news', 'counts'])).toEqual({ unread: 4, toReview: 2 });
    expect(queryClient.getQueryState(['news', 'list', 'published', '', { keyword: '' }])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['message', 'badges'])?.isInvalidated).toBe(true);
  });
});
