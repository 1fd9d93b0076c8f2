import { Switch as S } from 'radix-ui';
import { useId } from 'react';

/** A labelled on/off setting. */
export function SwitchField({ label, description, checked, onCheckedChange }: {
  label: string; description?: string; checked: boolean; onCheckedChange: (v: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div>
        <label htmlFor={id} className="font-medium">{label}</label>
        {description ? <p className="text-sm text-muted">{description}</p> : null}
      </div>
      <S.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        className="relative h-6 w-11 shrink-0 rounded-full bg-border transition data-[state=checked]:bg-primary"
      >
        <S.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-fg transition data-[state=checked]:translate-x-[22px]" />
      </S.Root>
    </div>
  );
}
