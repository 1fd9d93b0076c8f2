import { useLingui } from '@lingui/react';
import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { translateServerText } from '@/lib/error-text';
import { Label } from './input';

/** What a field's control must carry: its id (for the label) and its error wiring. */
export interface FieldControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * A label, its control and the control's error underneath. With an error the control gets
 * `aria-invalid="true"` and `aria-describedby` naming the error line (and the hint, when there is one);
 * the error line has `role="alert"` so it is announced when it appears. The error reads in the app's language
 * (FieldError translates a shared schema's validation message or a server message: src/lib/error-text.ts).
 *
 *   <FormField label="Email" error={errors.email?.message}>{(p) => <Input {...p} {...register('email')} />}</FormField>
 */
export function FormField({ label, error, hint, className, children }: {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={cn(className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {hint ? <p id={hintId} className="mt-1 text-xs text-muted">{hint}</p> : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/**
 * A field's error line, announced to screen readers, in the app's language: a shared schema's validation message or a
 * server message is translated (src/lib/error-text.ts); it re-renders when the language changes. (Here rather than
 * beside Input: the landing page's first screen draws inputs and must not load the error texts.)
 */
export function FieldError({ id, message }: { id?: string; message?: string }) {
  useLingui();
  if (!message) return null;
  return <p id={id} role="alert" className="mt-1 text-sm text-danger">{translateServerText(message)}</p>;
}
