import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { NewsDetail } from '@contract/news';
import { formatDate } from '@/lib/format';
import { useLocalDraft } from '@/components/drafts/use-local-draft';
import { MentionPicker, useMentions } from '@/components/mentions';
import { commentsQueryOptions } from '../api/get-news';
import { useComment, useLike } from '../api/interact';
import './comments.css';

/**
 * 点赞 and 评论 under a published article; comments are plain text (React escapes them). 「@提及」 picks readers to remind,
 * as in a 审批 评论: each person still named in the words is sent as a mention.
 */
export function CommentsSection({ article }: { article: NewsDetail }) {
  const kept = useLocalDraft<string>(`news-comment.${article.id}`, (t) => !t.trim());
  const [text, setText] = useState(kept.restored ?? '');
  const like = useLike(article);
  const comment = useComment(article);
  const { data } = useQuery(commentsQueryOptions(article.id));
  const edit = (next: string) => (setText(next), kept.keep(next));
  const mentions = useMentions(text, edit);
  const send = () => {
    const content = text.trim();
    if (!content) return;
    comment.mutate(
      { content, mentionIds: mentions.mentionIds },
      { onSuccess: () => (setText(''), mentions.reset(), kept.clear()) },
    );
  };
  return (
    <section className="news-card" aria-label="评论">
      <div className="news-interact">
        <button
          type="button"
          className={`news-like${article.liked ? ' news-liked' : ''}`}
          aria-pressed={article.liked}
          disabled={!article.abilities.like || like.isPending}
          onClick={() => like.mutate(!article.liked)}
        >
          {article.liked ? '♥ 已赞' : '♡ 点赞'} {article.likeCount}
        </button>
        <span>评论 {data?.total ?? article.commentCount}</span>
      </div>
      {article.abilities.comment && (
        <div className="news-comment-form">
          <input
            className="news-input"
            aria-label="评论内容"
            placeholder="写下你的评论"
            maxLength={500}
            value={text}
            onChange={(e) => edit(e.target.value)}
          />
          <button type="button" className="news-button" onClick={mentions.openPicker}>
            @提及
          </button>
          <button
            type="button"
            className="news-button news-button-primary"
            disabled={!text.trim() || comment.isPending}
            onClick={send}
          >
            发表
          </button>
        </div>
      )}
      {mentions.named.length > 0 && (
        <p className="news-mention-hint">将提醒：{mentions.named.map((p) => p.realName).join('、')}</p>
      )}
      <MentionPicker mentions={mentions} />
      <ul className="news-comments">
        {(data?.rows ?? []).map((c) => (
          <li key={c.id}>
            <p className="news-comment-head">
              <strong>{c.userName}</strong>
              <span>{formatDate(c.createdAt, 'MM-dd HH:mm')}</span>
            </p>
            <p className="news-comment-text">{c.content}</p>
          </li>
        ))}
        {data && data.rows.length === 0 && <li className="news-muted">暂无评论</li>}
      </ul>
    </section>
  );
}
