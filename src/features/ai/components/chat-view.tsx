import { useEffect, useRef } from 'react';
import type { AiMessage } from '@contract/ai';
import { EmptyState } from '@/components/empty-state';
import { useIsOffline } from '@/offline/online-status';
import type { useAsk } from '../api/ask-stream';
import { AnswerBubble, QuestionBubble } from './message-bubble';
import { Composer } from './composer';
import { Suggestions } from './suggestions';

interface ChatViewProps {
  conversationId: string;
  asking: ReturnType<typeof useAsk>;
  onBack: () => void;
}

/** The question asked just before a stored answer (retry asks it again). */
const questionBefore = (messages: AiMessage[], index: number) =>
  messages[index - 1]?.role === 'user' ? messages[index - 1]!.content : null;

/** One conversation: its history (also offline, from the cache), the answer streaming now, and the question box. */
export function ChatView({ conversationId, asking, onBack }: ChatViewProps) {
  const { history, turn, ask, stop, streaming } = asking;
  const offline = useIsOffline();
  const end = useRef<HTMLDivElement>(null);
  const messages = history.data ?? [];
  const askHere = (text: string) => void ask(text, conversationId);

  // follow the answer as it grows
  const answerLength = turn ? turn.answer.content.length + turn.answer.cards.length : 0;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, answerLength]);

  const body = () => {
    if (history.isPending) {
      if (offline || history.fetchStatus === 'paused') return <EmptyState kind="offline" />;
      return (
        <p className="ai-loading" role="status">
          加载中...
        </p>
      );
    }
    if (messages.length === 0 && history.isError)
      return <EmptyState kind={offline ? 'offline' : 'error'} onRetry={() => void history.refetch()} />;
    if (messages.length === 0 && !turn) return <Suggestions onPick={askHere} />;
    const last = messages.length - 1;
    return (
      <>
        {messages.map((message, index) => {
          if (message.role === 'user') return <QuestionBubble key={message.id} text={message.content} />;
          const question = questionBefore(messages, index);
          const retryable = index === last && !turn && message.status !== 'complete' && question;
          return (
            <AnswerBubble key={message.id} answer={message} onRetry={retryable ? () => askHere(question) : undefined} />
          );
        })}
        {turn && (
          <>
            <QuestionBubble text={turn.question} />
            <AnswerBubble
              answer={turn.answer}
              streaming={turn.streaming}
              onRetry={!turn.streaming && turn.answer.status !== 'complete' ? () => askHere(turn.question) : undefined}
            />
          </>
        )}
      </>
    );
  };

  return (
    <div className="ai-chat">
      <div className="ai-chat-bar">
        <button type="button" className="ai-back" onClick={onBack}>
          ‹ 全部对话
        </button>
      </div>
      {offline && <p className="ai-offline">当前离线：可以查看历史对话，提问需要联网</p>}
      <div className="ai-messages" aria-live="polite">
        {body()}
        <div ref={end} />
      </div>
      <Composer
        streaming={streaming}
        onAsk={askHere}
        onStop={stop}
        autoFocus={!history.isPending && messages.length === 0 && !turn}
      />
    </div>
  );
}
