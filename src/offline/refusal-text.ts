import { formatUpdatedAt } from './format-updated-at';
import type { OutboxEntry } from './outbox-store';

/**
 * Why a queued write did not take effect, in words: who got there first and when when the server said so
 * (此申请已被 张三 于 10:02 撤回，你的「同意」未生效), else the server's message.
 */
export function refusalText(entry: OutboxEntry): string {
  if (entry.status === 'conflict' && entry.refusal) {
    const { actorName, at, actionText } = entry.refusal;
    const when = formatUpdatedAt(Date.parse(at));
    return `${entry.label}：此申请已被 ${actorName} 于 ${when} ${actionText}，你的「${entry.verb ?? entry.label}」未生效`;
  }
  return `${entry.label}未完成：${entry.error ?? '请求失败'}`;
}
