import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

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
