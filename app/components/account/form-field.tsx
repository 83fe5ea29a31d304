import type { ReactNode } from 'react';
import { useText } from '../../lib/locale/use-text.ts';

/** A labelled input with its field-level message (display text key), wired for screen readers. */
export function FormField({
  name,
  label,
  type = 'text',
  error,
  defaultValue,
  autoComplete,
  required = true,
  hint,
  children,
  inputMode,
}: {
  name: string;
  label: string;
  type?: string;
  error?: string;
  defaultValue?: string;
  autoComplete?: string;
  required?: boolean;
  hint?: string;
  children?: ReactNode;
  inputMode?: 'numeric' | 'email' | 'tel' | 'text';
}) {
  const t = useText();
  const id = `field-${name}`;
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required ? null : <span className="field__optional"> ({t('optional')})</span>}
      </label>
      {children ?? (
        <input
          id={id}
          name={name}
          type={type}
          defaultValue={defaultValue}
          autoComplete={autoComplete}
          required={required}
          inputMode={inputMode}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
      )}
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

export function FormAlert({ message }: { message?: string | null }) {
  const t = useText();
  return (
    <div role="alert" className={message ? 'form-alert' : 'form-alert form-alert--empty'}>
      {message ? t(message) : null}
    </div>
  );
}
