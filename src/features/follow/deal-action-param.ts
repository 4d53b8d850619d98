// Kept apart from deal-actions.ts: route search validators load with every page, the 办理 rules and labels with 办理.

export type DealAction = 'approve' | 'reject' | 'return' | 'transfer' | 'add-signer' | 'delegate' | 'reply';

/** Every action, in display order. */
export const DEAL_ACTIONS: readonly DealAction[] = [
  'approve',
  'reject',
  'return',
  'transfer',
  'add-signer',
  'delegate',
  'reply',
];

/** The action a link asks the 办理 page to open with (the detail page's 同意 / 驳回 buttons), or undefined. */
export function parseDealAction(value: unknown): DealAction | undefined {
  return typeof value === 'string' && (DEAL_ACTIONS as readonly string[]).includes(value)
    ? (value as DealAction)
    : undefined;
}
