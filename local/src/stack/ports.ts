import { pickPort } from '../ports.ts';
import type { LocalState } from '../state.ts';
import type { StackRun } from './run.ts';

/** The stand-ins' ports (loopback only), remembered in DATA_DIR/local.json. */
export interface StandInPorts {
  dynamodb: number;
  cognito: number;
  s3: number;
  bus: number;
  ses: number;
}

/**
 * The ports of the last run where they are still free (token issuers and upload URLs stay valid), else free ones;
 * never the app's own port nor one picked twice.
 */
export async function pickStandInPorts(run: StackRun, state: LocalState): Promise<StandInPorts> {
  const taken = new Set<number>([run.port]);
  const pick = async (preferred: number | undefined) => {
    let p = await pickPort(taken.has(preferred ?? -1) ? undefined : preferred);
    while (taken.has(p)) p = await pickPort(undefined);
    taken.add(p);
    return p;
  };
  const dynamodb = await pick(state.ports?.dynamodb);
  const cognito = await pick(state.ports?.cognito);
  const s3 = await pick(state.ports?.s3);
  const bus = await pick(state.ports?.bus);
  const ses = await pick(state.ports?.ses);
  if (state.ports?.cognito && state.ports.cognito !== cognito) {
    run.log.warn(`cognito-local moved from :${state.ports.cognito} to :${cognito}: earlier sessions are no longer valid`);
  }
  if (state.ports?.s3 && state.ports.s3 !== s3) {
    run.log.warn(`S3 moved from :${state.ports.s3} to :${s3}: URLs of earlier uploads point at the old port`);
  }
  return { dynamodb, cognito, s3, bus, ses };
}
