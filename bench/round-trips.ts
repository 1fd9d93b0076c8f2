/** The timing of the DynamoDB commands one request sent, as the benches' recorders note them (ms, performance.now()). */
export interface Timed { start: number; end: number }

/** Round trips that had to wait for an earlier one: a command starts a new one when it starts after every earlier command ended. */
export function sequentialRoundTrips(sent: readonly Timed[]): number {
  return roundTripTimes(sent).length;
}

/** How long each sequential round trip took (ms): from its first command's start to its last command's end. */
export function roundTripTimes(sent: readonly Timed[]): number[] {
  const trips: { start: number; end: number }[] = [];
  for (const s of [...sent].sort((a, b) => a.start - b.start)) {
    const last = trips.at(-1);
    if (last && s.start < last.end) last.end = Math.max(last.end, s.end);
    else trips.push({ start: s.start, end: s.end });
  }
  return trips.map((t) => t.end - t.start);
}

/** Time during which at least one command was in flight (ms). */
export function busyTime(sent: readonly Timed[]): number {
  let busy = 0;
  let end = -Infinity;
  for (const s of [...sent].sort((a, b) => a.start - b.start)) {
    busy += Math.max(0, s.end - Math.max(s.start, end));
    end = Math.max(end, s.end);
  }
  return busy;
}
