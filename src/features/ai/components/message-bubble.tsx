import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { AnswerRecord } from '@contract/ai-answer';
import { toast } from '@/ui/feedback';
import { renderMarkdown } from '../markdown';
import { AiCardView } from './ai-card-view';
import { copyText } from '@/lib/copy-text';
import { isAppPath, toolLabel } from './internal-href';
import './ai-messages.css';

export function QuestionBubble({ text }: { text: string }) {
  return (
    <div className="ai-row ai-row-user">
      <p className="ai-bubble ai-bubble-user">{text}</p>
    </div>
  );
}

interface AnswerBubbleProps {
  answer: AnswerRecord;
  streaming?: boolean;
  /** offered on a stopped or failed answer: asks the same question again */
  onRetry?: () => void;
}

/** One answer: what the tools did, the Markdown (sanitised), the cards, and 复制 / 重试. */
export function AnswerBubble({ answer, streaming = false, onRetry }: AnswerBubbleProps) {
  const navigate = useNavigate();
  const html = useMemo(() => renderMarkdown(answer.content), [answer.content]);
  // links to the app's own pages open in place instead of reloading the app
  const followAppLinks = (event: MouseEvent<HTMLDivElement>) => {
    const href = (event.target as HTMLElement).closest('a')?.getAttribute('href');
    if (!isAppPath(href)) return;
    event.preventDefault();
    void navigate({ href });
  };
  const copy = async () => {
    if (await copyText(answer.content)) toast.success('已复制');
    else toast.fail('复制失败，请长按文字复制');
  };
  return (
    <div className="ai-row ai-row-assistant">
      <div className="ai-bubble ai-bubble-assistant" aria-busy={streaming}>
        {answer.toolCalls.length > 0 && (
          <ul className="ai-tools" aria-label="已调用的工具">
            {answer.toolCalls.map((call) => (
              <li key={call.id} className="ai-tool">
                {toolLabel(call.name)}
              </li>
            ))}
          </ul>
        )}
        {html ? (
          // renderMarkdown escapes raw HTML and sanitises the result
          <div className="ai-markdown" onClick={followAppLinks} dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          streaming && <p className="ai-thinking">正在思考…</p>
        )}
        {answer.cards.map((card, index) => (
          <AiCardView key={index} card={card} />
        ))}
        {!streaming && answer.status === 'stopped' && <p className="ai-status">已停止回答</p>}
        {!streaming && answer.status === 'error' && (
          <p className="ai-status ai-status-error" role="alert">
            {answer.error || 'AI助手暂时无法回答，请稍后再试'}
          </p>
        )}
        {!streaming && (answer.content || onRetry) && (
          <div className="ai-actions">
            {answer.content && (
              <button type="button" className="ai-action" onClick={() => void copy()}>
                复制
              </button>
            )}
            {onRetry && (
              <button type="button" className="ai-action" onClick={onRetry}>
                重试
              </button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
