import { useId, useState } from 'react';
import type { UploadedFile } from '@contract/files';
import { upload } from '@/api/http';
import { useSiteConfig } from '@/api/site-config';
import { formatSize } from '@/lib/format';
import { useIsOffline } from '@/offline/online-status';
import { toast } from '@/ui/feedback';
import { hasThumbnail } from '../attachment-cache';
import { AttachmentThumbnail } from './attachment-thumbnail';

/** The server's default (UPLOAD_MAX_MB) until the site config has told the real one. */
const DEFAULT_MAX_MB = 50;

interface Props {
  /** attachments already on the server */
  value: UploadedFile[];
  onChange: (files: UploadedFile[]) => void;
  /** files added offline, held on the phone: they are uploaded when the mail is sent (through the outbox) */
  held: File[];
  onHeldChange: (files: File[]) => void;
}

/**
 * Attachments of a mail being written: upload with progress, remove. Offline a file is held on the phone and goes
 * with the mail into the outbox; the size limit the server applies is checked at once either way.
 */
export function AttachmentPicker({ value, onChange, held, onHeldChange }: Props) {
  const id = useId();
  const offline = useIsOffline();
  const maxMb = useSiteConfig()?.upload.maxSizeMb || DEFAULT_MAX_MB;
  const [progress, setProgress] = useState<number | null>(null);
  const refusalOf = (file: File) => {
    if (file.size === 0) return `附件「${file.name}」不能上传：不能上传空文件`;
    if (file.size > maxMb * 1024 * 1024) return `附件「${file.name}」不能上传：文件大小不能超过${maxMb}MB`;
    return null;
  };
  const add = async (list: FileList | null) => {
    const files = Array.from(list ?? []);
    const accepted = files.filter((file) => {
      const refusal = refusalOf(file);
      if (refusal) toast.fail(refusal);
      return !refusal;
    });
    if (!accepted.length) return;
    if (offline) return onHeldChange([...held, ...accepted]);
    const added: UploadedFile[] = [];
    try {
      for (const file of accepted) {
        setProgress(0);
        added.push(...(await upload<UploadedFile[]>('/api/form/common/file/upload', file, { onProgress: setProgress })));
      }
    } finally {
      setProgress(null);
      if (added.length) onChange([...value, ...added]);
    }
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
            <button type="button" className="mail-link" onClick={() => onChange(value.filter((f) => f.fileName !== file.fileName))}>
              删除
            </button>
          </div>
        ))}
        {held.map((file, at) => (
          <div key={`${at}-${file.name}`} className="mail-attachment mail-attachment-held">
            <span>{file.name}</span>
            <small>{formatSize(file.size)} · 联网后上传</small>
            <button type="button" className="mail-link" onClick={() => onHeldChange(held.filter((_, i) => i !== at))}>
              删除
            </button>
          </div>
        ))}
        <label className="mail-link" htmlFor={id}>
          {progress === null ? '＋ 添加附件' : `上传中 ${progress}%`}
        </label>
        <input id={id} className="mail-file-input" type="file" multiple aria-label="添加附件" onChange={(e) => (void add(e.target.files), (e.target.value = ''))} />
        {progress !== null && <progress className="mail-progress" max={100} value={progress} />}
        {offline && <small className="mail-hint">离线时附件先存在手机上，发送后联网自动上传</small>}
      </div>
    </div>
  );
}
