import { formatSize } from '@/lib/format';

/** The resume picker: a label that names the chosen file (or the limits) over a hidden file input. */
export function ResumeField({
  value,
  onChange,
  accept,
  maxSizeMb,
}: {
  value?: File | null;
  onChange?: (file: File | null) => void;
  accept: string;
  maxSizeMb: number;
}) {
  return (
    <>
      <label className="joinus-upload" htmlFor="joinus-resume">
        {value ? `${value.name}（${formatSize(value.size)}）` : `＋ 上传简历（PDF、Word 或图片，不超过${maxSizeMb}MB）`}
      </label>
      <input
        id="joinus-resume"
        className="joinus-file"
        type="file"
        accept={accept}
        onChange={(e) => onChange?.(e.target.files?.[0] ?? null)}
      />
    </>
  );
}
