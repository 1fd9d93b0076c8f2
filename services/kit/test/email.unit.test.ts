import { describe, expect, it } from 'vitest';
import { escapeHtml, html, renderEmail, SafeHtml } from '../src/email.ts';

describe('the kit email layout', () => {
  it('escapes member-written text in the HTML part and keeps it verbatim in the text part', () => {
    const evil = '<img src=x onerror="alert(1)"> & \'quotes\'';
    const r = renderEmail({
      subject: 'Hi', preheader: evil, heading: `${evil} commented`, paragraphs: [evil], list: [evil],
      action: { label: 'Open', url: 'https://torcedor.example/p?a=1&b="2"' },
      footer: { reason: 'You get this because…', links: [{ label: 'Unsubscribe', url: 'https://torcedor.example/unsubscribe?token=a&b' }] },
    });
    expect(r.html).not.toContain('<img');
    expect(r.html).not.toContain('onerror="');
    expect(r.html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;quotes&#39;');
    expect(r.html).toContain('href="https://torcedor.example/p?a=1&amp;b=&quot;2&quot;"');
    expect(r.text).toContain(`${evil} commented`);
    expect(r.text).toContain('Unsubscribe: https://torcedor.example/unsubscribe?token=a&b');
    expect(r.text).not.toContain('&amp;');
  });

  it('shows a code large in both parts and leaves out what a message does not have', () => {
    const r = renderEmail({ subject: 'Your code', preheader: 'p', heading: 'Verify', paragraphs: ['Enter it'], code: '042817', footer: { reason: 'r' } });
    expect(r.text.split('\n')).toContain('042817');
    expect(r.html).toContain('>042817</p>');
    expect(r.html).not.toContain('<ul');
    expect(r.html).not.toContain('<a href');
  });

  it('escapes once: safe parts pass through, everything else is escaped', () => {
    expect(escapeHtml('<a>&')).toBe('&lt;a&gt;&amp;');
    expect(html`<b>${'<i>'}</b>${new SafeHtml('<br>')}${['<', html`<p>`]}`.value).toBe('<b>&lt;i&gt;</b><br>&lt;<p>');
  });
});
