import './form-renderer.css';
import { useState } from 'react';
import type { UploadedFile } from '@contract/files';
import type { FormField } from '@contract/flow';
import { upload } from '@/api/transfer';
import { OrgUserSelector } from '@/components/org-user-selector';
import { formatSize } from '@/lib/format';
import { DateField } from '@/components/date-field';
import { ChoiceField } from './choice-field';
import { DateRangeField } from './date-range-field';

interface FieldInputProps {
  field: FormField;
  value: unknown;
  onChange: (value: unknown) => void;
}

const inputId = (field: FormField) => `flow-field-${field.key}`;

/** One editable form field: choices and dates open antd-mobile bottom sheets; numbers bring up the phone's keypad. */
export function FieldInput({ field, value, onChange }: FieldInputProps) {
  const id = inputId(field);
  switch (field.type) {
    case 'textarea':
      return (
        <textarea
          id={id}
          className="flow-input flow-textarea"
          rows={4}
          maxLength={field.max ?? 2000}
          placeholder={`请输入${field.label}`}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'number':
    case 'money':
      return (
        <>
          <input
            id={id}
            className="flow-input"
            type="number"
            inputMode="decimal"
            step={field.type === 'money' ? '0.01' : 'any'}
            min={field.min}
            max={field.max}
            placeholder={`请输入${field.label}`}
            value={value === undefined || value === null ? '' : String(value)}
            onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}
          />
          {field.computed && <small className="flow-hint">按所选日期自动计算（工作日），可按半天调整</small>}
        </>
      );
    case 'date':
    case 'datetime':
      return (
        <DateField
          className="flow-input flow-picker"
          label={field.label}
          withTime={field.type === 'datetime'}
          value={String(value ?? '')}
          onChange={onChange}
        />
      );
    case 'daterange':
      return (
        <DateRangeField
          id={id}
          label={field.label}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={onChange}
        />
      );
    case 'select':
      return <ChoiceField id={id} field={field} value={String(value ?? '')} onChange={onChange} />;
    case 'user':
      return <UserField id={id} value={Array.isArray(value) ? (value as string[]) : []} onChange={onChange} />;
    case 'attachment':
      return (
        <AttachmentField id={id} value={Array.isArray(value) ? (value as UploadedFile[]) : []} onChange={onChange} />
      );
    default:
      return (
        <input
          id={id}
          className="flow-input"
          maxLength={field.max ?? 100}
          placeholder={`请输入${field.label}`}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}

function UserField({ id, value, onChange }: { id: string; value: string[]; onChange: (v: unknown) => void }) {
  const [open, setOpen] = useState(false);
  const [names, setNames] = useState<string[]>([]);
  return (
    <>
      <button id={id} type="button" className="flow-input flow-picker" onClick={() => setOpen(true)}>
        {value.length ? names.join('、') || `已选${value.length}人` : '请选择人员'}
      </button>
      <OrgUserSelector
        visible={open}
        onClose={() => setOpen(false)}
        onConfirm={(users) => {
          onChange(users.map((u) => u.id));
          setNames(users.map((u) => u.realName));
          setOpen(false);
        }}
      />
    </>
  );
}

export function AttachmentField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: UploadedFile[];
  onChange: (v: unknown) => void;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const handleFiles = async (files: FileList | null) => {
    if (!files?.length) return;
    const added: UploadedFile[] = [];
    try {
      for (const file of Array.from(files)) {
        setProgress(0);
        const stored = await upload<UploadedFile[]>('/api/form/common/file/upload', file, { onProgress: setProgress });
        added.push(...stored);
      }
    } finally {
      setProgress(null);
      if (added.length) onChange([...value, ...added]);
    }
  };
  return (
    <div className="flow-attachments">
      {value.map((file) => (
        <div key={file.fileName} className="flow-attachment">
          <span>{file.attachName}</span>
          <small>{formatSize(file.size)}</small>
          <button
            type="button"
            className="flow-link"
            onClick={() => onChange(value.filter((f) => f.fileName !== file.fileName))}
          >
            删除
          </button>
        </div>
      ))}
      <label className="flow-upload" htmlFor={id}>
        {progress === null ? '＋ 添加附件' : `上传中 ${progress}%`}
      </label>
      <input
        id={id}
        className="flow-file-input"
        type="file"
        multiple
        onChange={(e) => void handleFiles(e.target.files)}
      />
      {progress !== null && <progress className="flow-progress" max={100} value={progress} />}
    </div>
  );
}
