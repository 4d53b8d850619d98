import { useQuery } from '@tanstack/react-query';
import { previewFile } from '@/components/file-preview/preview-store';
import { EmptyState } from '@/components/empty-state';
import { meetingDetailOptions } from '../api/get-meetings';
import './meeting.css';
import './materials.css';

const sizeText = (bytes: number) =>
  bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** /meeting/information: the meeting's materials; a tap opens the shared previewer (with download). */
export function MaterialsPage({ id }: { id: string }) {
  const { data, isPending, refetch } = useQuery(meetingDetailOptions(id));
  if (isPending) return <p className="meeting-loading">加载中...</p>;
  if (!data) return <EmptyState kind="error" onRetry={() => void refetch()} />;
  if (!data.materials.length) return <EmptyState kind="emptydata" tip="本次会议没有材料" />;
  return (
    <div className="meeting-page">
      <h2 className="meeting-card-title meeting-pad">{data.subject}</h2>
      <ul className="meeting-files">
        {data.materials.map((f) => (
          <li key={f.id}>
            <button
              type="button"
              className="meeting-file"
              onClick={() => previewFile({ fileName: f.id, name: f.fileName })}
            >
              <span>{f.fileName}</span>
              <span className="meeting-muted">{sizeText(f.size)}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
