import { zodResolver } from '@hookform/resolvers/zod';
import { ImportBody, ImportPreviewBody, type ImportPreview } from '@torcedor/shared/schemas/humidor';
import { Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { FieldError, Label, Textarea } from '@/components/ui/input';
import { errorDetail } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useImportRows, usePreviewImport } from '../api/import-csv';
import { toPrice } from './edit-item-dialog';

type Preview = z.infer<typeof ImportPreview>;
type Row = Preview['rows'][number];

/** A matched preview row as ImportBody takes it (the shared schema then checks it). */
const toImportRow = (r: Row) => ({
  cigarId: r.match!.cigarId, quantity: Number(r.input.quantity || 1), pricePaid: toPrice(r.input.price), location: r.input.location || null, boxDate: r.input.date || null,
});

/** CSV import (Cigar Scanner-style columns name, brand, quantity, price, location, date) with a preview. */
export function ImportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const { register, handleSubmit, setValue, reset, formState: { errors, isValid } } = useForm<z.input<typeof ImportPreviewBody>, unknown, z.output<typeof ImportPreviewBody>>({
    resolver: zodResolver(ImportPreviewBody),
    mode: 'onTouched',
    defaultValues: { csv: '' },
  });
  const [preview, setPreview] = useState<Preview | null>(null);
  const [rowsError, setRowsError] = useState<string | undefined>();
  const check = usePreviewImport();
  const run = useImportRows();
  const id = useId();
  const close = (o: boolean) => { if (!o) { reset({ csv: '' }); setPreview(null); setRowsError(undefined); } onOpenChange(o); };
  const ok = preview?.rows.filter((r) => r.match && !r.errors.length) ?? [];
  const doPreview = ({ csv }: z.output<typeof ImportPreviewBody>) =>
    check.mutate(csv, { onSuccess: setPreview, onError: (err) => toast({ title: 'Could not read the file', description: errorDetail(err), variant: 'error' }) });
  const doImport = () => {
    const body = ImportBody.safeParse({ rows: ok.map(toImportRow) });
    if (!body.success) {
      // What the server would answer (the same schema), shown before the round trip.
      const message = body.error.issues[0]?.message;
      setRowsError(message);
      return toast({ title: 'Failed to add item to humidor', description: message, variant: 'error' });
    }
    setRowsError(undefined);
    run.mutate(body.data, {
      onSuccess: (items) => { toast({ title: 'Import complete', description: `${items.length} items added to your humidor`, variant: 'success' }); close(false); },
      onError: (err) => toast({ title: 'Failed to add item to humidor', description: errorDetail(err), variant: 'error' }),
    });
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title="Import from CSV" description="Columns: name, brand, quantity, price, location, date (YYYY-MM-DD)." className="max-w-2xl">
        {!preview ? (
          <form onSubmit={handleSubmit(doPreview)} className="space-y-3" noValidate>
            <div>
              <Label htmlFor={`${id}-file`}>CSV file</Label>
              <input
                id={`${id}-file`} type="file" accept=".csv,text/csv" className="block text-sm"
                onChange={async (e) => { const f = e.target.files?.[0]; if (f) setValue('csv', await f.text(), { shouldValidate: true, shouldDirty: true, shouldTouch: true }); }}
              />
            </div>
            <FormField label="or paste it" error={errors.csv?.message}>
              {(p) => <Textarea {...p} className="font-mono text-xs" rows={8} placeholder={'name,brand,quantity,price,location,date\n1964 Anniversary Series Exclusivo,Padron,2,18.50,Top tray,2024-05-01'} {...register('csv')} />}
            </FormField>
            <div className="flex justify-end">
              <Button type="submit" disabled={!isValid || check.isPending}>
                <Upload className="h-4 w-4" aria-hidden />{check.isPending ? 'Checking...' : 'Preview'}
              </Button>
            </div>
          </form>
        ) : (
          <div className="space-y-3">
            <p className="text-sm">{ok.length} of {preview.rows.length} rows match the catalog.</p>
            <ul className="max-h-72 space-y-1 overflow-y-auto text-sm">
              {preview.rows.map((r) => (
                <li key={r.line} className={r.match && !r.errors.length ? 'text-success' : 'text-danger'}>
                  Line {r.line}: {r.input.brand} {r.input.name} × {r.input.quantity || 1}
                  {r.match ? ` → ${r.match.brandName} ${r.match.cigarName}` : ' → no match in the catalog'}
                  {r.errors.length ? ` (${r.errors.join('; ')})` : ''}
                </li>
              ))}
            </ul>
            <FieldError message={rowsError} />
            <div className="flex justify-end gap-2">
              <Button variant="outline" onClick={() => { setPreview(null); setRowsError(undefined); }}>Back</Button>
              <Button disabled={!ok.length || run.isPending} onClick={doImport}>{run.isPending ? 'Importing...' : `Import ${ok.length} rows`}</Button>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
