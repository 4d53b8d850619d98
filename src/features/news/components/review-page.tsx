import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
// deep imports: the widgets stay in this page's chunk instead of the shared one /phonehome loads first
import DatePicker from 'antd-mobile/es/components/date-picker';
import Selector from 'antd-mobile/es/components/selector';
import Switch from 'antd-mobile/es/components/switch';
import TextArea from 'antd-mobile/es/components/text-area';
import { EmptyState } from '@/components/empty-state';
import { formatDate } from '@/lib/format';
import { useIsOffline } from '@/offline/online-status';
import { articleQueryOptions } from '../api/get-news';
import { useReviewArticle } from '../api/write-article';
import './news.css';
import './publish-form.css';

type Decision = 'approve' | 'reject';
const DAY = 24 * 3600 * 1000;

/** /news/infoReview: 通过 (optionally 置顶 until a day) or 驳回 with an opinion. */
export function ReviewPage({ articleId }: { articleId: string }) {
  const navigate = useNavigate();
  const offline = useIsOffline();
  const { data, isPending } = useQuery(articleQueryOptions(articleId));
  const review = useReviewArticle(articleId, data?.title ?? '');
  const [decision, setDecision] = useState<Decision>('approve');
  const [opinion, setOpinion] = useState('');
  const [pinned, setPinned] = useState(false);
  const [pinnedUntil, setPinnedUntil] = useState(() => new Date(Date.now() + 7 * DAY));
  const [pickerOpen, setPickerOpen] = useState(false);
  const [error, setError] = useState('');

  if (isPending) return <p className="news-loading">加载中...</p>;
  if (!data) return <EmptyState kind={offline ? 'offline' : 'error'} />;
  if (!data.abilities.review)
    return <EmptyState kind="noperm" tip={data.status === 'pending' ? '您不能审核该资讯' : '该资讯已被审核'} />;

  const submit = () => {
    if (decision === 'reject' && !opinion.trim()) return setError('驳回时请填写审核意见');
    setError('');
    // the end of the chosen day, so 置顶至 11月30日 still shows it on the 30th
    const until = pinned
      ? new Date(pinnedUntil.getFullYear(), pinnedUntil.getMonth(), pinnedUntil.getDate(), 23, 59, 59).toISOString()
      : null;
    review.mutate(
      { decision, opinion: opinion.trim(), pinnedUntil: decision === 'approve' ? until : null },
      { onSuccess: () => void navigate({ to: '/news/wait' }) },
    );
  };
  return (
    <div className="news-page">
      <section className="news-card">
        <h2 className="news-title">{data.title}</h2>
        <p className="news-row-meta">
          <span>{data.channelName}</span>
          <span>{data.authorName}</span>
          <span>提交于 {formatDate(data.submittedAt, 'yyyy-MM-dd HH:mm')}</span>
        </p>
      </section>
      <section className="news-card news-form">
        <label className="news-label">审核结果</label>
        <Selector
          columns={2}
          value={[decision]}
          onChange={(v) => v[0] && setDecision(v[0])}
          options={[
            { label: '通过', value: 'approve' as Decision },
            { label: '驳回', value: 'reject' as Decision },
          ]}
        />
        <label className="news-label" htmlFor="news-opinion">
          审核意见{decision === 'reject' && <span className="news-required">*</span>}
        </label>
        <TextArea
          id="news-opinion"
          placeholder={decision === 'reject' ? '请填写驳回原因' : '选填'}
          maxLength={500}
          showCount
          rows={4}
          value={opinion}
          onChange={setOpinion}
        />
        {decision === 'approve' && (
          <div className="news-pin">
            <span>置顶到头条</span>
            <Switch checked={pinned} onChange={setPinned} aria-label="置顶到头条" />
            {pinned && (
              <button type="button" className="news-link" onClick={() => setPickerOpen(true)}>
                置顶至 {formatDate(pinnedUntil, 'yyyy-MM-dd')}
              </button>
            )}
          </div>
        )}
        <DatePicker
          visible={pickerOpen}
          title="置顶截止日期"
          min={new Date()}
          max={new Date(Date.now() + 365 * DAY)}
          value={pinnedUntil}
          onClose={() => setPickerOpen(false)}
          onConfirm={setPinnedUntil}
        />
        {error && (
          <p className="news-error" role="alert">
            {error}
          </p>
        )}
      </section>
      <footer className="news-actions">
        <button type="button" className="news-button news-button-primary" disabled={review.isPending} onClick={submit}>
          提交审核结果
        </button>
      </footer>
    </div>
  );
}
