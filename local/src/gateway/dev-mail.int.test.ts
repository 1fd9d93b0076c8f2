import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clientConfig } from '../aws/local-aws.ts';
import { freePort } from '../ports.ts';
import { Gateway } from './server.ts';

/** The local inbox: the SES stand-in's viewer and its JSON under /_dev/mail/ of the gateway (dev-mail.ts). */
let gateway: Gateway;
let base: string;
let ses: SESv2Client;

beforeAll(async () => {
  const aws = inject('localAws');
  ses = new SESv2Client(clientConfig(aws.sesEndpoint));
  const port = await freePort();
  gateway = new Gateway({ port, mailOrigin: () => aws.sesEndpoint, invoke: async () => ({ statusCode: 500 }), log: () => undefined });
  await gateway.listen();
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await gateway?.close();
});

describe('gateway /_dev/mail/', () => {
  it("answers the stand-in's store exactly, with a message the SES v2 client sent (headers kept)", async () => {
    const to = `inbox-${Date.now()}@example.com`;
    await ses.send(new SendEmailCommand({
      FromEmailAddress: 'Torcedor <club@torcedor.localhost>', Destination: { ToAddresses: [to] },
      Content: { Simple: { Subject: { Data: 'Hello' }, Body: { Text: { Data: 'Your code is 123456' } }, Headers: [{ Name: 'List-Unsubscribe', Value: '<https://x.example/u>' }] } },
    }));
    const direct = await (await fetch(`${inject('localAws').sesEndpoint}/store`)).json();
    const res = await fetch(`${base}/_dev/mail/store`);
    expect(res.status).toBe(200);
    const viaGateway = await res.json() as { emails: { destination: { to: string[] }; body: { text: string }; headers?: { name: string; value: string }[] }[] };
    expect(viaGateway).toEqual(direct);
    const mine = viaGateway.emails.find((e) => e.destination.to.includes(to))!;
    expect(mine.body.text).toBe('Your code is 123456');
    expect(mine.headers).toContainEqual({ name: 'List-Unsubscribe', value: '<https://x.example/u>' });
  });

  it('serves the viewer with its calls under the prefix, and nothing but the viewer\'s own paths', async () => {
    expect((await fetch(`${base}/_dev/mail`, { redirect: 'manual' })).headers.get('location')).toBe('/_dev/mail/');
    const page = await fetch(`${base}/_dev/mail/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('/_dev/mail/store');
    expect(html).not.toMatch(/fetch\(\s*[`'"]\/store/);
    expect((await fetch(`${base}/_dev/mail/store`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${base}/_dev/mail/v2/email/outbound-emails`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${base}/_dev/mail/../api/health`)).status).not.toBe(200);
  });
});
