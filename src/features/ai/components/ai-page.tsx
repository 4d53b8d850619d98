import { useNavigate, useRouter } from '@tanstack/react-router';
import { useAsk } from '../api/ask-stream';
import { useCreateConversation } from '../api/write-conversation';
import { ChatView } from './chat-view';
import { Composer } from './composer';
import { ConversationList } from './conversation-list';
import { Suggestions } from './suggestions';
import './ai-page.css';

/**
 * /Ai. A phone shows the conversation list, or one conversation when `conversationId` is in the URL (Back returns
 * to the list); a tablet shows both side by side, and with none open a question starts a new conversation.
 */
export function AiPage({ conversationId }: { conversationId?: string }) {
  const navigate = useNavigate();
  const router = useRouter();
  const asking = useAsk(conversationId);
  const create = useCreateConversation();

  const open = (id: string, replace = false) => void navigate({ to: '/Ai', search: { conversationId: id }, replace });
  const startNew = (question?: string) =>
    !create.isPending &&
    create.mutate(undefined, {
      onSuccess: (created) => {
        open(created.id);
        if (question) void asking.ask(question, created.id);
      },
    });
  // the list is where the phone came from: go back to it rather than stacking another list on top
  const backToList = () =>
    router.history.canGoBack() ? router.history.back() : void navigate({ to: '/Ai', search: {}, replace: true });

  return (
    <div className={`ai-page${conversationId ? ' ai-page-chatting' : ''}`}>
      <aside className="ai-list-pane">
        <ConversationList
          activeId={conversationId}
          creating={create.isPending}
          onOpen={(id) => open(id, Boolean(conversationId))}
          onNew={() => startNew()}
          onDeleted={(id) => id === conversationId && void navigate({ to: '/Ai', search: {}, replace: true })}
        />
      </aside>
      <section className="ai-chat-pane" aria-label="对话">
        {conversationId ? (
          <ChatView key={conversationId} conversationId={conversationId} asking={asking} onBack={backToList} />
        ) : (
          <div className="ai-chat">
            <div className="ai-messages">
              <Suggestions onPick={startNew} disabled={create.isPending} />
            </div>
            <Composer streaming={false} onAsk={startNew} onStop={() => undefined} />
          </div>
        )}
      </section>
    </div>
  );
}
