import { describe, expect, it } from 'vitest';
import { resolveTitle } from '@/app/document-title';

describe('window title', () => {
  it('is the route name, or 协同办公系统 when the route has none', () => {
    expect(resolveTitle('待办', '/follow/waitList', null)).toBe('待办');
    expect(resolveTitle(undefined, '/x', null)).toBe('协同办公系统');
  });

  it('uses a page override (the official-document flow name) only on the page that set it', () => {
    const override = { pathname: '/followWaitDetail', title: '关于2026年度预算的通知' };
    expect(resolveTitle('待办详情', '/followWaitDetail', override)).toBe('关于2026年度预算的通知');
    expect(resolveTitle('待办', '/follow/waitList', override)).toBe('待办');
  });
});
