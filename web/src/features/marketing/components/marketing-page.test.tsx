import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '@/lib/toast';
import { callsOf, json } from '@/testing/fake-api';
import { RESTRICTED_TEXT } from './marketing-page';
import { makeCampaign, makeDashboard, makeLead, renderMarketing } from './marketing-test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const selectedTab = () => screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')?.textContent;

describe('the marketing page', () => {
  it('tells a non-owner the area is restricted, as a page, and loads nothing', async () => {
    const { fetch } = renderMarketing({ isOwner: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Restricted' })).toBeTruthy();
    expect(screen.getByText('This area is restricted to platform administrators.')).toBeTruthy();
    expect(RESTRICTED_TEXT).toBe('Access Restricted - This area is restricted to platform administrators.');
    expect(screen.queryByRole('heading', { name: 'Marketing' })).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the dashboard's five figures", async () => {
    renderMarketing({ dashboard: makeDashboard({ totalCampaigns: 3, activeCampaigns: 2, totalLeads: 41, recentLeads: 6, conversionRate: 12.25 }) });
    await screen.findByRole('heading', { level: 1, name: 'Marketing' });
    const figures = Object.fromEntries(screen.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(figures).toMatchObject({ 'Total Campaigns': '3', 'Active Campaigns': '2', 'Total Leads': '41', 'New This Week': '6', 'Conversion Rate': '12.3%' });
  });

  it('keeps the open tab in the URL, Campaigns (the default) left out of it', async () => {
    const { router, user } = renderMarketing({ handlers: { 'GET /api/marketing/automations': () => json({ items: [] }), 'GET /api/marketing/drafts': () => json({ items: [] }) } });
    await screen.findByRole('heading', { level: 1, name: 'Marketing' });
    expect(selectedTab()).toBe('Campaigns');
    await user.click(screen.getByRole('tab', { name: 'Leads' }));
    await waitFor(() => expect(router.state.location.href).toBe('/marketing?tab=leads'));
    expect(selectedTab()).toBe('Leads');
    await user.click(screen.getByRole('tab', { name: 'Automation' }));
    await waitFor(() => expect(router.state.location.href).toBe('/marketing?tab=automation'));
    await user.click(screen.getByRole('tab', { name: 'Campaigns' }));
    await waitFor(() => expect(router.state.location.href).toBe('/marketing'));
  });

  it('opens the tab the URL names; an unknown one reads as Campaigns', async () => {
    const first = renderMarketing({ path: '/marketing?tab=leads' });
    await screen.findByRole('heading', { level: 1, name: 'Marketing' });
    expect(selectedTab()).toBe('Leads');
    first.unmount();
    renderMarketing({ path: '/marketing?tab=nonsense' });
    await screen.findByRole('heading', { level: 1, name: 'Marketing' });
    expect(selectedTab()).toBe('Campaigns');
  });

  it('lists the top leads: name, else email, else Trial member; source, score, status; who may not be contacted', async () => {
    const leads = [
      makeLead({ id: 'a', name: 'Ana Robusto', engagementScore: 90, status: 'converted' }),
      makeLead({ id: 'b', name: null, email: 'bo@example.com', source: 'google', engagementScore: 60, contactable: false }),
      makeLead({ id: 'c', name: null, email: null, kind: 'trial', source: 'direct', engagementScore: 15, status: 'new' }),
      ...['d', 'e', 'f'].map((id) => makeLead({ id, name: `Lead ${id}`, engagementScore: 10 })),
    ];
    renderMarketing({ path: '/marketing?tab=leads', dashboard: makeDashboard({ topLeads: leads }) });
    const table = await screen.findByRole('table', { name: /Top leads/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);
    expect(rows[0]!.textContent).toContain('Ana Robusto');
    expect(rows[0]!.textContent).toContain('Converted');
    expect(rows[1]!.textContent).toContain('bo@example.com');
    expect(rows[1]!.textContent).toContain('google');
    expect(rows[1]!.textContent).toContain('60');
    expect(within(rows[1]!).getByText('Not contactable')).toBeTruthy();
    expect(within(rows[0]!).queryByText('Not contactable')).toBeNull();
    expect(rows[2]!.textContent).toContain('Trial member');
  });
});

describe('the Campaigns tab', () => {
  it('shows each campaign: status, type, objective, link, numbers and its ranking', async () => {
    renderMarketing({
      campaigns: [makeCampaign({ ranking: { rank: 3, of: 3, score: 0.1, weakest: true, note: 'Fewest sign-ups per visit', rankedAt: '2026-03-02T06:00:00.000Z' } })],
    });
    const card = (await screen.findByRole('heading', { name: 'Spring Robusto Week' })).closest('li')!;
    const c = within(card);
    expect(c.getByText('Active')).toBeTruthy();
    expect(c.getByText('Weakest')).toBeTruthy();
    expect(c.getByText('Social')).toBeTruthy();
    expect(c.getByText('Acquisition')).toBeTruthy();
    expect(c.getByText(/utm_campaign=spring-robusto-week/)).toBeTruthy();
    expect(c.getByText('Fewest sign-ups per visit')).toBeTruthy();
    expect(c.getByText('25.0%')).toBeTruthy();
    expect(c.getByRole('button', { name: 'Copy the link of Spring Robusto Week' })).toBeTruthy();
    expect(c.getByRole('button', { name: 'View Analytics' })).toBeTruthy();
  });

  it("Generate with AI asks for an acquisition campaign, with an Idempotency-Key, and says 'Campaign Created'", async () => {
    const { fetch, user } = renderMarketing({
      handlers: {
        'POST /api/marketing/campaigns': () => json(makeCampaign({ id: 'c2', name: 'Drafted', generatedBy: 'local' }), 201),
        'GET /api/marketing/campaigns': () => json({ items: [makeCampaign()] }),
        'GET /api/marketing/dashboard': () => json(makeDashboard()),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Generate with AI' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Campaign Created');
    expect(toast.textContent).toContain('AI marketing campaign generated successfully!');
    const post = callsOf(fetch).find((c) => c.call === 'POST /api/marketing/campaigns');
    expect(post?.body).toEqual({ generate: true, objective: 'acquisition' });
    const init = fetch.mock.calls.find(([, i]) => i?.method === 'POST')![1] as RequestInit;
    expect((init.headers as Record<string, string>)['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("says 'Failed to create campaign', with the server's message, when generating fails", async () => {
    const { user } = renderMarketing({
      handlers: { 'POST /api/marketing/campaigns': () => json({ message: 'The AI provider is busy', code: 'UNAVAILABLE' }, 502) },
    });
    await user.click(await screen.findByRole('button', { name: 'Generate with AI' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Failed to create campaign');
    expect(toast.textContent).toContain('The AI provider is busy');
  });

  it('New Campaign checks the form with the shared schema, then sends it', async () => {
    const { fetch, user } = renderMarketing({
      handlers: { 'POST /api/marketing/campaigns': () => json(makeCampaign({ id: 'c3', name: 'Cohiba Club' }), 201) },
    });
    await user.click(await screen.findByRole('button', { name: 'New Campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Campaign' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Campaign' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(callsOf(fetch).some((c) => c.call === 'POST /api/marketing/campaigns')).toBe(false);
    await user.type(within(dialog).getByLabelText('Name'), ' Cohiba Club ');
    await user.type(within(dialog).getByLabelText('Description'), 'Members bring a friend');
    await user.selectOptions(within(dialog).getByLabelText('Objective'), 'engagement');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'referral');
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'draft');
    await user.click(within(dialog).getByRole('button', { name: 'Create Campaign' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Campaign Created');
    expect(callsOf(fetch).find((c) => c.call === 'POST /api/marketing/campaigns')?.body).toEqual({
      name: 'Cohiba Club', description: 'Members bring a friend', objective: 'engagement', type: 'referral', status: 'draft',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("View Analytics shows the campaign's audience and leads, and changes its status", async () => {
    let campaign = makeCampaign();
    const { fetch, user } = renderMarketing({
      handlers: {
        'GET /api/marketing/campaigns/c1': () => json({
          campaign, days: [{ date: '2026-03-01', visits: 5, signups: 1, conversions: 0 }],
          audience: { size: 12, leads: [makeLead({ id: 'x', name: 'Xavi Maduro' })] }, leads: [makeLead({ id: 'y', name: 'Yara Corona' })],
        }),
        'PUT /api/marketing/campaigns/c1': () => json((campaign = { ...campaign, status: 'paused' })),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'View Analytics' }));
    const dialog = await screen.findByRole('dialog', { name: 'Spring Robusto Week' });
    expect(await within(dialog).findByText('Audience: 12 contactable leads')).toBeTruthy();
    expect(within(dialog).getByText('Xavi Maduro')).toBeTruthy();
    expect(within(within(dialog).getByRole('list', { name: 'Leads it brought' })).getByText('Yara Corona')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Pause' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Campaign updated');
    expect(callsOf(fetch).find((c) => c.call === 'PUT /api/marketing/campaigns/c1')?.body).toEqual({ status: 'paused' });
    expect(await within(dialog).findByRole('button', { name: 'Activate' })).toBeTruthy();
  });
});
