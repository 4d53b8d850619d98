import { useId, useState } from 'react';
import type { UploadedFile } from '@contract/files';
import { upload } from '@/api/http';
import { formatSize } from '@/lib/format';
import { useIsOffline } from '@/offline/online-status';

/** Attachments of a mail being written: upload with progress, remove. Uploading needs the network. */
export function AttachmentPicker({ value, onChange }: { value: UploadedFile[]; onChange: (files: UploadedFile[]) => void }) {
  const id = useId();
  const offline = useIsOffline();
  const [progress, setProgress] = useState<number | null>(null);
  const add = async (files: FileList | null) => {
    if (!files?.length) return;
    const added: UploadedFile[] = [];
    try {
      for (const file of Array.from(files)) {
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
            <span>{file.attachName}</span>
            <small>{formatSize(file.size)}</small>
            <button type="button" className="mail-link" onClick={() => onChange(value.filter((f) => f.fileName !== file.fileName))}>
              删除
            </button>
          </div>
        ))}
        {offline ? (
          <small className="mail-hint">离线时不能上传附件</small>
        ) : (
          <>
            <label className="mail-link" htmlFor={id}>
              {progress === null ? '＋ 添加附件' : `上传中 ${progress}%`}
            </label>
            <input id={id} className="mail-file-input" type="file" multiple aria-label="添加附件" onChange={(e) => void add(e.target.files)} />
            {progress !== null && <progress className="mail-progress" max={100} value={progress} />}
          </>
        )}
      </div>
    </div>
  );
}
