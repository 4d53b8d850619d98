import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { TraceEntry } from '@contract/flow';
import { TraceTimeline } from '@/features/follow/components/trace-timeline';
import { traceStep } from '../support/flow-fixtures';

// Issue 47 point 4: the peers a 或签 closed when one of them decided fold into one line that opens.
const step = (id: string, actorName: string, action: TraceEntry['action'], nodeName = '领导签发', opinion = '') =>
  traceStep(id, actorName, action, { nodeName, opinion });
const CLOSED = '因他人已处理而关闭';

afterEach(cleanup);

describe('closed 或签 peers in the timeline', () => {
  it('read 王五 已同意，其余 2 人无需处理, and name the two when opened', () => {
    render(
      <TraceTimeline
        trace={[
          step('1', '张三', 'submit', '发起申请'),
          step('2', '王五', 'approve', '领导签发', '同意'),
          step('3', '周杰', 'closed', '领导签发', CLOSED),
          step('4', '孙琪', 'closed', '领导签发', CLOSED),
        ]}
      />,
    );
    const trace = screen.getByRole('list', { name: '流转记录' });
    expect(within(trace).getByText('王五 已同意，其余 2 人无需处理')).toBeTruthy();
    expect(within(trace).queryByText(/周杰|孙琪/)).toBeNull();
    fireEvent.click(within(trace).getByRole('button', { name: '展开' }));
    const peers = within(trace).getByRole('list', { name: '无需处理的人员' });
    expect(
      within(peers)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.split(' · ')[0]),
    ).toEqual(['周杰', '孙琪']);
    expect(within(peers).getAllByText(new RegExp(CLOSED))).toHaveLength(2);
    fireEvent.click(within(trace).getByRole('button', { name: '收起' }));
    expect(within(trace).queryByRole('list', { name: '无需处理的人员' })).toBeNull();
    // one line for the two, not a step each
    expect(trace.querySelectorAll(':scope > li')).toHaveLength(3);
  });

  it('keeps each node’s closed peers with that node’s decision; a lone close without one still folds', () => {
    render(
      <TraceTimeline
        trace={[
          step('1', '李四', 'reject', '部门审批', '不同意'),
          step('2', '赵六', 'closed', '部门审批', CLOSED),
          step('3', '钱七', 'closed', '复核', CLOSED),
        ]}
      />,
    );
    expect(screen.getByText('李四 已驳回，其余 1 人无需处理')).toBeTruthy();
    expect(screen.getByText('1 人无需处理')).toBeTruthy();
  });
});
