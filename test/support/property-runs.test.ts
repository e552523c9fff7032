/** The seed and run count of the property tests: fixed by default, moved by the environment. */
import { afterEach, describe, expect, it, vi } from 'vitest';

async function load(env: Record<string, string>) {
  vi.resetModules();
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  return import('./property-runs.js');
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('property runs', () => {
  it('keep each property\'s own seed and count when nothing is set', async () => {
    const m = await load({ CATQ_PROPERTY_SEED: '', CATQ_PROPERTY_RUNS: '' });
    expect(m.propertySeed(0x5eed5a1)).toBe(0x5eed5a1);
    expect(m.propertyRuns(400)).toBe(400);
  });

  it('move every seed and multiply every count when set', async () => {
    const m = await load({ CATQ_PROPERTY_SEED: '12345', CATQ_PROPERTY_RUNS: '2.5' });
    expect(m.propertySeed(0x5eed5a1)).toBe((0x5eed5a1 ^ 12345) >>> 0);
    expect(m.propertySeed(7)).not.toBe(m.propertySeed(8));
    expect(m.propertyRuns(400)).toBe(1000);
  });

  it('refuse a value they cannot use, naming it', async () => {
    await expect(load({ CATQ_PROPERTY_RUNS: '0.5' })).rejects.toThrow(/CATQ_PROPERTY_RUNS="0.5" is not usable: give a factor of 1 or more/);
    await expect(load({ CATQ_PROPERTY_SEED: 'abc' })).rejects.toThrow(/CATQ_PROPERTY_SEED="abc" is not usable: give an integer/);
  });
});
