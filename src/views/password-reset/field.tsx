/**
 * A labelled form field with an optional hint and an error, both linked to the input with
 * `aria-describedby`; `aria-invalid` while the error shows.
 *
 * Props: `id`, `name`, `label`, `type` (default text), `autoComplete`, `hint`, `error` (text or
 * null), `defaultValue`, `inputMode`, `required`.
 */
import type { HTMLInputAutoCompleteAttribute, HTMLAttributes } from 'react';

export interface TextFieldProps {
  id: string;
  name: string;
  label: string;
  type?: 'text' | 'password';
  autoComplete?: HTMLInputAutoCompleteAttribute;
  hint?: string | null;
  error?: string | null;
  defaultValue?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  required?: boolean;
}

export function TextField(props: TextFieldProps) {
  const { id, hint = null, error = null } = props;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        autoCapitalize="none"
        spellCheck={false}
        inputMode={props.inputMode}
        defaultValue={props.defaultValue}
        required={props.required ?? true}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
