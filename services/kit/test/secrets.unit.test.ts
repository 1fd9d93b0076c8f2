import { beforeEach, describe, expect, it, vi } from 'vitest';

// @aws-sdk/client-secrets-manager is provided by the Lambda runtime and loaded by readSecret() on first
// use: a stand-in module records each GetSecretValue and answers with what the test queues.
const send = vi.hoisted(() => vi.fn<(command: { input: { SecretId: string } }) => Promise<{ SecretString?: string }>>());
vi.mock('@aws-sdk/client-secrets-manager', () => ({
  SecretsManagerClient: class { send = send; },
  GetSecretValueCommand: class { constructor(readonly input: { SecretId: string }) {} },
}));

const { readSecret } = await import('../src/secrets.ts');
const arn = (name: string) => `arn:aws:secretsmanager:us-east-1:123456789012:secret:torcedor/${name}-AbCdEf`;
const asked = () => send.mock.calls.map(([c]) => c.input.SecretId);

beforeEach(() => send.mockReset());

describe('readSecret', () => {
  it('answers the plain variable when it is set (local stack), without Secrets Manager', async () => {
    await expect(readSecret('STRIPE_SECRET_KEY', { STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_SECRET_KEY_SECRET_ARN: arn('a') })).resolves.toBe('sk_test_local');
    expect(send).not.toHaveBeenCalled();
  });

  it('answers null when neither the variable nor a secret ARN is set (provider not configured)', async () => {
    await expect(readSecret('OPENAI_API_KEY', {})).resolves.toBeNull();
    await expect(readSecret('OPENAI_API_KEY', { OPENAI_API_KEY: '' })).resolves.toBeNull();
    expect(send).not.toHaveBeenCalled();
  });

  it('fetches the secret of <NAME>_SECRET_ARN once per container and keeps it', async () => {
    send.mockResolvedValue({ SecretString: 'sk_live_123' });
    const env = { STRIPE_SECRET_KEY_SECRET_ARN: arn('b') };
    const [a, b] = await Promise.all([readSecret('STRIPE_SECRET_KEY', env), readSecret('STRIPE_SECRET_KEY', env)]);
    expect([a, b]).toEqual(['sk_live_123', 'sk_live_123']);
    await expect(readSecret('STRIPE_SECRET_KEY', env)).resolves.toBe('sk_live_123');
    expect(asked()).toEqual([arn('b')]);
  });

  it('does not keep a failed fetch: the next read asks again', async () => {
    send.mockRejectedValueOnce(Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' }));
    send.mockResolvedValueOnce({ SecretString: 'whsec_456' });
    const env = { STRIPE_WEBHOOK_SECRET_SECRET_ARN: arn('c') };
    await expect(readSecret('STRIPE_WEBHOOK_SECRET', env)).rejects.toThrow('Rate exceeded');
    await expect(readSecret('STRIPE_WEBHOOK_SECRET', env)).resolves.toBe('whsec_456');
    await expect(readSecret('STRIPE_WEBHOOK_SECRET', env)).resolves.toBe('whsec_456');
    expect(asked()).toEqual([arn('c'), arn('c')]);
  });

  it("takes CDK's placeholder (and an empty value) as not configured", async () => {
    send.mockResolvedValueOnce({ SecretString: '{"unset":true,"placeholder":"x7Qk2"}' });
    await expect(readSecret('OPENAI_API_KEY', { OPENAI_API_KEY_SECRET_ARN: arn('d') })).resolves.toBeNull();
    send.mockResolvedValueOnce({ SecretString: '' });
    await expect(readSecret('OPENAI_API_KEY', { OPENAI_API_KEY_SECRET_ARN: arn('e') })).resolves.toBeNull();
    send.mockResolvedValueOnce({ SecretString: '{"apiKey":"sk-1"}' });
    await expect(readSecret('OPENAI_API_KEY', { OPENAI_API_KEY_SECRET_ARN: arn('f') })).resolves.toBe('{"apiKey":"sk-1"}');
  });
});
