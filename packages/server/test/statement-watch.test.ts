/**
 * StatementWatch closes the connection of a statement past its deadline, and only that one: a
 * statement that got its answer in time, or one still within its deadline, keeps its connection.
 * (The whole path, a server that stops answering and the 503, is statement-deadline.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { StatementWatch } from '../src/store/statement-watch.js';

function fakeClient() {
  const closed: (Error | undefined)[] = [];
  return { client: { connection: { stream: { destroy: (e?: Error) => void closed.push(e) } } }, closed };
}

describe('StatementWatch', () => {
  it('closes only the connections of statements past their deadline, once, with an ETIMEDOUT error', () => {
    const watch = new StatementWatch(1000);
    const late = fakeClient();
    const answered = fakeClient();
    const t0 = Date.now();
    watch.start(late.client);
    watch.start(answered.client);
    watch.end(answered.client);
    watch.check(t0 + 500);
    expect(late.closed).toEqual([]);
    watch.check(t0 + 1500);
    expect(late.closed).toHaveLength(1);
    expect(late.closed[0]).toMatchObject({ code: 'ETIMEDOUT', message: expect.stringContaining('within 1000 ms') });
    expect(answered.closed).toEqual([]);
    // Closed once: the statement is no longer watched.
    watch.check(t0 + 5000);
    expect(late.closed).toHaveLength(1);
    // A statement started later has its own deadline.
    const recent = fakeClient();
    watch.start(recent.client);
    watch.check(Date.now() + 500);
    expect(recent.closed).toEqual([]);
    watch.check(Date.now() + 1500);
    expect(recent.closed).toHaveLength(1);
    watch.close();
  });
});
