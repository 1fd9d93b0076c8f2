import { z } from 'zod';

export const HumidorStatus = z.enum(['owned', 'to-try', 'aged', 'smoked']);
export const Strength = z.enum(['mild', 'mild-medium', 'medium', 'medium-full', 'full']);

export const HumidorItem = z.object({
  id: z.string(),
  cigarId: z.string(),
  quantity: z.number().int(),
  location: z.string().nullable(),
  status: HumidorStatus,
  notes: z.string().nullable(),
  pricePaid: z.number().nullable(),
  boxDate: z.string().nullable(),
  cigarImageUrl: z.string().nullable(),
  brandName: z.string(),
  cigarName: z.string(),
  brandCountry: z.string().nullable(),
  cigarVitola: z.string().nullable(),
  cigarLength: z.number().nullable(),
  cigarRingGauge: z.number().nullable(),
  createdAt: z.string(),
});
export type HumidorItem = z.infer<typeof HumidorItem>;
export const HumidorList = z.array(HumidorItem);
