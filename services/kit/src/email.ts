import type { LanguageCode } from '@torcedor/shared/constants';
import * as z from 'zod';
import { clientOptions } from './aws.ts';
import { loadConfig } from './config.ts';
import { traced } from './observability.ts';

/**
 * The kit's one email module (docs/architecture.md, "Email"): messages with a text and an HTML part built from one
 * layout, member-written text escaped in the HTML part, sent through Amazon SES v2 (`aws-ses-v2-local`, the same API,
 * on the local stack). A send that SES refuses for a dependency reason (down, throttled, timed out) throws the SDK's
 * error, which the kit answers as 503 with Retry-After on a request, and a worker's queue tries again.
 */
export const MailEnv = z.object({
  /** The sender, e.g. `Torcedor <club@torcedor.example>` (infra: context `mailFrom`, a verified SES identity). */
  MAIL_FROM: z.string().min(3),
  /** The SES configuration set whose events (bounces, complaints, deliveries) reach the bus. Unset locally. */
  MAIL_CONFIGURATION_SET: z.string().min(1).optional(),
  /** Set locally to reach aws-ses-v2-local; unset in AWS. */
  SES_ENDPOINT: z.url().optional(),
  AWS_REGION: z.string().min(1).default('us-east-1'),
  APP_ORIGIN: z.url(),
});
export type MailEnv = z.infer<typeof MailEnv>;

/** A part of an email's HTML that is already safe (built by `html`), as opposed to text that must be escaped. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() { return this.value; }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text made safe for HTML (element content and quoted attributes). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** HTML from a template literal: every interpolated value is escaped unless it is SafeHtml (arrays are joined). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  const part = (v: unknown): string => (v instanceof SafeHtml ? v.value : Array.isArray(v) ? v.map(part).join('') : escapeHtml(String(v ?? '')));
  return new SafeHtml(strings.reduce((out, s, i) => out + s + (i < values.length ? part(values[i]) : ''), ''));
}

/**
 * What a message says, in the shape every template fills in: in the member's language (docs/i18n.md), its words from
 * the sending service's message files (messages.ts).
 */
export interface MailContent {
  /** The language the message is written in (`<html lang>`); English when not said. */
  language?: LanguageCode;
  subject: string;
  /** The first line a mail client shows beside the subject. */
  preheader: string;
  heading: string;
  /** Paragraphs of plain text (escaped in the HTML part). */
  paragraphs: string[];
  /** A code shown large (verification, password reset). */
  code?: string;
  /** The one button, with its link (absolute). */
  action?: { label: string; url: string };
  /** A short list (first steps, a digest's lines). */
  list?: string[];
  /** Why the member receives it, and the links to change that (settings, one-click unsubscribe). */
  footer: { reason: string; links?: { label: string; url: string }[] };
}

export interface Rendered { subject: string; text: string; html: string }

const GOLD = '#c9a227';
/** The text and HTML parts of a message: one dark-and-gold layout, readable without images or styles. */
export function renderEmail(c: MailContent): Rendered {
  // A link's label and its address in the text part, as the language punctuates (French: a space before the colon).
  const colon = c.language === 'fr' ? '\u00a0: ' : ': ';
  const text = [
    c.heading, '',
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...(c.code ? [c.code, ''] : []),
    ...(c.list?.length ? [...c.list.map((l) => `- ${l}`), ''] : []),
    ...(c.action ? [`${c.action.label}${colon}${c.action.url}`, ''] : []),
    '--', c.footer.reason,
    ...(c.footer.links ?? []).map((l) => `${l.label}${colon}${l.url}`),
  ].join('\n');
  const body = html`<!doctype html><html lang="${c.language ?? 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${c.subject}</title></head>
<body style="margin:0;background:#14100c;color:#f3ead8;font-family:Georgia,serif">
<span style="display:none;max-height:0;overflow:hidden">${c.preheader}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="100%" style="max-width:560px;background:#1f1913;border:1px solid #3a2f22;border-radius:12px">
<tr><td style="padding:28px 28px 8px;color:${new SafeHtml(GOLD)};font-size:14px;letter-spacing:2px">TORCEDOR</td></tr>
<tr><td style="padding:0 28px"><h1 style="font-size:22px;color:#f3ead8">${c.heading}</h1>
${c.paragraphs.map((p) => html`<p style="font-size:16px;line-height:1.5">${p}</p>`)}
${c.code ? html`<p style="font-size:32px;letter-spacing:8px;color:${new SafeHtml(GOLD)};font-family:monospace">${c.code}</p>` : ''}
${c.list?.length ? html`<ul style="font-size:16px;line-height:1.6">${c.list.map((l) => html`<li>${l}</li>`)}</ul>` : ''}
${c.action ? html`<p><a href="${c.action.url}" style="display:inline-block;background:${new SafeHtml(GOLD)};color:#14100c;padding:12px 20px;border-radius:8px;text-decoration:none">${c.action.label}</a></p>` : ''}
</td></tr>
<tr><td style="padding:16px 28px 28px;font-size:12px;color:#a89a84">${c.footer.reason}${(c.footer.links ?? []).map((l) => html` · <a href="${l.url}" style="color:#a89a84">${l.label}</a>`)}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject: c.subject, text, html: body.value };
}

export interface Outgoing extends Rendered {
  to: string;
  /** Extra headers, e.g. RFC 8058's List-Unsubscribe pair on marketing and notification emails. */
  headers?: Record<string, string>;
  /** Tags SES returns with its events (`kind`, `campaign`): how a bounce finds its campaign. */
  tags?: Record<string, string>;
}

/**
 * The part of @aws-sdk/client-sesv2 used here, loaded on the first send only (the Lambda runtime provides the SDK;
 * a function that never sends never loads it).
 */
interface SesSdk {
  SESv2Client: new (config: Record<string, unknown>) => { send(command: unknown): Promise<{ MessageId?: string }> };
  SendEmailCommand: new (input: Record<string, unknown>) => unknown;
}
const SDK_MODULE = '@aws-sdk/client-sesv2';
let ses: Promise<{ sdk: SesSdk; client: InstanceType<SesSdk['SESv2Client']>; env: MailEnv }> | undefined;
function sesClient() {
  if (!ses) {
    const env = loadConfig(MailEnv);
    const loading = (import(SDK_MODULE) as Promise<SesSdk>).then((sdk) => ({
      sdk, env,
      client: traced(new sdk.SESv2Client({
        region: env.AWS_REGION, ...clientOptions(),
        ...(env.SES_ENDPOINT ? { endpoint: env.SES_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
      })),
    }));
    ses = loading;
    loading.catch(() => { if (ses === loading) ses = undefined; });
  }
  return ses;
}

/** Sends one message; answers SES's message id. */
export async function sendEmail(m: Outgoing): Promise<string> {
  const { sdk, client, env } = await sesClient();
  const out = await client.send(new sdk.SendEmailCommand({
    FromEmailAddress: env.MAIL_FROM,
    Destination: { ToAddresses: [m.to] },
    Content: {
      Simple: {
        Subject: { Data: m.subject, Charset: 'UTF-8' },
        Body: { Text: { Data: m.text, Charset: 'UTF-8' }, Html: { Data: m.html, Charset: 'UTF-8' } },
        ...(m.headers ? { Headers: Object.entries(m.headers).map(([Name, Value]) => ({ Name, Value })) } : {}),
      },
    },
    ...(env.MAIL_CONFIGURATION_SET ? { ConfigurationSetName: env.MAIL_CONFIGURATION_SET } : {}),
    ...(m.tags ? { EmailTags: Object.entries(m.tags).map(([Name, Value]) => ({ Name, Value })) } : {}),
  }));
  return out.MessageId ?? '';
}

/** An absolute link into the app (`path` starts with '/'). */
export const appLink = (path: string) => new URL(path, loadConfig(MailEnv.pick({ APP_ORIGIN: true })).APP_ORIGIN).toString();
