import './ai-composer.css';

/** What to ask first, shown on an empty conversation (issue #15). */
export const SUGGESTIONS = ['我的待办有哪些', '帮我写请假理由', '查找张三的电话'] as const;

export function Suggestions({ onPick, disabled }: { onPick: (text: string) => void; disabled?: boolean }) {
  return (
    <div className="ai-welcome">
      <p className="ai-welcome-title">你好，我是AI助手</p>
      <p className="ai-welcome-tip">可以帮你查待办、找同事、搜资讯和邮件、准备申请单。试试这样问：</p>
      <div className="ai-chips">
        {SUGGESTIONS.map((text) => (
          <button key={text} type="button" className="ai-chip" disabled={disabled} onClick={() => onPick(text)}>
            {text}
          </button>
        ))}
      </div>
    </div>
  );
}
