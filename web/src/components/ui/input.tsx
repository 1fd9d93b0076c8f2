import { useLingui } from '@lingui/react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { translateServerText } from '@/lib/error-text';

const field = 'w-full rounded-md border border-border bg-surface-2 px-3 py-2 text-fg placeholder:text-muted focus:border-primary focus:outline-none disabled:opacity-60 aria-invalid:border-danger';

// ComponentProps (not *HTMLAttributes) so `ref` passes through, as react-hook-form's `register` needs.
export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(field, 'h-10', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(field, 'min-h-24', className)} {...props} />;
}

export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(field, 'h-10', className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('mb-1 block text-sm font-medium text-fg', className)} {...props} />;
}

/**
 * A field's error line, announced to screen readers, in the app's language: a shared schema's validation message or a
 * server message is translated (src/lib/error-text.ts); it re-renders when the language changes.
 */
export function FieldError({ id, message }: { id?: string; message?: string }) {
  useLingui();
  if (!message) return null;
  return <p id={id} role="alert" className="mt-1 text-sm text-danger">{translateServerText(message)}</p>;
}
