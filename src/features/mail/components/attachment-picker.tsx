import { useId } from 'react';
import type { UploadedFile } from '@contract/files';
import { useSiteConfig } from '@/api/site-config';
import { uploadLimitMb, uploadRefusal } from '@/api/upload-rule';
import { formatSize } from '@/lib/format';
import { useIsOffline } from '@/offline/online-status';
import { toast } from '@/ui/feedback';
import { hasThumbnail } from '../attachment-cache';
import { AttachmentThumbnail } from './attachment-thumbnail';

interface Props {
  /** attachments already on the server */
  value: UploadedFile[];
  onChange: (files: UploadedFile[]) => void;
  /** picked files, held on the phone: uploaded when the mail is written to the server (sent or saved as a draft) */
  held: File[];
  onHeldChange: (files: File[]) => void;
  /** the held files' upload, in percent, while it runs */
  progress: number | null;
}

/**
 * Attachments of a mail being written: pick, remove. A picked file is held on the phone whenever it was picked (online
 * or not) and goes up with the mail; the upload rule the server applies is checked at once.
 */
export function AttachmentPicker({ value, onChange, held, onHeldChange, progress }: Props) {
  const id = useId();
  const offline = useIsOffline();
  const maxMb = uploadLimitMb(useSiteConfig());
  const add = (list: FileList | null) => {
    const accepted = Array.from(list ?? []).filter((file) => {
      const refusal = uploadRefusal(file, maxMb);
      if (refusal) toast.fail(refusal);
      return !refusal;
    });
    if (accepted.length) onHeldChange([...held, ...accepted]);
  };
  return (
    <div className="mail-field mail-files">
      <span className="mail-field-label">附件</span>
      <div>
        {value.map((file) => (
          <div key={file.fileName} className="mail-attachment">
            {hasThumbnail(file) && <AttachmentThumbnail file={file} />}
            <span>{file.attachName}</span>
            <small>{formatSize(file.size)}</small>
            <button
              type="button"
              className="mail-link"
              onClick={() => onChange(value.filter((f) => f.fileName !== file.fileName))}
            >
              删除
            </button>
          </div>
        ))}
        {held.map((file, at) => (
          <div key={`${at}-${file.name}`} className="mail-attachment mail-attachment-held">
            <span>{file.name}</span>
            <small>
              {formatSize(file.size)} · {offline ? '联网后上传' : '发送时上传'}
            </small>
            <button type="button" className="mail-link" onClick={() => onHeldChange(held.filter((_, i) => i !== at))}>
              删除
            </button>
          </div>
        ))}
        <label className="mail-link" htmlFor={id}>
          {progress === null ? '＋ 添加附件' : `上传中 ${progress}%`}
        </label>
        <input
          id={id}
          className="mail-file-input"
          type="file"
          multiple
          aria-label="添加附件"
          onChange={(e) => (add(e.target.files), (e.target.value = ''))}
        />
        {progress !== null && <progress className="mail-progress" max={100} value={progress} />}
        {offline && <small className="mail-hint">离线时附件先存在手机上，发送后联网自动上传</small>}
      </div>
    </div>
  );
}
