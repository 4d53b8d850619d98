import { useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { useAsk } from '../api/ask-stream';
import { useCreateConversation } from '../api/write-conversation';
import { ChatView } from './chat-view';
import { Composer } from './composer';
import { ConversationList } from './conversation-list';
import { Suggestions } from './suggestions';
import './ai-page.css';

declare module '@tanstack/history' {
  interface HistoryState {
    /** 我的对话 on a phone's /Ai: the list of conversations instead of a new question (Back returns to it) */
    aiList?: boolean;
    /** this conversation was opened from that list: 全部对话 goes back to it */
    aiFromList?: boolean;
  }
}

/**
 * /Ai. A phone opens ready for a question (suggestions, the box focused); 历史对话 shows the conversation list, and a
 * conversation opens when `conversationId` is in the URL (Back returns to where it came from); a tablet shows list
 * and conversation side by side, and with none open a question starts a new conversation.
 */
export function AiPage({ conversationId }: { conversationId?: string }) {
  const navigate = useNavigate();
  const router = useRouter();
  const state = useRouterState({ select: (s) => s.location.state });
  const listing = !conversationId && state.aiList === true;
  const asking = useAsk(conversationId);
  const create = useCreateConversation();

  const open = (id: string, replace = false) =>
    void navigate({ to: '/Ai', search: { conversationId: id }, replace, state: { aiFromList: listing } });
  const startNew = (question?: string) =>
    !create.isPending &&
    create.mutate(undefined, {
      onSuccess: (created) => {
        open(created.id);
        if (question) void asking.ask(question, created.id);
      },
    });
  const showList = () => void navigate({ to: '/Ai', search: {}, state: { aiList: true } });
  // the list is where the phone came from: go back to it rather than stacking another list on top
  const backToList = () =>
    state.aiFromList && router.history.canGoBack()
      ? router.history.back()
      : void navigate({ to: '/Ai', search: {}, replace: true, state: { aiList: true } });

  return (
    <div className={`ai-page${conversationId || !listing ? ' ai-page-chatting' : ''}`}>
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
            <div className="ai-chat-bar">
              <button type="button" className="ai-back" onClick={showList}>
                历史对话 ›
              </button>
            </div>
            <div className="ai-messages">
              <Suggestions onPick={startNew} disabled={create.isPending} />
            </div>
            <Composer streaming={false} onAsk={startNew} onStop={() => undefined} autoFocus={!listing} />
          </div>
        )}
      </section>
    </div>
  );
}
