import { useEffect, useRef, useState } from 'react';
import type { UploadedFile } from '@contract/files';
import { upload } from '@/api/transfer';
import { showWriteError } from '@/ui/write-feedback';
import { imageUrl } from '../news-files';
import './rich-text-editor.css';

interface RichTextEditorProps {
  /** markup to start from (already prepared for display) */
  initialHtml: string;
  /** optional in the type: the Form.Item around the editor hands it over */
  onChange?: (html: string) => void;
}

const TOOLS: { label: string; title: string; run: () => void }[] = [
  { label: 'B', title: '加粗', run: () => document.execCommand('bold') },
  { label: 'I', title: '斜体', run: () => document.execCommand('italic') },
  { label: 'H', title: '小标题', run: () => document.execCommand('formatBlock', false, 'h3') },
  { label: '¶', title: '正文段落', run: () => document.execCommand('formatBlock', false, 'p') },
  { label: '•', title: '列表', run: () => document.execCommand('insertUnorderedList') },
];

/**
 * A small mobile rich-text editor: a contenteditable area with a toolbar and image upload. Images are uploaded to the
 * file service and shown from it; the server sanitises whatever the area holds when it is saved.
 */
export function RichTextEditor({ initialHtml, onChange }: RichTextEditorProps) {
  const area = useRef<HTMLDivElement>(null);
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(() => {
    if (area.current) area.current.innerHTML = initialHtml;
    // the initial markup is set once; afterwards the area owns its content
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const changed = () => onChange?.(area.current?.innerHTML ?? '');
  const insertImage = async (file: File | undefined) => {
    if (!file) return;
    try {
      setProgress(0);
      const [stored] = await upload<UploadedFile[]>('/api/form/common/file/upload', file, { onProgress: setProgress });
      area.current?.focus();
      const img = `<img src="${imageUrl(stored!.fileName).replace(/&/g, '&amp;')}" alt="${file.name.replace(/[<>"&]/g, '')}">`;
      if (!document.execCommand('insertHTML', false, img) && area.current)
        area.current.insertAdjacentHTML('beforeend', img);
      changed();
    } catch (error) {
      showWriteError(error);
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="news-editor">
      <div className="news-editor-toolbar" role="toolbar" aria-label="正文格式">
        {TOOLS.map((tool) => (
          <button
            key={tool.title}
            type="button"
            title={tool.title}
            aria-label={tool.title}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              tool.run();
              changed();
            }}
          >
            {tool.label}
          </button>
        ))}
        <label className="news-editor-image">
          插入图片
          <input
            type="file"
            accept="image/*"
            hidden
            onChange={(e) => {
              void insertImage(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
        {progress !== null && <span className="news-muted">上传中 {progress}%</span>}
      </div>
      <div
        ref={area}
        className="news-editor-area news-body"
        contentEditable
        role="textbox"
        aria-multiline
        aria-label="正文"
        data-placeholder="请输入正文"
        onInput={changed}
        onBlur={changed}
      />
    </div>
  );
}
