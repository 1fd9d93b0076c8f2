import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useCampaignEmailPreview } from '../api/preview-campaign-email';
import { QueryState } from './query-state';

/**
 * The saved email as a member receives it. The HTML part shows inside a sandboxed frame (`sandbox=""`: no script,
 * no form, no navigation, its own origin), never in the page itself; 'Plain text' shows the text part instead.
 */
export function CampaignEmailPreview({ campaignId, id }: { campaignId: string; id: string }) {
  const { t } = useLingui();
  const preview = useCampaignEmailPreview(campaignId, true);
  const [plain, setPlain] = useState(false);
  const previewTitle = (subject: string) => t`Email preview: ${subject}`;
  return (
    <div id={id} className="space-y-2 rounded-md border border-border p-3">
      <QueryState query={preview} failed={t`The preview could not be loaded.`} skeleton="h-64">
        {(p) => (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="min-w-0 break-words text-sm"><span className="text-muted"><Trans>Subject:</Trans></span> <span className="font-medium">{p.subject}</span></p>
              <Button size="sm" variant={plain ? 'primary' : 'outline'} aria-pressed={plain} onClick={() => setPlain((v) => !v)}><Trans>Plain text</Trans></Button>
            </div>
            {plain ? (
              <pre className="max-h-96 overflow-y-auto whitespace-pre-wrap break-words rounded-md bg-surface-2 p-3 font-sans text-sm">{p.text}</pre>
            ) : (
              <iframe title={previewTitle(p.subject)} sandbox="" srcDoc={p.html} className="block h-96 w-full rounded-md border border-border bg-white" />
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}
