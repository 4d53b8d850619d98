import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FlowListRow } from '@contract/flow';
import { ACTION_TEXT } from '@contract/flow';
import { FlowRow } from '@/features/follow/components/flow-row';

const row: FlowListRow = {
  id: 't1',
  instanceId: 'i1',
  title: '张三的请假',
  serial: 'QJ001',
  definitionName: '请假',
  category: '人事',
  initiatorName: '张三',
  nodeName: '部门负责人审批',
  status: 'running',
  createdAt: '2026-11-27T01:00:00Z',
  handledAt: null,
};

describe('a 待办 past its node time limit', () => {
  it('says 已超时 beside its node, and nothing when it is within the limit', () => {
    const { unmount } = render(<FlowRow row={{ ...row, overdue: true }} kind="todo" />);
    expect(screen.getByText('已超时')).toBeTruthy();
    unmount();
    render(<FlowRow row={{ ...row, overdue: false }} kind="todo" />);
    expect(screen.queryByText('已超时')).toBeNull();
  });

  it('names the escalation step of the trace in Chinese', () => {
    expect(ACTION_TEXT.timeout).toBe('超时上报');
  });
});
