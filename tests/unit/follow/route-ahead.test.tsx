import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { TraceTimeline } from '@/features/follow/components/trace-timeline';

// Issue 10 §8: the trace shows the route ahead, not only past steps: who has it now and who comes next, with sign mode.
describe('the trace shows the route ahead', () => {
  it('lists past steps, then the node waiting now, then the approvals still to come with their sign mode', () => {
    render(
      <TraceTimeline
        trace={[
          {
            id: 'l1',
            nodeName: '发起申请',
            actorName: '张三',
            actorSignImg: null,
            action: 'submit',
            opinion: '',
            attachments: [],
            createdAt: '2026-11-20T08:00:00Z',
          },
        ]}
        current={{ nodeNames: ['部门负责人审批'], handlers: ['孙琪', '周杰'] }}
        ahead={[
          { nodeName: '总经理审批', signMode: 'any', handlers: ['陈建国', '王强'], chosenLater: false },
          { nodeName: '财务审核', signMode: 'all', handlers: ['杨帆'], chosenLater: false },
          { nodeName: '印章管理员', signMode: 'all', handlers: [], chosenLater: true },
        ]}
      />,
    );
    const items = within(screen.getByRole('list', { name: '流转记录' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toHaveLength(5);
    expect(items[1]).toBe('部门负责人审批审批中孙琪、周杰');
    expect(items[2]).toBe('总经理审批待审批陈建国、王强（或签）');
    expect(items[3]).toBe('财务审核待审批杨帆');
    expect(items[4]).toBe('印章管理员待审批由上一步处理人指定');
  });
});
