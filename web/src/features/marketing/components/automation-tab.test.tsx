import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '@/lib/toast';
import { callsOf, json } from '@/testing/fake-api';
import { allAutomations, makeDashboard, makeRun, renderMarketing } from './marketing-test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const card = async (title: string) => within(await screen.findByRole('region', { name: title }));
const drafts = { items: [] };

describe('the Automation tab', () => {
  it('shows the three automations with their buttons, schedule, last run, duration, outcome and summary', async () => {
    renderMarketing({
      path: '/marketing?tab=automation',
      handlers: {
        'GET /api/marketing/automations': () => json(allAutomations({ lead_scoring_update: { lastRun: makeRun(), history: [makeRun()] } })),
        'GET /api/marketing/drafts': () => json(drafts),
      },
    });
    expect((await card('Content Generation')).getByRole('button', { name: 'Run Now' })).toBeTruthy();
    expect((await card('Campaign Optimization')).getByRole('button', { name: 'Optimize Campaigns' })).toBeTruthy();
    const scoring = await card('Lead Scoring');
    expect(scoring.getByRole('button', { name: 'Update Scores' })).toBeTruthy();
    expect(scoring.getByText('Daily')).toBeTruthy();
    expect(scoring.getAllByText('1.2 s').length).toBeGreaterThan(0);
    expect(scoring.getAllByText('succeeded').length).toBeGreaterThan(0);
    expect(scoring.getByText('Rescored 41 leads, 3 changed')).toBeTruthy();
    expect((await card('Content Generation')).getByText('Never')).toBeTruthy();
  });

  it("runs an automation by its name and says '{name} automation is now running!'; the button waits for the run", async () => {
    let running = false;
    const { fetch, user } = renderMarketing({
      path: '/marketing?tab=automation',
      handlers: {
        'GET /api/marketing/automations': () => json(allAutomations({ lead_scoring_update: { running } })),
        'GET /api/marketing/drafts': () => json(drafts),
        'POST /api/marketing/automation/run': () => {
          running = true;
          return json(makeRun({ id: 'r2', trigger: 'owner', outcome: 'running', finishedAt: null, durationMs: null, summary: null }), 202);
        },
      },
    });
    await user.click((await card('Lead Scoring')).getByRole('button', { name: 'Update Scores' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Automation Started');
    expect(toast.textContent).toContain('lead_scoring_update automation is now running!');
    expect(callsOf(fetch).find((c) => c.call === 'POST /api/marketing/automation/run')?.body).toEqual({ name: 'lead_scoring_update' });
    const button = (await card('Lead Scoring')).getByRole('button', { name: 'Update Scores' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(true));
    expect((await card('Lead Scoring')).getByText('Running')).toBeTruthy();
    expect(((await card('Content Generation')).getByRole('button', { name: 'Run Now' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("says 'Failed to start automation' with the server's message when it already runs (409)", async () => {
    const message = 'lead_scoring_update is already running: wait for it to finish.';
    const { user } = renderMarketing({
      path: '/marketing?tab=automation',
      handlers: {
        'GET /api/marketing/automations': () => json(allAutomations()),
        'GET /api/marketing/drafts': () => json(drafts),
        'POST /api/marketing/automation/run': () => json({ message, code: 'AUTOMATION_RUNNING' }, 409),
      },
    });
    await user.click((await card('Lead Scoring')).getByRole('button', { name: 'Update Scores' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Failed to start automation');
    expect(toast.textContent).toContain(message);
  });

  it('reads the dashboard, the leads and the drafts again once a run it saw running has finished', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let running = true;
      const { fetch } = renderMarketing({
        path: '/marketing?tab=automation',
        handlers: {
          'GET /api/marketing/automations': () => json(allAutomations({ lead_scoring_update: running ? { running: true } : { lastRun: makeRun() } })),
          'GET /api/marketing/drafts': () => json(drafts),
          'GET /api/marketing/dashboard': () => json(makeDashboard({ totalLeads: 42 })),
        },
      });
      await screen.findByRole('region', { name: 'Lead Scoring' });
      expect(callsOf(fetch).filter((c) => c.call === 'GET /api/marketing/dashboard')).toHaveLength(0);
      running = false;
      await vi.advanceTimersByTimeAsync(2_100);
      await waitFor(() => expect(callsOf(fetch).filter((c) => c.call === 'GET /api/marketing/dashboard').length).toBeGreaterThan(0));
      expect(callsOf(fetch).filter((c) => c.call === 'GET /api/marketing/drafts').length).toBeGreaterThan(1);
      expect(await screen.findByText('42')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the content drafts', () => {
  const draft = {
    id: 'd1', kind: 'post', title: 'Cigar of the week', body: 'The Padrón 1964 Exclusivo.', status: 'draft', generatedBy: 'local',
    createdAt: '2026-03-02T06:00:00.000Z', updatedAt: '2026-03-02T06:00:00.000Z', publishedAt: null, publishedAs: null, campaignType: null,
  } as const;

  it('edits a draft in place (checked by the shared schema), saves it before publishing, and shows it published', async () => {
    let current: Record<string, unknown> = { ...draft };
    const { fetch, user } = renderMarketing({
      path: '/marketing?tab=automation',
      handlers: {
        'GET /api/marketing/automations': () => json(allAutomations()),
        'GET /api/marketing/drafts': () => json({ items: [current] }),
        'PUT /api/marketing/drafts/d1': ({ body }) => json((current = { ...current, ...(body as object) })),
        'POST /api/marketing/drafts/d1/publish': () => json((current = { ...current, status: 'published', publishedAt: '2026-03-02T07:00:00.000Z', publishedAs: 'p1' })),
      },
    });
    const form = within(await screen.findByRole('form', { name: 'Draft: Cigar of the week' }));
    await user.clear(form.getByLabelText('Title'));
    await user.click(form.getByRole('button', { name: 'Publish' }));
    expect(await form.findByText('Title is required')).toBeTruthy();
    await user.type(form.getByLabelText('Title'), 'Smoke of the week');
    await user.click(form.getByRole('button', { name: 'Publish' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Draft published');
    const calls = callsOf(fetch).filter((c) => c.call.startsWith('PUT') || c.call.startsWith('POST'));
    expect(calls.map((c) => c.call)).toEqual(['PUT /api/marketing/drafts/d1', 'POST /api/marketing/drafts/d1/publish']);
    expect(calls[0]!.body).toEqual({ title: 'Smoke of the week', body: 'The Padrón 1964 Exclusivo.' });
    await waitFor(() => expect(screen.queryByRole('form', { name: /^Draft:/ })).toBeNull());
    expect(screen.getByRole('heading', { name: 'Smoke of the week' })).toBeTruthy();
    expect(screen.getAllByText('Published').length).toBeGreaterThan(0);
  });

  it('discards a draft', async () => {
    const { user } = renderMarketing({
      path: '/marketing?tab=automation',
      handlers: {
        'GET /api/marketing/automations': () => json(allAutomations()),
        'GET /api/marketing/drafts': () => json({ items: [draft] }),
        'POST /api/marketing/drafts/d1/discard': () => json({ ...draft, status: 'discarded' }),
      },
    });
    const form = within(await screen.findByRole('form', { name: 'Draft: Cigar of the week' }));
    await user.click(form.getByRole('button', { name: 'Discard' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Draft discarded');
    expect(await screen.findByText('Discarded')).toBeTruthy();
  });
});
