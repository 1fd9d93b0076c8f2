import { EMAIL_CODES } from '@torcedor/shared/constants';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { Input } from './input';

/** An emailed code's input: the number pad on phones, and the code offered from the email by the keyboard. */
export function CodeInput({ className, ...props }: ComponentProps<'input'>) {
  return (
    <Input
      inputMode="numeric" autoComplete="one-time-code" maxLength={EMAIL_CODES.digits} spellCheck={false}
      className={cn('font-mono tracking-[0.35em]', className)} {...props}
    />
  );
}
