import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catq, SAMPLE_JOB, tempDir, writeTemp } from '../cli/helpers.js';

// Issue 13 §3: preflight on a job for another catalog or another task must not say "safe to
// submit" without a word; preflight FILE without --job suggests --job.

const dir = tempDir();
const job = JSON.parse(readFileSync(SAMPLE_JOB, 'utf8')) as { Task: string; Parameters: Record<string, unknown> };

describe('catq preflight and the job it checks', () => {
  it('a job whose CatalogId is not the catalog used is not safe (exit 1) and says why', async () => {
    const other = writeTemp(dir, 'other-catalog.json', JSON.stringify({ ...job, Parameters: { ...job.Parameters, CatalogId: 7 } }));
    const r = await catq(['preflight', '--job', other]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/CatalogId 7/);
    expect(r.stdout).toMatch(/1042/);
    expect(r.stdout).not.toMatch(/✓ safe to submit/);
  });

  it('a job for another task is not safe either', async () => {
    const other = writeTemp(dir, 'other-task.json', JSON.stringify({ ...job, Task: 'delete-everything' }));
    const r = await catq(['preflight', '--job', other]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/delete-everything/);
  });

  it('the sample job (same catalog, the right task) is still safe', async () => {
    expect((await catq(['preflight', '--job', SAMPLE_JOB])).code).toBe(0);
  });

  it('preflight FILE without --job suggests --job (exit 2)', async () => {
    const r = await catq(['preflight', SAMPLE_JOB]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--job/);
  });
});
