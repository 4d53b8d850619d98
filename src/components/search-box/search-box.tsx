import { useEffect, useRef, useState } from 'react';
import { SEARCH_BOX_DEBOUNCE_MS } from '@/lib/spec-limits';
import './search-box.css';

export const SEARCH_PLACEHOLDER = '请输入关键字';

interface SearchBoxProps {
  /** the current keyword; a change from outside replaces the typed text */
  value?: string;
  /** called with the settled, trimmed text (spec §9: 500 ms after the last keystroke; at once on enter or clear) */
  onSearch: (keyword: string) => void;
  placeholder?: string;
  debounceMs?: number;
  autoFocus?: boolean;
}

/** Spec §9 search box: debounced keyword, default placeholder 请输入关键字, a clear button while there is text. */
export function SearchBox({
  value = '',
  onSearch,
  placeholder = SEARCH_PLACEHOLDER,
  debounceMs = SEARCH_BOX_DEBOUNCE_MS,
  autoFocus,
}: SearchBoxProps) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  const last = useRef(value.trim());

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    // only an outside change: our own emits already set `last`
    if (value.trim() === last.current) return;
    clearTimeout(timer.current);
    last.current = value.trim();
    setText(value);
  }, [value]);

  const emit = (next: string) => {
    clearTimeout(timer.current);
    const keyword = next.trim();
    if (keyword === last.current) return;
    last.current = keyword;
    onSearchRef.current(keyword);
  };

  const handleChange = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => emit(next), debounceMs);
  };

  return (
    <form
      className="search-box"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        emit(text);
      }}
    >
      <svg className="search-box-icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        className="search-box-input"
        type="search"
        enterKeyHint="search"
        aria-label={placeholder}
        placeholder={placeholder}
        value={text}
        autoFocus={autoFocus}
        maxLength={50}
        onChange={(event) => handleChange(event.target.value)}
      />
      {text && (
        <button
          type="button"
          className="search-box-clear"
          aria-label="清除"
          onClick={() => {
            setText('');
            emit('');
          }}
        >
          ×
        </button>
      )}
    </form>
  );
}
