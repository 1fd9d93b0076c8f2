/** A deterministic shuffle for tests of any-order delivery (a fixed seed keeps a failure reproducible). */
export function shuffle<T>(xs: T[], seed: number): T[] {
  const out = [...xs];
  let s = seed;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
