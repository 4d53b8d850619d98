import { useState } from 'react';
import type { AiConversation } from '@contract/ai';
import { ListView } from '@/components/list-view';
import { SPLIT_ITEM_ATTR } from '@/components/split-view';
import { formatRelativeTime } from '@/lib/format';
import { dialog, toast } from '@/ui/feedback';
import { conversationsQuery } from '../api/get-conversations';
import { useDeleteConversation, useRenameConversation } from '../api/write-conversation';
import './ai-conversations.css';

interface ConversationListProps {
  activeId?: string;
  creating: boolean;
  onOpen: (id: string) => void;
  onNew: () => void;
  /** the open conversation was deleted */
  onDeleted: (id: string) => void;
  /** the rows of a split screen's list: the arrow keys move through them, the open one is marked as SplitView reads it */
  splitRows?: boolean;
}

const MAX_TITLE = 50;

/** 对话列表: newest first, search, pull to refresh, 新对话, and 重命名 / 删除 behind each row's 更多. */
export function ConversationList({
  activeId,
  creating,
  onOpen,
  onNew,
  onDeleted,
  splitRows = false,
}: ConversationListProps) {
  const rename = useRenameConversation();
  const remove = useDeleteConversation();
  // the row whose 更多 is open shows 重命名 / 删除 in place of its time
  const [menuFor, setMenuFor] = useState<string | null>(null);

  const askNewTitle = async (conversation: AiConversation) => {
    let title = conversation.title;
    const confirmed = await dialog.confirm({
      title: '重命名对话',
      content: (
        <input
          className="ai-rename-input"
          aria-label="对话名称"
          placeholder="请输入对话名称"
          defaultValue={title}
          maxLength={MAX_TITLE}
          onChange={(e) => (title = e.target.value)}
        />
      ),
    });
    if (!confirmed) return;
    const trimmed = title.trim();
    if (!trimmed) return toast.fail('请输入会话名称');
    if (trimmed !== conversation.title) rename.mutate({ id: conversation.id, title: trimmed });
  };

  const askDelete = async (conversation: AiConversation) => {
    const confirmed = await dialog.confirm({
      title: '删除对话',
      content: `删除「${conversation.title}」后无法恢复，确定删除吗？`,
      confirmText: '删除',
    });
    if (confirmed) remove.mutate(conversation, { onSuccess: () => onDeleted(conversation.id) });
  };

  const current = splitRows ? 'true' : 'page';
  const rowMark = splitRows ? { [SPLIT_ITEM_ATTR]: '' } : {};

  return (
    <div className="ai-conversations">
      <button type="button" className="ai-new" disabled={creating} onClick={onNew}>
        {creating ? '正在新建...' : '＋ 新对话'}
      </button>
      <ListView
        query={conversationsQuery}
        itemKey={(c) => c.id}
        searchable
        placeholder="搜索对话"
        emptyKind="nodata"
        emptyTip="还没有对话，点“新对话”开始提问"
        label="对话列表"
        renderItem={(c) => (
          <div className={`ai-conversation${c.id === activeId ? ' ai-conversation-active' : ''}`}>
            <button
              type="button"
              className="ai-conversation-open"
              {...rowMark}
              aria-current={c.id === activeId ? current : undefined}
              onClick={() => onOpen(c.id)}
            >
              <span className="ai-conversation-title">{c.title}</span>
              <span className="ai-conversation-time">{formatRelativeTime(c.updatedAt)}</span>
            </button>
            {menuFor === c.id ? (
              <span className="ai-conversation-menu">
                <button
                  type="button"
                  className="ai-conversation-action"
                  onClick={() => {
                    setMenuFor(null);
                    void askNewTitle(c);
                  }}
                >
                  重命名
                </button>
                <button
                  type="button"
                  className="ai-conversation-action ai-danger"
                  onClick={() => {
                    setMenuFor(null);
                    void askDelete(c);
                  }}
                >
                  删除
                </button>
                <button type="button" className="ai-conversation-action" onClick={() => setMenuFor(null)}>
                  取消
                </button>
              </span>
            ) : (
              <button
                type="button"
                className="ai-conversation-more"
                aria-label={`更多操作：${c.title}`}
                onClick={() => setMenuFor(c.id)}
              >
                ⋯
              </button>
            )}
          </div>
        )}
      />
    </div>
  );
}
