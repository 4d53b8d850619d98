import { useRef, useState, type FormEvent } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';

const squeeze = (text: string) => text.replace(/\s+/g, '');

/** The page's words as one string (pdf.js splits lines into runs; spaces are dropped so a term split by a run is found). */
async function pageText(doc: PDFDocumentProxy, number: number): Promise<string> {
  const content = await (await doc.getPage(number)).getTextContent();
  return squeeze(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
}

/**
 * 查找 in a PDF: the next page (after the one on screen, wrapping round) whose text holds the words; the viewer
 * scrolls there and marks them. Phones' web views have no find-in-page of their own.
 */
export function PdfSearch({
  doc,
  current,
  onFound,
}: {
  doc: PDFDocumentProxy;
  current: number;
  onFound: (page: number, words: string) => void;
}) {
  const [words, setWords] = useState('');
  const [result, setResult] = useState('');
  const texts = useRef(new Map<number, Promise<string>>());
  const textOf = (number: number) => {
    if (!texts.current.has(number)) texts.current.set(number, pageText(doc, number));
    return texts.current.get(number)!;
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = squeeze(words);
    if (!wanted) return;
    setResult('查找中...');
    for (let step = 1; step <= doc.numPages; step++) {
      const number = ((current - 1 + step) % doc.numPages) + 1;
      if ((await textOf(number)).includes(wanted)) {
        setResult(`第 ${number} 页找到`);
        onFound(number, wanted);
        return;
      }
    }
    setResult('未找到');
  };

  return (
    <form className="file-preview-search" role="search" onSubmit={(event) => void handleSubmit(event)}>
      <input
        type="search"
        aria-label="在文档中查找"
        placeholder="查找文字"
        value={words}
        onChange={(event) => setWords(event.target.value)}
        enterKeyHint="search"
      />
      <button type="submit">查找</button>
      <span aria-live="polite">{result}</span>
    </form>
  );
}
