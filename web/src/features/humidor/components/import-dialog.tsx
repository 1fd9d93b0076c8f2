import { zodResolver } from '@hookform/resolvers/zod';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { IMPORT_MAX_ROWS, ImportPreviewBody, type ImportPreview } from '@torcedor/shared/schemas/humidor';
import { Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FieldError, FormField } from '@/components/ui/form-field';
import { Label, Textarea } from '@/components/ui/input';
import { errorDetail } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { importSummary, type ImportOutcome } from '../api/import-chunks';
import { useImportRows, usePreviewImport } from '../api/import-csv';

type Preview = z.infer<typeof ImportPreview>;

/** CSV import (Cigar Scanner-style columns name, brand, quantity, price, location, date) with a preview. */
export function ImportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const { t } = useLingui();
  const { register, handleSubmit, setValue, reset, formState: { errors, isValid } } = useForm<z.input<typeof ImportPreviewBody>, unknown, z.output<typeof ImportPreviewBody>>({
    resolver: zodResolver(ImportPreviewBody),
    mode: 'onTouched',
    defaultValues: { csv: '' },
  });
  const [preview, setPreview] = useState<Preview | null>(null);
  /** How the last import run went: rows 1 to `imported` of the importable rows are stored. */
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [progress, setProgress] = useState(0);
  const check = usePreviewImport();
  const run = useImportRows();
  const id = useId();
  const clear = () => { setPreview(null); setOutcome(null); setProgress(0); };
  const close = (o: boolean) => { if (!o) { reset({ csv: '' }); clear(); } onOpenChange(o); };
  // The server checked each row with the import's own row schema: `row` is what the import takes, or null.
  const ok = preview?.rows.flatMap((r) => (r.row && !r.errors.length ? [{ line: r.line, row: r.row }] : [])) ?? [];
  const landed = outcome?.imported ?? 0;
  const landedLines = new Set(ok.slice(0, landed).map((r) => r.line));
  const left = ok.length - landed;
  const importable = ok.length;
  const all = preview?.rows.length ?? 0;
  /** A preview row: the file's line, what it names (as written), its catalog match, why it cannot be imported. */
  const rowText = (r: Preview['rows'][number], done: boolean) => {
    const line = r.line;
    const named = `${r.input.brand} ${r.input.name}`;
    const quantity = r.input.quantity || 1;
    const head = t`Line ${line}: ${named} × ${quantity}`;
    const match = r.match ? `${r.match.brandName} ${r.match.cigarName}` : null;
    return [
      head,
      match ? ` → ${match}` : ` → ${t`no match in the catalog`}`,
      r.errors.length ? ` (${r.errors.join('; ')})` : '',
      done ? ` ${t`(imported)`}` : '',
    ].join('');
  };
  const stopped = outcome?.error === undefined ? undefined : importSummary(outcome, ok[landed]?.line);
  const doPreview = ({ csv }: z.output<typeof ImportPreviewBody>) =>
    check.mutate(csv, { onSuccess: (p) => { clear(); setPreview(p); }, onError: (err) => toast({ title: t`Could not read the file`, description: errorDetail(err), variant: 'error' }) });
  const doImport = () => {
    // Rows already stored by an earlier, stopped run are not sent again: the run resumes after them.
    setProgress(landed);
    run.mutate({ rows: ok.map((r) => r.row), from: landed, onProgress: setProgress }, {
      onSuccess: (o) => {
        const summary = importSummary(o, ok[o.imported]?.line);
        setOutcome(o);
        if (o.error === undefined) {
          toast({ title: t`Import complete`, description: summary, variant: 'success' });
          close(false);
        } else {
          toast({ title: o.imported ? t`Import stopped part way` : t`Nothing was imported`, description: summary, variant: 'error' });
        }
      },
      onError: (err) => toast({ title: t`Import failed`, description: errorDetail(err), variant: 'error' }),
    });
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title={t`Import from CSV`} description={t`Columns: name, brand, quantity, price, location, date (YYYY-MM-DD).`} className="max-w-2xl">
        {!preview ? (
          <form onSubmit={handleSubmit(doPreview)} className="space-y-3" noValidate>
            <div>
              <Label htmlFor={`${id}-file`}><Trans>CSV file</Trans></Label>
              <input
                id={`${id}-file`} type="file" accept=".csv,text/csv" className="block text-sm"
                onChange={async (e) => { const f = e.target.files?.[0]; if (f) setValue('csv', await f.text(), { shouldValidate: true, shouldDirty: true, shouldTouch: true }); }}
              />
            </div>
            <FormField label={t`or paste it`} error={errors.csv?.message}>
              {(p) => <Textarea {...p} className="font-mono text-xs" rows={8} placeholder={'name,brand,quantity,price,location,date\n1964 Anniversary Series Exclusivo,Padron,2,18.50,Top tray,2024-05-01'} {...register('csv')} />}
            </FormField>
            <div className="flex justify-end">
              <Button type="submit" disabled={!isValid || check.isPending}>
                <Upload className="h-4 w-4" aria-hidden />{check.isPending ? t`Checking...` : t`Preview`}
              </Button>
            </div>
          </form>
        ) : (
          <div className="space-y-3">
            <p className="text-sm">
              {t({ message: plural(all, { one: `${importable} of # row can be imported.`, other: `${importable} of # rows can be imported.` }) })}
              {ok.length > IMPORT_MAX_ROWS ? ` ${t`They are sent ${IMPORT_MAX_ROWS} at a time.`}` : ''}
            </p>
            <ul className="max-h-72 space-y-1 overflow-y-auto text-sm">
              {preview.rows.map((r) => (
                <li key={r.line} className={r.row && !r.errors.length ? 'text-success' : 'text-danger'}>
                  {rowText(r, landedLines.has(r.line))}
                </li>
              ))}
            </ul>
            <FieldError message={stopped} />
            <div className="flex justify-end gap-2">
              <Button variant="outline" disabled={run.isPending} onClick={clear}><Trans>Back</Trans></Button>
              <Button disabled={!left || run.isPending} onClick={doImport}>
                {run.isPending
                  ? t`Importing... ${progress} of ${importable}`
                  : landed
                    ? t({ message: plural(left, { one: 'Import the remaining # row', other: 'Import the remaining # rows' }) })
                    : t({ message: plural(importable, { one: 'Import # row', other: 'Import # rows' }) })}
              </Button>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
