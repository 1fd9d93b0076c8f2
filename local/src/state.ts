import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** What a data dir remembers between runs (DATA_DIR/local.json). */
export interface LocalState {
  userPoolId?: string;
  clientId?: string;
  /** Ports of the stand-ins, reused when free so token issuers and upload URLs stay valid. */
  ports?: { dynamodb?: number; cognito?: number; s3?: number; bus?: number; ses?: number };
}

export function readState(file: string): LocalState {
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LocalState;
  } catch {
    return {};
  }
}

export function writeState(file: string, state: LocalState): void {
  writeFileSync(file, `${JSON.stringify(state, null, 2)}\n`);
}
