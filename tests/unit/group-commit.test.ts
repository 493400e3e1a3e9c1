import { describe, expect, it } from 'vitest';
import { groupCommit } from '@/server/db/group-commit';

/** A fake statement: records each group it gets, takes `ms` to run, fails on rows named 'bad'. */
function fakeWriter(ms = 5) {
  const groups: string[][] = [];
  const write = async (rows: string[]) => {
    groups.push([...rows]);
    await new Promise((resolve) => setTimeout(resolve, ms));
    if (rows.includes('bad')) throw new Error('constraint violated');
    return rows.map((row) => `ok:${row}`);
  };
  return { groups, write };
}

describe('groupCommit', () => {
  it('writes a lone row at once, in a group of its own', async () => {
    const { groups, write } = fakeWriter();
    const commit = groupCommit(write);
    await expect(commit('a')).resolves.toBe('ok:a');
    expect(groups).toEqual([['a']]);
  });

  it('writes the rows that arrive during a write together, in the next statement', async () => {
    const { groups, write } = fakeWriter();
    const commit = groupCommit(write);
    const results = await Promise.all(['a', 'b', 'c', 'd'].map(commit));
    expect(results).toEqual(['ok:a', 'ok:b', 'ok:c', 'ok:d']);
    expect(groups).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it('never puts more than maxRows in one statement', async () => {
    const { groups, write } = fakeWriter();
    const commit = groupCommit(write, { maxRows: 2 });
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map(commit));
    expect(groups).toEqual([['a'], ['b', 'c'], ['d', 'e']]);
  });

  it('runs up to `concurrency` statements at once', async () => {
    const { groups, write } = fakeWriter();
    const commit = groupCommit(write, { concurrency: 2 });
    await Promise.all(['a', 'b', 'c'].map(commit));
    expect(groups).toEqual([['a'], ['b'], ['c']]);
  });

  it('reads a concurrency given as a function when rows arrive, not when the writer is made', async () => {
    const { groups, write } = fakeWriter();
    let reads = 0;
    const concurrency = () => {
      reads += 1;
      return 2;
    };
    const commit = groupCommit(write, { concurrency });
    expect(reads).toBe(0);
    await Promise.all(['a', 'b', 'c'].map(commit));
    expect(reads).toBeGreaterThan(0);
    expect(groups).toEqual([['a'], ['b'], ['c']]);
  });

  it('with lingerMs, waits that long to gather a group', async () => {
    const { groups, write } = fakeWriter();
    const commit = groupCommit(write, { lingerMs: 30 });
    const first = commit('a');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(groups).toEqual([]);
    await Promise.all([first, commit('b')]);
    expect(groups).toEqual([['a', 'b']]);
  });

  it('with lingerMs, lets rows that arrive during a write linger too, unless a full group waits', async () => {
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const { groups, write } = fakeWriter(40);
    const commit = groupCommit(write, { lingerMs: 100, maxRows: 3 });
    const first = commit('a');
    await sleep(110); // 'a' is being written
    const during = [commit('b')];
    await sleep(50); // 'a' is done; 'b' lingers for company
    during.push(commit('c'));
    await Promise.all([first, ...during]);
    expect(groups).toEqual([['a'], ['b', 'c']]);

    groups.length = 0;
    const burst = ['d', 'e', 'f'].map(commit);
    await sleep(110); // lingered, now being written
    const full = ['g', 'h', 'i'].map(commit);
    await Promise.all(burst);
    await sleep(10);
    expect(groups).toEqual([
      ['d', 'e', 'f'],
      ['g', 'h', 'i'],
    ]); // a full group goes at once
    await Promise.all(full);
  });

  it('retries a failed group row by row, so only the bad row fails', async () => {
    const { groups, write } = fakeWriter(1);
    const commit = groupCommit(write);
    const outcomes = await Promise.allSettled(['a', 'b', 'bad', 'c'].map(commit));
    expect(
      outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message)),
    ).toEqual(['ok:a', 'ok:b', 'constraint violated', 'ok:c']);
    expect(groups).toEqual([['a'], ['b', 'bad', 'c'], ['b'], ['bad'], ['c']]);
  });
});
