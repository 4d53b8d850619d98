import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { TraceEntry } from '@contract/flow';
import { TraceTimeline } from '@/features/follow/components/trace-timeline';
import { traceStep } from '../support/flow-fixtures';

// Issue 47 point 4: each step of the timeline shows who took it as the address book does, initials in a circle.
const step = (id: string, actorName: string, action: TraceEntry['action'], opinion = '') =>
  traceStep(id, actorName, action, { opinion });
afterEach(cleanup);

describe('avatars in the timeline', () => {
  it('give each step and comment its actor’s last two characters, hidden from screen readers', () => {
    render(
      <TraceTimeline
        trace={[
          step('1', '张三', 'submit'),
          step('2', '欧阳娜娜', 'approve', '同意'),
          step('3', '李四', 'comment', '收到'),
        ]}
        current={{ nodeNames: ['总经理审批'], handlers: ['杨帆'] }}
      />,
    );
    const trace = screen.getByRole('list', { name: '流转记录' });
    const avatars = [...trace.querySelectorAll('.flow-trace-avatar')];
    expect(avatars.map((a) => a.getAttribute('data-initials'))).toEqual(['张三', '娜娜', '李四']);
    // drawn, not text: the name is read once, where the step names it
    expect(avatars.every((a) => a.textContent === '')).toBe(true);
    expect(avatars.every((a) => a.getAttribute('aria-hidden') === 'true')).toBe(true);
  });
});
