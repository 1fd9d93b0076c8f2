import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The walls inside a service (eslint.config.ts; docs/architecture.md, "Where code goes in a service"), tried with
 * deliberate violations placed, as text, where a service's files would be: each must fail the lint, and the
 * allowed direction must pass.
 */
let eslint: ESLint;
beforeAll(() => { eslint = new ESLint({ cwd: new URL('../../..', import.meta.url).pathname }); });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// ESLint with type information loads the whole program: seconds on a busy 2-core machine.
describe('ESLint zones inside a service', { timeout: 30_000 }, () => {
  it('keeps domain/ pure: no store, SDK, provider or kit data module', async () => {
    const file = 'services/humidor/src/domain/zone-fixture.ts';
    expect(await problems(file, "import { ddb } from '@torcedor/service-kit/ddb';\nexport const x = ddb;\n")).toEqual([expect.stringMatching(/domain\/ is pure/)]);
    expect(await problems(file, "import { GetCommand } from '@aws-sdk/lib-dynamodb';\nexport const x = GetCommand;\n")).toEqual([expect.stringMatching(/domain\/ is pure/)]);
    expect(await problems(file, "import { items } from '../store/items.ts';\nexport const x = items;\n")).toEqual([expect.stringMatching(/domain\/ is pure/)]);
    expect(await problems(file, "import { retryOnRace } from '@torcedor/service-kit/race';\nexport const x = retryOnRace;\n")).toHaveLength(1);
    expect(await problems(file, "import { notFound } from '@torcedor/service-kit/errors';\nimport { routes } from '@torcedor/shared/routes';\nexport const x = [notFound, routes];\n")).toEqual([]);
  });

  it('keeps store/ below the handlers, and lets handlers call store and domain', async () => {
    expect(await problems('services/social/src/store/zone-fixture.ts', "import { getFeed } from '../handlers/posts.ts';\nexport const x = getFeed;\n"))
      .toEqual([expect.stringMatching(/never import a handler/)]);
    expect(await problems('services/social/src/handlers/zone-fixture.ts', "import { a } from '../store/likes.ts';\nimport { b } from '../domain/visibility.ts';\nexport const x = [a, b];\n")).toEqual([]);
  });

  it('still keeps services apart inside every zone', async () => {
    for (const zone of ['handlers', 'store', 'domain']) {
      expect(await problems(`services/social/src/${zone}/zone-fixture.ts`, "import { x } from '../../../humidor/src/store/items.ts';\nexport const y = x;\n"))
        .toContainEqual(expect.stringMatching(/Services never import each other/));
    }
  });
});
