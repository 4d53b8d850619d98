import { useState } from 'react';
import { useLocalDraft } from '@/components/drafts/use-local-draft';
import { MentionPicker, useMentions } from '@/components/mentions';
import { useCommentOnInstance } from '../api/comment-instance';

/**
 * 评论: anyone who may see the request leaves a note on it without acting; it joins the 流转记录. 「@提及」 picks
 * people from the organisation: their @name goes into the words and each one still named there is reminded.
 */
export function CommentBox({ instanceId, title }: { instanceId: string; title: string }) {
  const kept = useLocalDraft<string>(`flow-comment.${instanceId}`, (t) => !t.trim());
  const [text, setText] = useState(kept.restored ?? '');
  const comment = useCommentOnInstance(instanceId, title);
  const edit = (next: string) => (setText(next), kept.keep(next));
  const mentions = useMentions(text, edit);
  const send = () => {
    if (!text.trim()) return;
    comment.mutate(
      { content: text.trim(), mentionIds: mentions.mentionIds },
      { onSuccess: () => (setText(''), mentions.reset(), kept.clear()) },
    );
  };
  return (
    <section className="flow-card flow-comment" aria-label="评论">
      <h3 className="flow-card-title">评论</h3>
      <textarea
        className="flow-input flow-textarea"
        rows={3}
        maxLength={500}
        aria-label="评论内容"
        placeholder="写下评论（不影响审批）"
        value={text}
        onChange={(e) => edit(e.target.value)}
      />
      {mentions.named.length > 0 && (
        <p className="flow-hint">将提醒：{mentions.named.map((p) => p.realName).join('、')}</p>
      )}
      <div className="flow-comment-foot">
        <button type="button" className="flow-button" onClick={mentions.openPicker}>
          @提及
        </button>
        <small className="flow-hint">{text.length}/500</small>
        <button
          type="button"
          className="flow-button flow-button-primary"
          disabled={!text.trim() || comment.isPending}
          onClick={send}
        >
          {comment.isPending ? '发表中...' : '发表评论'}
        </button>
      </div>
      <MentionPicker mentions={mentions} />
    </section>
  );
}
