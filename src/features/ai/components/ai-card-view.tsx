import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { AiCard, UserCard } from '@contract/ai';
import { selectorTreeQueryOptions } from '@/api/selector';
import { formatRelativeTime } from '@/lib/format';
import { isAppPath } from './internal-href';
import './ai-messages.css';

/** A tool's result as a card the user taps: a to-do, article or mail opens its detail, a colleague their card, a start link the form. */
export function AiCardView({ card }: { card: AiCard }) {
  const navigate = useNavigate();
  const go = (href: string) => {
    if (isAppPath(href)) void navigate({ href });
  };
  switch (card.kind) {
    case 'todoList':
      return (
        <section className="ai-card" aria-label="待办">
          <h3 className="ai-card-title">待办 · 共 {card.total} 条</h3>
          {card.items.length === 0 ? (
            <p className="ai-card-line">暂无待办</p>
          ) : (
            <ul className="ai-card-items">
              {card.items.map((item) => (
                <li key={item.taskId}>
                  <button type="button" className="ai-card-item" onClick={() => go(item.href)}>
                    <span className="ai-card-item-title">{item.title}</span>
                    <span className="ai-card-meta">
                      {item.definitionName} · {item.initiatorName} · {formatRelativeTime(item.createdAt)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <button type="button" className="ai-card-more" onClick={() => go(card.moreHref)}>
            查看全部待办
          </button>
        </section>
      );
    case 'user':
      return <ColleagueCard card={card} />;
    case 'startLink':
      return (
        <button type="button" className="ai-card ai-card-button" onClick={() => go(card.href)}>
          <span className="ai-card-title">{card.definitionName}（预填申请单）</span>
          {card.summary.map((line) => (
            <span key={line} className="ai-card-line">
              {line}
            </span>
          ))}
          <span className="ai-card-action">去核对并提交 ›</span>
        </button>
      );
    case 'menu':
      return (
        <button type="button" className="ai-card ai-card-button" onClick={() => go(card.href)}>
          <span className="ai-card-title">{card.title}</span>
          <span className="ai-card-line">{card.trail}</span>
          <span className="ai-card-action">打开 ›</span>
        </button>
      );
    case 'approval':
      return (
        <button type="button" className="ai-card ai-card-button" onClick={() => go(card.href)}>
          <span className="ai-card-title">{card.title}</span>
          <span className="ai-card-line">
            编号 {card.serial} · {card.statusText}
          </span>
          <span className="ai-card-line">
            发起人 {card.initiatorName}
            {card.currentNodeNames.length ? ` · 当前环节 ${card.currentNodeNames.join('、')}` : ''}
          </span>
          <span className="ai-card-action">查看详情 ›</span>
        </button>
      );
    case 'news':
      return (
        <button
          type="button"
          className="ai-card ai-card-button"
          aria-label={`资讯：${card.title}`}
          onClick={() => go(card.href)}
        >
          <span className="ai-card-title">{card.title}</span>
          {card.summary && <span className="ai-card-line">{card.summary}</span>}
          <span className="ai-card-meta">
            {card.channelName} · {card.authorName}
            {card.publishedAt ? ` · ${formatRelativeTime(card.publishedAt)}` : ''}
          </span>
          <span className="ai-card-action">阅读全文 ›</span>
        </button>
      );
    case 'mail':
      return (
        <button
          type="button"
          className="ai-card ai-card-button"
          aria-label={`邮件：${card.subject}`}
          onClick={() => go(card.href)}
        >
          <span className="ai-card-title">
            {card.seen ? '' : '［未读］'}
            {card.subject}
          </span>
          {card.summary && <span className="ai-card-line">{card.summary}</span>}
          <span className="ai-card-meta">
            发件人 {card.senderName} · {formatRelativeTime(card.at)}
          </span>
          <span className="ai-card-action">查看邮件 ›</span>
        </button>
      );
  }
}

/** The 个人名片 page reads the address book's own cache: load this person through the same search first. */
function ColleagueCard({ card }: { card: UserCard }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const open = async () => {
    await queryClient.fetchQuery(selectorTreeQueryOptions('org', '0', card.realName)).catch(() => undefined);
    void navigate({ to: '/addressbook/userInfo', search: { userId: card.id, org: card.orgName || undefined } });
  };
  const phone = card.mobile || card.phone;
  return (
    <button type="button" className="ai-card ai-card-button" onClick={() => void open()}>
      <span className="ai-card-title">{card.realName}</span>
      <span className="ai-card-line">
        {card.orgName || '未填写部门'}
        {card.post ? ` · ${card.post}` : ''}
      </span>
      {phone && <span className="ai-card-line">电话 {phone}</span>}
      {card.email && <span className="ai-card-line">邮箱 {card.email}</span>}
      <span className="ai-card-action">查看名片 ›</span>
    </button>
  );
}
