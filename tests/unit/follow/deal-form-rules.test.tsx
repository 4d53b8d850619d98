import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { InstanceDetail } from '@contract/flow';
import { toast } from '@/ui/feedback';
import { LEAVE, runningLeave } from '../support/flow-fixtures';
import { flowClient, renderDealWith, serveFlow } from '../support/flow-pages';

// 办理 on the form library: each field's rule is its part of deal-actions.ts's checks, told in the order dealProblem
// tells them, as a toast; nothing is sent (no confirm is even asked) while one fails.
const detail = runningLeave(LEAVE, {
  abilities: {
    return: true,
    transfer: true,
    returnTargets: [
      { nodeId: 'start', nodeName: '发起人' },
      { nodeId: 'dept', nodeName: '部门负责人审批' },
    ],
  },
});
let writes = 0;

function renderDealPage(shown: InstanceDetail = detail) {
  writes = 0;
  serveFlow((config) => {
    if (config.method !== 'get') writes += 1;
    return config.url?.includes('/instances/') ? shown : null;
  });
  renderDealWith(flowClient(shown, { queries: { staleTime: Infinity } }));
}

const choose = async (action: string) => fireEvent.click(await screen.findByRole('radio', { name: action }));
const confirm = () => fireEvent.click(screen.getByRole('button', { name: '确定' }));
const toastSays = (text: string) => screen.findByText(text, { selector: '.adm-toast-main *' });

afterEach(() => toast.clear());

describe('办理 form rules', () => {
  it('a 退回 asks for the opinion before the node, as dealProblem does', async () => {
    renderDealPage();
    await choose('退回');
    confirm();
    await toastSays('请填写审批意见');
    fireEvent.change(screen.getByPlaceholderText('请输入审批意见'), { target: { value: '请补充材料' } });
    confirm();
    await toastSays('请选择退回节点');
    expect(screen.queryByText('确定退回吗？')).toBeNull();
    expect(writes).toBe(0);
  });

  it('a 转办 asks for the person it goes to', async () => {
    renderDealPage();
    await choose('转办');
    confirm();
    await toastSays('请选择转办人');
    expect(writes).toBe(0);
  });

  it('with one node to return to, 退回 names it instead of a picker and goes on to confirm it', async () => {
    const first = {
      ...detail,
      abilities: { ...detail.abilities, returnTargets: [{ nodeId: 'start', nodeName: '发起人' }] },
    };
    renderDealPage(first as InstanceDetail);
    await choose('退回');
    expect(screen.getByLabelText(/^退回至/).textContent).toBe('发起人');
    fireEvent.change(screen.getByPlaceholderText('请输入审批意见'), { target: { value: '请补充材料' } });
    confirm();
    // no 请选择退回节点: the one node was chosen already, so the deal goes on to its confirmation
    await screen.findByText('确定退回吗？');
  });
});
