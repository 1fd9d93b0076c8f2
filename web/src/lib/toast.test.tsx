import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { toast } from './toast';

describe('toasts', () => {
  it('shows one at a time and hides it after about 5 s', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => toast({ title: 'First' }));
    act(() => toast({ title: 'Second', description: 'replaces the first' }));
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByText('Second')).toBeTruthy();
    act(() => vi.advanceTimersByTime(4_900));
    expect(screen.getByText('Second')).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Second')).toBeNull();
    vi.useRealTimers();
  });
});

describe('the pinned logged-out notice', () => {
  it('is not replaced by the failing call\u2019s own error toast', async () => {
    const { pinToast, dismissToast } = await import('./toast');
    render(<Toaster />);
    act(() => pinToast({ title: 'Unauthorized: You are logged out. Logging in again...', variant: 'error' }));
    act(() => toast({ title: 'Failed to add item to humidor', variant: 'error' }));
    expect(screen.getByText('Unauthorized: You are logged out. Logging in again...')).toBeTruthy();
    expect(screen.queryByText('Failed to add item to humidor')).toBeNull();
    act(() => dismissToast());
    act(() => toast({ title: 'Item added to humidor' }));
    expect(screen.getByText('Item added to humidor')).toBeTruthy();
  });
});

describe('the form a toast speaks about', () => {
  it('is the form holding the focus, else the one sent last, else none', async () => {
    const { formInUse } = await import('./toast');
    render(
      <>
        <form aria-label="Card payment" onSubmit={(e) => e.preventDefault()}><input aria-label="Card number" /><button type="submit">Pay</button></form>
        <form aria-label="Other"><input aria-label="Other field" /></form>
      </>,
    );
    expect(formInUse()).toBeUndefined();
    const pay = screen.getByRole('form', { name: 'Card payment' });
    act(() => screen.getByRole('button', { name: 'Pay' }).click());
    (document.activeElement as HTMLElement | null)?.blur();
    expect(formInUse()).toBe(pay);
    act(() => screen.getByLabelText('Other field').focus());
    expect(formInUse()).toBe(screen.getByRole('form', { name: 'Other' }));
  });
});
