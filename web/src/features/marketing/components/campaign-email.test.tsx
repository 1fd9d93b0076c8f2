import { screen, waitFor, within } from '@testing-library/react';
import type { Campaign } from '@torcedor/shared/schemas/marketing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '@/lib/toast';
import { callsOf, json, type Handler } from '@/testing/fake-api';
import { campaignAnalyticsQuery, EMAIL_SENDING_POLL_MS } from '../api/get-campaign-analytics';
import { makeCampaign, renderMarketing } from './marketing-test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

type Email = NonNullable<Campaign['email']>;
const makeEmail = (over: Partial<Email> = {}): Email => ({
  subject: 'Robusto season opens', body: 'Join us for the spring tasting.', status: 'draft', sendStartedAt: null, sentAt: null,
  recipients: 0, sent: 0, delivered: 0, bounced: 0, complained: 0, unsubscribed: 0, ...over,
});

/** The Campaigns tab with the campaign's View Analytics open; `campaign` is what the server holds now. */
async function openEmail(initial: Campaign, handlers: Record<string, Handler> = {}) {
  let campaign = initial;
  const rendered = renderMarketing({
    campaigns: [initial],
    handlers: {
      'GET /api/marketing/campaigns/c1': () => json({ campaign, days: [], audience: { size: 0, leads: [] }, leads: [] }),
      ...handlers,
    },
  });
  await rendered.user.click(await screen.findByRole('button', { name: 'View Analytics' }));
  const dialog = await screen.findByRole('dialog', { name: initial.name });
  const section = within(within(dialog).getByRole('heading', { name: 'Email' }).closest('section')!);
  return { ...rendered, dialog, section, setCampaign: (c: Campaign) => { campaign = c; } };
}

describe("a campaign's email", () => {
  it('Write email opens the form; Save checks it with the shared schema, then PUTs subject and body', async () => {
    const saved = makeCampaign({ email: makeEmail({ subject: 'Robusto season opens', body: 'Join us.' }) });
    const { fetch, user, section } = await openEmail(makeCampaign(), { 'PUT /api/marketing/campaigns/c1/email': () => json(saved) });
    expect(section.queryByRole('button', { name: 'Send to members' })).toBeNull();
    await user.click(section.getByRole('button', { name: 'Write email' }));
    const subject = section.getByLabelText('Subject');
    expect(document.activeElement).toBe(subject);
    await user.click(section.getByRole('button', { name: 'Save' }));
    expect(await section.findByText('Subject is required')).toBeTruthy();
    expect(section.getByText('Write the email')).toBeTruthy();
    expect(callsOf(fetch).some((c) => c.call === 'PUT /api/marketing/campaigns/c1/email')).toBe(false);
    await user.paste(' Robusto season opens '); // the subject has the focus
    expect(section.getByText('22/150 characters')).toBeTruthy();
    await user.click(section.getByLabelText('Body'));
    await user.paste('Join us.');
    expect(section.getByText('8/5000 characters')).toBeTruthy();
    await user.click(section.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Email saved');
    expect(callsOf(fetch).find((c) => c.call === 'PUT /api/marketing/campaigns/c1/email')?.body).toEqual({ subject: 'Robusto season opens', body: 'Join us.' });
    expect(await section.findByRole('button', { name: 'Send to members' })).toBeTruthy();
    expect(section.getByText('Draft')).toBeTruthy();
  });

  it('Preview shows the HTML in a sandboxed frame (srcDoc, never in the page), and Plain text the text part', async () => {
    const html = '<html><body><h1>Robusto season opens</h1><script>alert(1)</script></body></html>';
    const { user, section } = await openEmail(makeCampaign({ email: makeEmail() }), {
      'GET /api/marketing/campaigns/c1/email/preview': () => json({ subject: 'Robusto season opens', text: 'Join us for the spring tasting.\n\nUnsubscribe: https://x', html }),
    });
    const preview = section.getByRole('button', { name: 'Preview' });
    expect(preview.getAttribute('aria-expanded')).toBe('false');
    await user.click(preview);
    const frame = await section.findByTitle('Email preview: Robusto season opens');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(html);
    expect(preview.getAttribute('aria-expanded')).toBe('true');
    expect(document.querySelector('script')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Robusto season opens' })).toBeNull();
    await user.click(section.getByRole('button', { name: 'Plain text' }));
    expect(section.getByText(/Unsubscribe: https:\/\/x/)).toBeTruthy();
    expect(section.queryByTitle('Email preview: Robusto season opens')).toBeNull();
  });

  it('Preview and sending wait while there are unsaved changes', async () => {
    const { user, section } = await openEmail(makeCampaign({ email: makeEmail() }));
    await user.type(section.getByLabelText('Subject'), '!');
    expect(section.getByText('Save your changes to preview or send them.')).toBeTruthy();
    for (const name of ['Preview', 'Send test to me', 'Send to members']) expect((section.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("Send test to me says 'Test sent to your address.', or the server's message without a verified address", async () => {
    let verified = true;
    const { user, section } = await openEmail(makeCampaign({ email: makeEmail() }), {
      'POST /api/marketing/campaigns/c1/email/test': () => (verified
        ? json({ ok: true }, 202)
        : json({ code: 'NO_VERIFIED_ADDRESS', message: 'Verify your own address first: the test goes there.' }, 409)),
    });
    await user.click(section.getByRole('button', { name: 'Send test to me' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Test sent to your address.');
    verified = false;
    await user.click(section.getByRole('button', { name: 'Send test to me' }));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Verify your own address first: the test goes there.'));
  });

  it('Send to members asks first, posts only once confirmed, then shows the email sending', async () => {
    const { fetch, user, section, setCampaign } = await openEmail(makeCampaign({ email: makeEmail() }), {
      'POST /api/marketing/campaigns/c1/email/send': () => {
        setCampaign(makeCampaign({ email: makeEmail({ status: 'sending', sendStartedAt: '2026-03-03T10:00:00.000Z', recipients: 12 }) }));
        return json({ ok: true, recipients: 12 }, 202);
      },
    });
    const sends = () => callsOf(fetch).filter((c) => c.call === 'POST /api/marketing/campaigns/c1/email/send');
    await user.click(section.getByRole('button', { name: 'Send to members' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Send to members?' });
    expect(confirm.textContent).toContain('Send "Robusto season opens" to every member who accepts marketing emails? This cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sends()).toHaveLength(0);
    await user.click(section.getByRole('button', { name: 'Send to members' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Sending to 12 members.');
    expect(sends()).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await section.findByText('Sending')).toBeTruthy();
    expect((section.getByLabelText('Subject') as HTMLInputElement).readOnly).toBe(true);
    expect(section.queryByRole('button', { name: 'Send to members' })).toBeNull();
  });

  it('a sent email is read-only, with its status, its numbers and when it went out', async () => {
    const email = makeEmail({ status: 'sent', sendStartedAt: '2026-03-03T10:00:00.000Z', sentAt: '2026-03-03T10:05:00.000Z', recipients: 120, sent: 118, delivered: 115, bounced: 2, complained: 1, unsubscribed: 3 });
    const { section } = await openEmail(makeCampaign({ email }));
    expect(section.getAllByText('Sent').length).toBeGreaterThan(0);
    const figures = Object.fromEntries(section.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(figures).toEqual({ Recipients: '120', Sent: '118', Delivered: '115', Bounced: '2', Complaints: '1', Unsubscribed: '3' });
    expect(section.getByRole('status').querySelector('time')?.getAttribute('dateTime')).toBe('2026-03-03T10:05:00.000Z');
    expect((section.getByLabelText('Subject') as HTMLInputElement).readOnly).toBe(true);
    expect((section.getByLabelText('Body') as HTMLTextAreaElement).readOnly).toBe(true);
    expect((section.getByLabelText('Subject') as HTMLInputElement).value).toBe('Robusto season opens');
    for (const name of ['Save', 'Send test to me', 'Send to members', 'Write email']) expect(section.queryByRole('button', { name })).toBeNull();
    expect(section.getByRole('button', { name: 'Preview' })).toBeTruthy();
  });

  it('reads the campaign every 5 s while its email is sending, and not otherwise', () => {
    const interval = campaignAnalyticsQuery('c1').refetchInterval as (q: { state: { data?: { campaign: Campaign } } }) => number | false;
    expect(interval({ state: { data: { campaign: makeCampaign({ email: makeEmail({ status: 'sending' }) }) } } })).toBe(EMAIL_SENDING_POLL_MS);
    expect(EMAIL_SENDING_POLL_MS).toBe(5_000);
    expect(interval({ state: { data: { campaign: makeCampaign({ email: makeEmail({ status: 'sent' }) }) } } })).toBe(false);
    expect(interval({ state: {} })).toBe(false);
  });
});
