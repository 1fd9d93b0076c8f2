import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '@/lib/i18n';
import { FormField } from './form-field';
import { Input } from './input';

describe('FormField', () => {
  it('labels its control and, without an error, marks nothing invalid', () => {
    render(<FormField label="Email">{(p) => <Input {...p} />}</FormField>);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the error under the control, announced, and ties the control to it', () => {
    render(<FormField label="Email" error="Please enter a valid email address">{(p) => <Input {...p} />}</FormField>);
    const input = screen.getByLabelText('Email');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Please enter a valid email address');
    expect(alert.id).not.toBe('');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    // Under the control: the error follows it in the document.
    expect(input.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('describes the control by its hint, and by the hint and the error once there is one', () => {
    const { rerender } = render(<FormField label="Password" hint="At least 8 characters">{(p) => <Input {...p} type="password" />}</FormField>);
    const input = screen.getByLabelText('Password');
    const hint = screen.getByText('At least 8 characters');
    expect(input.getAttribute('aria-describedby')).toBe(hint.id);
    rerender(<FormField label="Password" hint="At least 8 characters" error="Password must be at least 8 characters">{(p) => <Input {...p} type="password" />}</FormField>);
    expect(input.getAttribute('aria-describedby')?.split(' ')).toEqual([hint.id, screen.getByRole('alert').id]);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it("shows a shared schema's message in the app's language, and follows a change of language", async () => {
    render(<FormField label="Email" error="Please enter a valid email address">{(p) => <Input {...p} />}</FormField>);
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address');
    await act(() => activateLanguage('de', { remember: false }));
    expect(screen.getByRole('alert').textContent).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein');
    await act(() => activateLanguage('fr', { remember: false }));
    expect(screen.getByRole('alert').textContent).toBe('Veuillez saisir une adresse e-mail valide');
  });

  it('shows an error it has no translation for as it is', async () => {
    await act(() => activateLanguage('it', { remember: false }));
    render(<FormField label="Email" error="Già tradotto">{(p) => <Input {...p} />}</FormField>);
    expect(screen.getByRole('alert').textContent).toBe('Già tradotto');
  });
});
