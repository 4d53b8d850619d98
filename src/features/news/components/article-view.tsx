import type { MouseEvent } from 'react';
import type { NewsDetail } from '@contract/news';
import { NEWS_STATUS_LABELS } from '@contract/news';
import { previewFile } from '@/components/file-preview/preview-store';
import { formatDate } from '@/lib/format';
import { bodyForDisplay, fileIdOfImage, imageUrl } from '../news-files';
import './article-view.css';

/** Title, facts, review result, covers, the sanitised body (images open in a viewer) and the attachments. */
export function ArticleView({ article }: { article: NewsDetail }) {
  const html = bodyForDisplay(article.bodyHtml);
  const openImage = (event: MouseEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (target.tagName !== 'IMG') return;
    const fileId = fileIdOfImage((target as HTMLImageElement).src);
    // the app's full-screen preview (with 下载) is the image viewer
    if (fileId) previewFile({ fileName: fileId, name: (target as HTMLImageElement).alt || '图片' });
  };
  return (
    <article className="news-card news-article">
      <h1 className="news-title">{article.title}</h1>
      <p className="news-row-meta">
        <span>{article.channelName}</span>
        <span>{article.authorName}</span>
        <span>{formatDate(article.publishedAt ?? article.updatedAt, 'yyyy-MM-dd HH:mm')}</span>
        {article.status === 'published' ? (
          <span>阅读 {article.viewCount}</span>
        ) : (
          <span className={`news-tag news-status-${article.status}`}>{NEWS_STATUS_LABELS[article.status]}</span>
        )}
      </p>
      {article.reviewOpinion && (
        <p className={`news-opinion news-opinion-${article.status}`}>
          审核意见（{article.reviewerName}）：{article.reviewOpinion}
        </p>
      )}
      {article.coverFileIds.length > 0 && (
        <div className="news-covers">
          {article.coverFileIds.map((id, i) => (
            <img
              key={id}
              src={imageUrl(id)}
              alt={`封面${i + 1}`}
              onClick={() => previewFile({ fileName: id, name: `封面${i + 1}` })}
            />
          ))}
        </div>
      )}
      {/* sanitised twice: on save by the server, here by DOMPurify (bodyForDisplay) */}
      <div className="news-body" onClick={openImage} dangerouslySetInnerHTML={{ __html: html }} />
      {article.attachments.length > 0 && (
        <section aria-label="附件" className="news-attachments">
          <h3 className="news-section-title">附件</h3>
          {article.attachments.map((file) => (
            <button
              key={file.fileName}
              type="button"
              className="news-link"
              onClick={() => previewFile({ fileName: file.fileName, name: file.attachName })}
            >
              📎 {file.attachName}
            </button>
          ))}
        </section>
      )}
    </article>
  );
}
