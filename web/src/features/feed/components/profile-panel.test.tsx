import { DEFAULT_SETTINGS, type User } from '@torcedor/shared/schemas/identity';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProfilePanel } from './profile-panel';

const member: User = {
  id: 'u1', email: 'ana@example.com', emailVerified: true, pendingEmail: null, firstName: 'Ana', lastName: 'Reyes', displayName: null,
  profileImageUrl: null, bio: null, location: null, isOwner: false, isSubscribed: false, isTrial: false, trialEndsAt: null,
  followingCount: 3, followersCount: 1, reviewsCount: 0, humidorCount: 12, wishlistCount: 2,
  ...DEFAULT_SETTINGS, tastes: { strengths: [], wrappers: [], countries: [] }, onboardedAt: null, createdAt: '2026-01-01T00:00:00.000Z',
};

describe("the home's profile column", () => {
  it('is one row on a phone (the member, their humidor) that opens and closes the cards', async () => {
    const user = userEvent.setup();
    render(<ProfilePanel user={member}><p>Profile card</p></ProfilePanel>);
    const panel = screen.getByRole('complementary', { name: 'Your profile' });
    const toggle = within(panel).getByRole('button', { name: /Ana Reyes.*12 in humidor/ });
    const cards = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // Hidden below 1024 px until opened; from there (lg:block) always shown.
    expect(cards.className).toMatch(/(^| )hidden( |$)/);
    expect(cards.className).toContain('lg:block');
    expect(cards.textContent).toBe('Profile card');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(cards.className).not.toMatch(/(^| )hidden( |$)/);
    await user.click(toggle);
    expect(cards.className).toMatch(/(^| )hidden( |$)/);
  });
});
