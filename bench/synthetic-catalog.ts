import type { CatalogBrand, CatalogCigar } from '@torcedor/shared/schemas/catalog';

const COUNTRIES = ['Nicaragua', 'Dominican Republic', 'Honduras', 'Cuba', 'Mexico', 'USA'];
const BRAND_WORDS = ['Padrón', 'Fuente', 'Oliva', 'Perdomo', 'Estelí', 'Jalapa', 'Corojo', 'Criollo', 'Vuelta', 'Condega', 'Habano', 'Sumatra', 'Ometepe', 'Danlí', 'Cibao', 'Tabacalera', 'Reserva', 'Familia', 'Casa', 'Hermanos'];
const LINES = ['Anniversary', 'Reserva', 'Maduro', 'Connecticut', 'Natural', 'Oscuro', 'Legacy', 'Heritage', 'Vintage', 'Limited', 'Edición', 'Serie'];
const VITOLAS = [
  ['Robusto', 5, 50], ['Toro', 6, 52], ['Churchill', 7, 48], ['Corona', 5.5, 42], ['Belicoso', 5.25, 52], ['Torpedo', 6.125, 52],
  ['Lancero', 7.5, 38], ['Gordo', 6, 60], ['Petit Corona', 4.5, 42], ['Double Corona', 7.5, 49],
] as const;
const STRENGTHS = ['mild', 'mild-medium', 'medium', 'medium-full', 'full'] as const;
const WRAPPERS = ['Ecuador Connecticut', 'Nicaraguan Habano', 'San Andrés Maduro', 'Ecuador Sumatra', 'Cameroon', 'Connecticut Broadleaf', 'Corojo'];

/** A deterministic catalog of `n` made-up cigars for the search benchmark (never shipped). */
export function syntheticCatalog(n: number): { brands: CatalogBrand[]; cigars: CatalogCigar[] } {
  const brands: CatalogBrand[] = Array.from({ length: 50 }, (_, i) => ({
    id: `bench-brand-${i}`,
    name: `${BRAND_WORDS[i % BRAND_WORDS.length]} ${BRAND_WORDS[(i * 7 + 3) % BRAND_WORDS.length]} ${i}`,
    country: COUNTRIES[i % COUNTRIES.length]!,
    description: 'Synthetic brand for the search benchmark.',
  }));
  const cigars: CatalogCigar[] = Array.from({ length: n }, (_, i) => {
    const b = brands[i % brands.length]!;
    const [vitola, length, ring] = VITOLAS[i % VITOLAS.length]!;
    return {
      id: `bench-cigar-${i}`, brandId: b.id, name: `${LINES[i % LINES.length]} ${LINES[(i * 5 + 1) % LINES.length]} No. ${i}`,
      vitola, length, ringGauge: ring, strength: STRENGTHS[i % STRENGTHS.length]!, wrapper: WRAPPERS[i % WRAPPERS.length]!,
      binder: 'Nicaraguan', filler: 'Nicaraguan, Dominican', country: b.country, description: 'Synthetic cigar for the search benchmark.',
    };
  });
  return { brands, cigars };
}
