import { spawnSync } from 'node:child_process';

export const JAVA_REQUIRED =
  'Java 17+ is required for DynamoDB Local: install a JRE (e.g. apt-get install openjdk-17-jre-headless)';

/** The major version of `java` on PATH, or null when there is none (or it does not run). */
export function javaMajorVersion(): number | null {
  const out = spawnSync('java', ['-version'], { encoding: 'utf8', timeout: 15_000 });
  if (out.error || out.status !== 0) return null;
  const m = /version "(\d+)(?:\.(\d+))?/.exec(`${out.stderr}${out.stdout}`);
  if (!m) return null;
  const major = Number(m[1]);
  return major === 1 ? Number(m[2]) : major;
}

/** Throws JAVA_REQUIRED unless Java 17 or newer is on PATH. */
export function assertJava(): void {
  const v = javaMajorVersion();
  if (v === null || v < 17) throw new Error(JAVA_REQUIRED);
}
