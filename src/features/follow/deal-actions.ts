import type { FlowAbilities } from '@contract/flow';
import { DEAL_ACTIONS, type DealAction } from './deal-action-param';

export { parseDealAction, type DealAction } from './deal-action-param';

export const DEAL_LABEL: Record<DealAction, string> = {
  approve: '同意',
  reject: '驳回',
  return: '退回',
  transfer: '转办',
  'add-signer': '加签',
  delegate: '委派',
  reply: '回复意见',
};

/** The actions that name people, with the picker's label (转办 and 委派 one person, 加签 several). */
export const PEOPLE_LABEL = { transfer: '转办给', 'add-signer': '加签人员', delegate: '委派给' } as const;
/** The actions that give someone a task: they ask how that person is reminded. */
export const REMINDS: DealAction[] = ['approve', 'transfer', 'add-signer', 'delegate'];

const ALLOWED: Record<DealAction, (a: FlowAbilities) => boolean> = {
  approve: (a) => a.approve,
  reject: (a) => a.reject,
  // a return with nowhere to go would only fail on the server
  return: (a) => a.return && a.returnTargets.length > 0,
  transfer: (a) => a.transfer,
  'add-signer': (a) => a.addSigner,
  delegate: (a) => a.delegate === true,
  // a task delegated to the caller (委派): their opinion is all they give
  reply: (a) => a.reply === true,
};

/** A returned flow back at its start node: the initiator can only resubmit it (the server then offers nothing else). */
export function isResubmit(abilities: FlowAbilities): boolean {
  return abilities.approve && !abilities.reject;
}

/** The actions this task offers, in display order; only what the server's abilities allow. */
export function offeredActions(abilities: FlowAbilities): DealAction[] {
  if (isResubmit(abilities)) return ['approve'];
  return DEAL_ACTIONS.filter((action) => ALLOWED[action](abilities));
}

/** What the confirm dialog and the success toast call the action. */
export function dealLabel(action: DealAction, abilities: FlowAbilities): string {
  return isResubmit(abilities) ? '重新提交' : DEAL_LABEL[action];
}

/** 驳回, 退回 and a 委派 reply always need words; 同意 only when the node says so; 转办, 加签 and 委派 never. */
export function opinionRequired(action: DealAction, abilities: FlowAbilities): boolean {
  if (action === 'reject' || action === 'return' || action === 'reply') return true;
  return action === 'approve' && abilities.opinionRequired;
}

export interface DealInput {
  action: DealAction;
  opinion: string;
  targetNodeId: string;
  peopleIds: string[];
}

type DealCheck = (input: DealInput, abilities: FlowAbilities) => string | null;

/** The checks of a deal, one per field of the 办理 form (its rules), in the order they are asked. */
export const dealChecks = {
  action: ({ action }, abilities) => (offeredActions(abilities).includes(action) ? null : '当前节点不允许该操作'),
  opinion: ({ action, opinion }, abilities) =>
    opinionRequired(action, abilities) && !opinion.trim() ? '请填写审批意见' : null,
  targetNodeId: ({ action, targetNodeId }, abilities) =>
    action === 'return' && !abilities.returnTargets.some((t) => t.nodeId === targetNodeId) ? '请选择退回节点' : null,
  people: ({ action, peopleIds }) =>
    action === 'transfer' && peopleIds.length !== 1
      ? '请选择转办人'
      : action === 'add-signer' && peopleIds.length === 0
        ? '请选择加签人员'
        : action === 'delegate' && peopleIds.length !== 1
          ? '请选择委派人'
          : null,
} satisfies Record<string, DealCheck>;

/** The first thing missing before the action can be sent, as the Chinese message shown to the user; null when ready. */
export function dealProblem(input: DealInput, abilities: FlowAbilities): string | null {
  for (const check of Object.values(dealChecks)) {
    const problem = check(input, abilities);
    if (problem) return problem;
  }
  return null;
}

/** Ready-made opinions an approver taps instead of typing on a phone keyboard; the text stays editable. */
export const OPINION_PHRASES: Record<DealAction, string[]> = {
  approve: ['同意', '情况属实，同意', '已阅，同意'],
  reject: ['不同意', '材料不全，请补充后重新提交'],
  return: ['请修改后重新提交', '材料不全，请补充'],
  transfer: ['请协助处理'],
  'add-signer': ['请一并审批'],
  delegate: ['请帮忙看一下，给出意见'],
  reply: ['建议同意', '建议不同意', '情况属实'],
};

/** 加签 choices as the 办理 page offers them (the server's defaults come first). */
export const ADD_KIND_LABEL = {
  before: '前加签（加签人先审批，再由我审批）',
  after: '后加签（我同意后，再由加签人审批）',
} as const;
export const GROUP_SIGN_LABEL = { all: '会签（全部同意）', any: '或签（一人同意即可）' } as const;
