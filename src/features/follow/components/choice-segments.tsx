import './follow-base.css';
import './choice-segments.css';

/** A small single choice shown as segments (加签方式, 会签方式): every option visible, one tap to change. */
export function ChoiceSegments<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: Record<T, string>;
  value: T;
  onChange: (v: T) => void;
}) {
  return (
    <div className="flow-field">
      <span className="flow-field-label">{label}</span>
      <div className="flow-segments flow-choice" role="radiogroup" aria-label={label}>
        {(Object.keys(options) as T[]).map((key) => (
          <button
            key={key}
            type="button"
            role="radio"
            aria-checked={value === key}
            className={value === key ? 'flow-segment flow-segment-on' : 'flow-segment'}
            onClick={() => onChange(key)}
          >
            {options[key]}
          </button>
        ))}
      </div>
    </div>
  );
}
