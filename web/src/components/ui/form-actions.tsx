import { Trans } from '@lingui/react/macro';
import { cn } from '@/lib/cn';
import { Button, type ButtonProps } from './button';

/**
 * A form's closing row: Cancel, then the submit button, which says what it is doing while the request runs
 * ('Saving...') and is held then. `disabled` adds the form's own reasons to hold it (nothing picked yet, invalid).
 */
export function FormActions({ onCancel, label, pendingLabel, pending, disabled = false, variant, className }: {
  onCancel: () => void;
  label: string;
  pendingLabel: string;
  pending: boolean;
  disabled?: boolean;
  variant?: ButtonProps['variant'];
  className?: string;
}) {
  return (
    <div className={cn('flex justify-end gap-2', className)}>
      <Button variant="outline" onClick={onCancel}><Trans>Cancel</Trans></Button>
      <Button type="submit" variant={variant} disabled={disabled || pending}>{pending ? pendingLabel : label}</Button>
    </div>
  );
}
