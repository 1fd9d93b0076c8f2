import type { z } from 'zod';
import type { ImportPreview } from '@torcedor/shared/schemas/humidor';
import { Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Label, Textarea } from '@/components/ui/input';
import { errorDetail } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useImportRows, usePreviewImport } from '../api/import-csv';

type Preview = z.infer<typeof ImportPreview>;
const price = (s: string) => (s.trim() === '' || Number.isNaN(Number(s)) ? null : Math.round(Number(s) * 100) / 100);

/** CSV import (Cigar Scanner-style columns name, brand, quantity, price, location, date) with a preview. */
export function ImportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const [csv, setCsv] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const check = usePreviewImport();
  const run = useImportRows();
  const id = useId();
  const close = (o: boolean) => { if (!o) { setCsv(''); setPreview(null); } onOpenChange(o); };
  const ok = preview?.rows.filter((r) => r.match && !r.errors.length) ?? [];
  const doImport = () => run.mutate({
    rows: ok.map((r) => ({ cigarId: r.match!.cigarId, quantity: Number(r.input.quantity || 1), pricePaid: price(r.input.price), location: r.input.location || null, boxDate: r.input.date || null })),
  }, {
    onSuccess: (items) => { toast({ title: 'Import complete', description: `${items.length} items added to your humidor`, variant: 'success' }); close(false); },
    onError: (err) => toast({ title: 'Failed to add item to humidor', description: errorDetail(err), variant: 'error' }),
  });
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title="Import from CSV" description="Columns: name, brand, quantity, price, location, date (YYYY-MM-DD)." className="max-w-2xl">
        {!preview ? (
          <div className="space-y-3">
            <Label htmlFor={`${id}-file`}>CSV file</Label>
            <input id={`${id}-file`} type="file" accept=".csv,text/csv" className="block text-sm" onChange={async (e) => { const f = e.target.files?.[0]; if (f) setCsv(await f.text()); }} />
            <Label htmlFor={`${id}-text`}>or paste it</Label>
            <Textarea id={`${id}-text`} className="font-mono text-xs" rows={8} value={csv} onChange={(e) => setCsv(e.target.value)} placeholder={'name,brand,quantity,price,location,date\n1964 Anniversary Series Exclusivo,Padron,2,18.50,Top tray,2024-05-01'} />
            <div className="flex justify-end">
              <Button disabled={!csv.trim() || check.isPending} onClick={() => check.mutate(csv, { onSuccess: setPreview, onError: (err) => toast({ title: 'Could not read the file', description: errorDetail(err), variant: 'error' }) })}>
                <Upload className="h-4 w-4" aria-hidden />{check.isPending ? 'Checking...' : 'Preview'}
              </Button>
            </div>
          </div>
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
            <div className="flex justify-end gap-2">
              <Button variant="outline" onClick={() => setPreview(null)}>Back</Button>
              <Button disabled={!ok.length || run.isPending} onClick={doImport}>{run.isPending ? 'Importing...' : `Import ${ok.length} rows`}</Button>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
