import { describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { SearchAnswer, SearchHit } from '@contract/search';
import { SearchGroups } from '@/features/search/components/search-groups';

const hit = (n: number): SearchHit => ({
  key: `flow:${n}`,
  module: 'flow',
  title: `报销 ${n}`,
  summary: '',
  at: '2026-11-20T02:00:00.000Z',
  open: { module: 'flow', id: String(n) },
});

function renderGroup(group: Partial<SearchAnswer['groups'][number]>) {
  const answer = {
    groups: [{ module: 'flow', label: '审批', rows: [hit(1), hit(2)], total: 2, ...group }],
  } as SearchAnswer;
  render(<SearchGroups answer={answer} keyword="报销" onOpen={() => undefined} onMore={() => undefined} />);
  return within(screen.getByRole('region', { name: '审批' }));
}

describe('search groups', () => {
  it('shows an exact count as it is, and a count the server stopped early as a floor', () => {
    expect(renderGroup({ total: 2 }).getByText('2', { selector: '.search-group-total' })).toBeTruthy();
    cleanup();
    // the server counts a large module only a little past the page: 22 means "at least 22"
    const capped = renderGroup({ total: 22, capped: true });
    expect(capped.getByText('22+', { selector: '.search-group-total' })).toBeTruthy();
    expect(capped.getByRole('button', { name: '查看全部审批结果' })).toBeTruthy();
  });
});
