import { useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
// deep imports: the widgets stay in this page's chunk instead of the shared one /phonehome loads first
import Input from 'antd-mobile/es/components/input';
import Picker from 'antd-mobile/es/components/picker';
import TextArea from 'antd-mobile/es/components/text-area';
import type { UploadedFile } from '@contract/files';
import type { NewsAttachment, NewsDetail } from '@contract/news';
import { newsArticleRules } from '@contract/news-rules';
import { upload } from '@/api/transfer';
import { AppForm, checkRule, textRules } from '@/components/app-form';
import { EmptyState } from '@/components/empty-state';
import { useLocalDraft } from '@/components/drafts/use-local-draft';
import { showWriteError } from '@/ui/write-feedback';
import { articleQueryOptions, channelsQueryOptions } from '../api/get-news';
import { useSaveArticle } from '../api/write-article';
import { bodyForDisplay, bodyForSaving, imageUrl } from '../news-files';
import { RichTextEditor } from './rich-text-editor';
import './news.css';
import './publish-form.css';

const { Item } = AppForm;

/** /news/addNews: write a new article (or continue a draft / fix a rejected one), save it or submit it for review. */
export function AddNewsPage({ articleId, channelId }: { articleId?: string; channelId?: string }) {
  const existing = useQuery({ ...articleQueryOptions(articleId ?? ''), enabled: Boolean(articleId) });
  if (articleId && existing.isPending) return <p className="news-loading">加载中...</p>;
  if (articleId && !existing.data) return <EmptyState kind="error" onRetry={() => void existing.refetch()} />;
  if (existing.data && !existing.data.abilities.edit) return <EmptyState kind="noperm" tip="该资讯当前不能修改" />;
  return <ArticleForm key={articleId ?? 'new'} article={existing.data} initialChannel={channelId} />;
}

interface ArticleValues {
  title: string;
  channelId: string;
  summary: string;
  body: string;
  covers: string[];
  attachments: NewsAttachment[];
}

function ArticleForm({ article, initialChannel }: { article?: NewsDetail; initialChannel?: string }) {
  const navigate = useNavigate();
  const { data: channels = [] } = useQuery(channelsQueryOptions());
  const publishable = channels.filter((c) => c.canPublish);
  const save = useSaveArticle(article?.id);
  const [form] = AppForm.useForm<ArticleValues>();
  const [opened] = useState<ArticleValues>(() => ({
    title: article?.title ?? '',
    channelId: article?.channelId ?? initialChannel ?? '',
    summary: article?.summary ?? '',
    body: bodyForDisplay(article?.bodyHtml ?? ''),
    covers: article?.coverFileIds ?? [],
    attachments: article?.attachments ?? [],
  }));
  // what was typed and not saved is kept on the device until it is saved or submitted
  const kept = useLocalDraft<ArticleValues>(
    `news-publish.${article?.id ?? 'new'}`,
    (v) => JSON.stringify(v) === JSON.stringify(opened),
  );
  const [initial] = useState(() => kept.restored ?? opened);
  const keepValues = () => kept.keep(form.getFieldsValue(true) as ArticleValues);
  // the uploads' lists have no input of their own: the form keeps them, the page reads them back
  const covers: string[] = AppForm.useWatch('covers', { form, preserve: true }) ?? initial.covers;
  const attachments: NewsAttachment[] =
    AppForm.useWatch('attachments', { form, preserve: true }) ?? initial.attachments;
  const setCovers = (change: (list: string[]) => string[]) => (
    form.setFieldValue('covers', change(form.getFieldValue('covers') as string[])),
    keepValues()
  );
  const setAttachments = (change: (list: NewsAttachment[]) => NewsAttachment[]) => (
    form.setFieldValue('attachments', change(form.getFieldValue('attachments') as NewsAttachment[])),
    keepValues()
  );
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  // which of the two buttons asked for the submit
  const forReview = useRef(false);

  const uploadCover = async (file: File | undefined) => {
    if (!file) return;
    try {
      setProgress(0);
      const [stored] = await upload<UploadedFile[]>('/api/form/common/file/upload', file, { onProgress: setProgress });
      setCovers((list) => [...list, stored!.fileName]);
    } catch (e) {
      showWriteError(e);
    } finally {
      setProgress(null);
    }
  };
  const addAttachment = async (file: File | undefined) => {
    if (!file) return;
    try {
      setProgress(0);
      const [stored] = await upload<UploadedFile[]>('/api/form/common/file/upload', file, { onProgress: setProgress });
      setAttachments((list) => [...list, { fileName: stored!.fileName, attachName: stored!.attachName }]);
    } catch (e) {
      showWriteError(e);
    } finally {
      setProgress(null);
    }
  };

  const submit = () => {
    const v = form.getFieldsValue(true) as ArticleValues;
    const submitForReview = forReview.current;
    setError('');
    save.mutate(
      {
        title: v.title.trim(),
        channelId: v.channelId,
        summary: v.summary.trim(),
        bodyHtml: bodyForSaving(v.body),
        coverFileIds: v.covers,
        attachments: v.attachments,
        submit: submitForReview,
      },
      {
        onSuccess: () => (
          kept.clear(),
          void navigate({ to: '/news/my', search: { status: submitForReview ? 'pending' : 'draft' } })
        ),
      },
    );
  };
  const ask = (submitForReview: boolean) => {
    forReview.current = submitForReview;
    form.submit();
  };

  return (
    <AppForm
      form={form}
      name="article"
      initialValues={initial}
      className="news-page"
      problemToast="none"
      onProblem={setError}
      onValuesChange={keepValues}
      onFinish={submit}
    >
      <section className="news-card news-form">
        {article?.reviewOpinion && (
          <p className="news-opinion news-opinion-rejected">驳回意见：{article.reviewOpinion}</p>
        )}
        <label className="news-label" htmlFor="news-title">
          标题<span className="news-required">*</span>
        </label>
        <Item name="title" noStyle rules={textRules(newsArticleRules.title)}>
          <Input id="news-title" placeholder="请输入标题" maxLength={100} clearable />
        </Item>
        <label className="news-label">
          栏目<span className="news-required">*</span>
        </label>
        <Item name="channelId" noStyle rules={[checkRule((v) => (v ? null : newsArticleRules.channel))]}>
          <ChannelPicker channels={publishable} />
        </Item>
        <label className="news-label" htmlFor="news-summary">
          摘要
        </label>
        <Item name="summary" noStyle rules={textRules(newsArticleRules.summary)}>
          <TextArea id="news-summary" placeholder="选填，不填时取正文开头" maxLength={300} rows={2} />
        </Item>
        <label className="news-label">封面图片</label>
        <div className="news-cover-list">
          {covers.map((id, i) => (
            <div key={id} className="news-cover-item">
              <img src={imageUrl(id)} alt={`封面${i + 1}`} />
              <button
                type="button"
                aria-label={`移除封面${i + 1}`}
                onClick={() => setCovers((list) => list.filter((c) => c !== id))}
              >
                ×
              </button>
            </div>
          ))}
          {covers.length < 5 && (
            <label className="news-cover-add" aria-label="上传封面">
              +
              <input
                type="file"
                accept="image/*"
                hidden
                onChange={(e) => {
                  void uploadCover(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
            </label>
          )}
        </div>
        <label className="news-label">正文</label>
        <Item name="body" noStyle>
          <RichTextEditor initialHtml={initial.body} />
        </Item>
        <label className="news-label">附件</label>
        <ul className="news-attachment-list">
          {attachments.map((file) => (
            <li key={file.fileName}>
              📎 {file.attachName}
              <button
                type="button"
                className="news-link"
                onClick={() => setAttachments((list) => list.filter((f) => f.fileName !== file.fileName))}
              >
                移除
              </button>
            </li>
          ))}
        </ul>
        <label className="news-upload">
          {progress === null ? '添加附件' : `上传中 ${progress}%`}
          <input
            type="file"
            hidden
            onChange={(e) => {
              void addAttachment(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
        {error && (
          <p className="news-error" role="alert">
            {error}
          </p>
        )}
      </section>
      <footer className="news-actions">
        <button type="button" className="news-button" disabled={save.isPending} onClick={() => ask(false)}>
          保存草稿
        </button>
        <button
          type="button"
          className="news-button news-button-primary"
          disabled={save.isPending}
          onClick={() => ask(true)}
        >
          提交审核
        </button>
      </footer>
    </AppForm>
  );
}

/** 栏目: the channels the user may publish in, in a picker opened by a button that names the chosen one. */
function ChannelPicker({
  channels,
  value = '',
  onChange,
}: {
  channels: { id: string; name: string }[];
  value?: string;
  onChange?: (id: string) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="news-picker" onClick={() => setOpen(true)}>
        {channels.find((c) => c.id === value)?.name ?? '请选择栏目'}
      </button>
      <Picker
        visible={open}
        title="选择栏目"
        columns={[channels.map((c) => ({ label: c.name, value: c.id }))]}
        value={[value]}
        onClose={() => setOpen(false)}
        onConfirm={(v) => onChange?.(String(v[0] ?? ''))}
      />
    </>
  );
}
