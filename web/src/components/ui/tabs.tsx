import { Tabs as T } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const Tabs = T.Root;
export const TabsContent = (props: ComponentProps<typeof T.Content>) => <T.Content {...props} className={cn('mt-4', props.className)} />;

export function TabsList({ className, ...props }: ComponentProps<typeof T.List>) {
  return <T.List className={cn('inline-flex flex-wrap gap-1 rounded-lg bg-surface-2 p-1', className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof T.Trigger>) {
  return (
    <T.Trigger
      className={cn(
        'rounded-md px-3 py-1.5 text-sm font-medium text-muted transition data-[state=active]:bg-primary data-[state=active]:text-primary-fg disabled:opacity-40',
        className,
      )}
      {...props}
    />
  );
}
