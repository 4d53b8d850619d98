import { useEffect, useState } from 'react';

/** Plain text shown as text, never interpreted (an .html or .svg is not a text preview). */
export function TextViewer({ data, name }: { data: Blob; name: string }) {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void data.text().then((read) => live && setText(read));
    return () => {
      live = false;
    };
  }, [data]);
  return (
    <pre className="file-preview-text" aria-label={name}>
      {text}
    </pre>
  );
}
