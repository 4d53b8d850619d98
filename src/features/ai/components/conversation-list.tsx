import { ActionSheet, Dialog, Input } from 'antd-mobile';
import type { AiConversation } from '@contract/ai';
import { ListView } from '@/components/list-view';
import { formatRelativeTime } from '@/lib/format';
import { toast } from '@/ui/feedback';
import { conversationsQuery } from '../api/get-conversations';
import { useDeleteConversation, useRenameConversation } from '../api/conversation-writes';

interface ConversationListProps {
  activeId?: string;
  creating: boolean;
  onOpen: (id: string) => void;
  onNew: () => void;
  /** the open conversation was deleted */
  onDeleted: (id: string) => void;
}

const MAX_TITLE = 50;

/** 对话列表: newest first, search, pull to refresh, 新对话, and 重命名 / 删除 from each row's 更多. */
export function ConversationList({ activeId, creating, onOpen, onNew, onDeleted }: ConversationListProps) {
  const rename = useRenameConversation();
  const remove = useDeleteConversation();

  const askNewTitle = async (conversation: AiConversation) => {
    let title = conversation.title;
    const confirmed = await Dialog.confirm({
      title: '重命名对话',
      content: <Input placeholder="请输入对话名称" defaultValue={title} maxLength={MAX_TITLE} clearable onChange={(v) => (title = v)} />,
      confirmText: '确认',
      cancelText: '取消',
    });
    if (!confirmed) return;
    const trimmed = title.trim();
    if (!trimmed) return toast.fail('请输入会话名称');
    if (trimmed !== conversation.title) rename.mutate({ id: conversation.id, title: trimmed });
  };

  const askDelete = async (conversation: AiConversation) => {
    const confirmed = await Dialog.confirm({ title: '删除对话', content: `删除「${conversation.title}」后无法恢复，确定删除吗？`, confirmText: '删除', cancelText: '取消' });
    if (confirmed) remove.mutate(conversation, { onSuccess: () => onDeleted(conversation.id) });
  };

  const showMore = (conversation: AiConversation) => {
    const sheet = ActionSheet.show({
      extra: conversation.title,
      cancelText: '取消',
      actions: [
        { key: 'rename', text: '重命名', onClick: () => { sheet.close(); void askNewTitle(conversation); } },
        { key: 'delete', text: '删除', danger: true, onClick: () => { sheet.close(); void askDelete(conversation); } },
      ],
    });
  };

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
            <button type="button" className="ai-conversation-open" aria-current={c.id === activeId ? 'page' : undefined} onClick={() => onOpen(c.id)}>
              <span className="ai-conversation-title">{c.title}</span>
              <span className="ai-conversation-time">{formatRelativeTime(c.updatedAt)}</span>
            </button>
            <button type="button" className="ai-conversation-more" aria-label={`更多操作：${c.title}`} onClick={() => showMore(c)}>
              ⋯
            </button>
          </div>
        )}
      />
    </div>
  );
}
