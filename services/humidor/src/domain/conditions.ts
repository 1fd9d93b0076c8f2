/** The relative humidity band a humidor is kept in (two-way humidity packs hold 62-72%). */
export const HUMIDITY_TARGET = { min: 62, max: 72 } as const;

/** Recharge when the latest reading fell under the band. */
export const rechargeNeeded = (readings: { humidity: number }[]) => {
  const last = readings.at(-1);
  return !!last && last.humidity < HUMIDITY_TARGET.min;
};
