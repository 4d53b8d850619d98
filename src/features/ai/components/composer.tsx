import { useState, type KeyboardEvent } from 'react';
import { TextArea } from 'antd-mobile';
import { useIsOffline } from '@/offline/online-status';

interface ComposerProps {
  streaming: boolean;
  onAsk: (text: string) => void;
  onStop: () => void;
}

const MAX_QUESTION = 4000;

/** The question box: 发送, or 停止 while an answer streams. Enter sends, Shift+Enter breaks the line. */
export function Composer({ streaming, onAsk, onStop }: ComposerProps) {
  const [text, setText] = useState('');
  const offline = useIsOffline();
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
      {/* antd-mobile puts aria-* on its wrapper, so the textarea is named by a label */}
      <label htmlFor="ai-question" className="visually-hidden">
        输入问题
      </label>
      <TextArea
        id="ai-question"
        className="ai-composer-input"
        placeholder={offline ? '当前离线，联网后才能提问' : '输入问题，例如：我有几个待办'}
        value={text}
        onChange={setText}
        onKeyDown={onKeyDown}
        autoSize={{ minRows: 1, maxRows: 4 }}
        maxLength={MAX_QUESTION}
        rows={1}
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
