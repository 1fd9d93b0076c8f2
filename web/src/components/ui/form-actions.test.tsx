import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FormActions } from './form-actions';

describe('FormActions', () => {
  it('cancels, and submits the form its row closes', async () => {
    const onCancel = vi.fn();
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(<form onSubmit={onSubmit}><FormActions onCancel={onCancel} label="Save Changes" pendingLabel="Saving..." pending={false} /></form>);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('says what it is doing and holds the submit while pending, and holds it for the form\'s own reasons', () => {
    const { rerender } = render(<FormActions onCancel={() => undefined} label="Save Changes" pendingLabel="Saving..." pending />);
    expect((screen.getByRole('button', { name: 'Saving...' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<FormActions onCancel={() => undefined} label="Save Changes" pendingLabel="Saving..." pending={false} disabled />);
    expect((screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
