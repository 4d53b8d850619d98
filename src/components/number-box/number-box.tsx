import { useEffect, useState } from 'react';
import { normalizeNumber, normalizeStep } from './clamp-number';
import './number-box.css';

interface NumberBoxProps {
  value?: number | string | null;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
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
    if (normalized !== current || String(value) !== String(normalized)) onChange(normalized);
  };

  return (
    <div className="number-box" role="group" aria-label={label}>
      <button type="button" className="number-box-button" aria-label="减少" disabled={disabled || (min !== undefined && current <= min)} onClick={() => commit(current - increment)}>
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
      />
      <button type="button" className="number-box-button" aria-label="增加" disabled={disabled || (max !== undefined && current >= max)} onClick={() => commit(current + increment)}>
        +
      </button>
    </div>
  );
}
