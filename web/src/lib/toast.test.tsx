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
