import { SplitView, useNarrowWindow, useSearchSelection } from '@/components/split-view';
import { useAsk } from '../api/ask-stream';
import { useCreateConversation } from '../api/write-conversation';
import { ChatView } from './chat-view';
import { Composer } from './composer';
import { ConversationList } from './conversation-list';
import { Suggestions } from './suggestions';
import './ai-page.css';
import './ai-split.css';

const SELECTION_KEYS = ['conversationId'] as const;

/**
 * /Ai on a tablet, on the shared split layout: the conversations beside the one open (`?conversationId=`, so rotation,
 * reload and deep links keep it); the arrow keys move through the rows. Below 700 px one pane: the list, or the
 * conversation with 返回, which closes it without leaving an entry that Back would reopen (useSearchSelection).
 * With none open, the wide layout offers a question that starts a new conversation.
 */
export function AiSplitPage({ conversationId }: { conversationId?: string }) {
  const narrow = useNarrowWindow();
  const select = useSearchSelection(SELECTION_KEYS);
  const asking = useAsk(conversationId);
  const create = useCreateConversation();
  const close = () => select(null);

  const startNew = (question?: string) =>
    !create.isPending &&
    create.mutate(undefined, {
      onSuccess: (created) => {
        select({ conversationId: created.id });
        if (question) void asking.ask(question, created.id);
      },
    });

  const newChat = (
    <div className="ai-chat">
      <div className="ai-messages">
        <Suggestions onPick={startNew} disabled={create.isPending} />
      </div>
      <Composer streaming={false} onAsk={startNew} onStop={() => undefined} autoFocus />
    </div>
  );

  return (
    <div className="ai-page ai-split">
      <SplitView
        listLabel="会话列表"
        detailLabel="对话"
        selectedKey={conversationId}
        onBack={close}
        list={
          <ConversationList
            splitRows
            activeId={conversationId}
            creating={create.isPending}
            onOpen={(id) => select({ conversationId: id })}
            onNew={() => startNew()}
            onDeleted={(id) => id === conversationId && close()}
          />
        }
        detail={
          conversationId ? (
            <ChatView key={conversationId} conversationId={conversationId} asking={asking} onBack={close} />
          ) : narrow ? null : (
            newChat
          )
        }
      />
    </div>
  );
}
