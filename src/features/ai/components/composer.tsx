import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useIsOffline } from '@/offline/online-status';
import './ai-composer.css';

interface ComposerProps {
  streaming: boolean;
  onAsk: (text: string) => void;
  onStop: () => void;
  /** a new question is what the screen is for: the box takes the focus, no tap needed */
  autoFocus?: boolean;
}

const MAX_QUESTION = 4000;

/** The question box: 发送, or 停止 while an answer streams. Enter sends, Shift+Enter breaks the line. */
export function Composer({ streaming, onAsk, onStop, autoFocus = false }: ComposerProps) {
  const [text, setText] = useState('');
  const offline = useIsOffline();
  const input = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const box = input.current;
    if (!autoFocus || !box) return;
    // once: the stage carries the focus when it moves the page between slots (page-stage.ts). Not away from a field
    // the person is already typing in (the box may be offered late, once the conversation has loaded)
    const active = document.activeElement;
    if (active !== box && active?.closest('input, textarea, select, [contenteditable="true"]')) return;
    box.focus({ preventScroll: true });
  }, [autoFocus]);
  const send = () => {
    if (!text.trim() || streaming) return;
    onAsk(text);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  return (
    <div className="ai-composer">
      {/* a plain textarea: antd-mobile's TextArea would join the vendor chunk /phonehome loads first */}
      <textarea
        ref={input}
        className="ai-composer-input"
        aria-label="输入问题"
        placeholder={offline ? '当前离线，联网后才能提问' : '输入问题，例如：我有几个待办'}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        maxLength={MAX_QUESTION}
        rows={Math.min(4, Math.max(1, text.split('\n').length))}
      />
      {streaming ? (
        <button type="button" className="ai-send ai-stop" onClick={onStop}>
          停止
        </button>
      ) : (
        <button type="button" className="ai-send" disabled={!text.trim()} onClick={send}>
          发送
        </button>
      )}
    </div>
  );
}
