import './form-renderer.css';
import type { FormField } from '@contract/flow';
import { computedDays } from '@contract/flow-form-rules';
import { displayValue } from './field-value';
import { FieldInput } from './field-input';
import { AttachmentLinks } from './attachment-links';

interface FlowFormProps {
  schema: FormField[];
  values: Record<string, unknown>;
  /** fields the user may change; the rest read only */
  editable: string[];
  onChange?: (key: string, value: unknown) => void;
  /** the field with a problem, highlighted */
  problemField?: string | null;
}

/** A form generated from a definition's schema: editable where allowed, read-only elsewhere. */
export function FlowForm({ schema, values, editable, onChange, problemField }: FlowFormProps) {
  // a computed day count follows its dates as they are picked (the server checks it again)
  const change = (key: string, value: unknown) => {
    onChange?.(key, value);
    for (const field of schema) {
      if (field.computed?.from !== key || !editable.includes(field.key)) continue;
      const days = computedDays(value);
      if (days !== null) onChange?.(field.key, days);
    }
  };
  return (
    <dl className="flow-form">
      {schema.map((field) => {
        const canEdit = editable.includes(field.key) && onChange;
        return (
          <div
            key={field.key}
            className={problemField === field.key ? 'flow-form-row flow-form-row-problem' : 'flow-form-row'}
          >
            <dt className="flow-form-label">
              {canEdit ? <label htmlFor={`flow-field-${field.key}`}>{field.label}</label> : field.label}
              {canEdit && (field.required || requiredNow(field, values)) && (
                <span className="flow-required" aria-label="必填">
                  *
                </span>
              )}
            </dt>
            <dd className="flow-form-value">
              {canEdit ? (
                <FieldInput field={field} value={values[field.key]} onChange={(v) => change(field.key, v)} />
              ) : (
                <ReadOnlyValue field={field} value={values[field.key]} />
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** The label a validation message names, so the form can highlight that field. */
export function fieldOfProblem(schema: FormField[], problem: string | null): string | null {
  if (!problem) return null;
  return schema.find((f) => problem.includes(f.label))?.key ?? null;
}

function ReadOnlyValue({ field, value }: { field: FormField; value: unknown }) {
  const files =
    field.type === 'attachment' && Array.isArray(value) ? (value as { fileName: string; attachName: string }[]) : [];
  return files.length ? <AttachmentLinks files={files} /> : <>{displayValue(field, value)}</>;
}

/** A field required only under a condition (病假证明 when the type is 病假) is marked while the condition holds. */
function requiredNow(field: FormField, values: Record<string, unknown>): boolean {
  const when = field.requiredWhen;
  if (!when) return false;
  return when.op === '==' ? values[when.field] === when.value : values[when.field] !== when.value;
}
