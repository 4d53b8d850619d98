import { useEffect, useState } from 'react';
import { normalizeNumber, normalizeStep } from './clamp-number';
import './number-box.css';

interface NumberBoxProps {
  value?: number | string | null;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  /** an integer, default 1 (spec §5) */
  step?: number;
  disabled?: boolean;
  label?: string;
}

/** Spec §5 number box: minus / input / plus; the buttons are disabled at the bounds. */
export function NumberBox({ value, onChange, min, max, step, disabled, label = '数量' }: NumberBoxProps) {
  const current = normalizeNumber(value, min, max);
  const increment = normalizeStep(step);
  const [text, setText] = useState(String(current));
  useEffect(() => setText(String(current)), [current]);

  const commit = (next: unknown) => {
    const normalized = normalizeNumber(next, min, max);
    setText(String(normalized));
    // also when only the raw value was off (e.g. '' or '7abc'), so the owner holds the number that is shown
    if (normalized !== current || String(value) !== String(normalized)) onChange(normalized);
  };
  // the buttons step from what is in the field, even if it has not been committed yet
  const base = () => normalizeNumber(text, min, max);

  return (
    <div className="number-box" role="group" aria-label={label}>
      <button
        type="button"
        className="number-box-button"
        aria-label="减少"
        disabled={disabled || (min !== undefined && current <= min)}
        onClick={() => commit(base() - increment)}
      >
        −
      </button>
      <input
        className="number-box-input"
        inputMode="numeric"
        aria-label={label}
        value={text}
        disabled={disabled}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => commit(text)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(text);
        }}
      />
      <button
        type="button"
        className="number-box-button"
        aria-label="增加"
        disabled={disabled || (max !== undefined && current >= max)}
        onClick={() => commit(base() + increment)}
      >
        +
      </button>
    </div>
  );
}
