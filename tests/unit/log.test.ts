import { describe, expect, it } from 'vitest';
import { describeError } from '@/server/log';

describe('describeError', () => {
  it("keeps the database's own reason under a failed query in full, and never the query's parameters", () => {
    // What drizzle throws when PostgreSQL refuses a row: the SQL, its parameters (what the visitor
    // typed), and the cause.
    const columns = Array.from({ length: 40 }, (_, i) => `column_${i}`).join(', ');
    const cause = Object.assign(new Error('unsupported Unicode escape sequence'), {
      code: '22P05',
    });
    const failed = new Error(
      `Failed query: INSERT INTO leads (${columns}) VALUES ($1, $2, $3)\nparams: Ada,ada@example.com,+1 555 010 0100`,
      { cause },
    );
    const described = describeError(failed);
    expect(described).toContain('Error [22P05]: unsupported Unicode escape sequence');
    expect(described).toMatch(/^Error: Failed query: INSERT INTO leads/);
    expect(described).not.toContain('ada@example.com');
    expect(described.length).toBeLessThanOrEqual(420);
  });

  it("names a network error's code once, and follows causes", () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), {
      code: 'ECONNREFUSED',
    });
    expect(describeError(refused)).toBe('Error: connect ECONNREFUSED 127.0.0.1:9');
    expect(describeError(new TypeError('fetch failed', { cause: refused }))).toBe(
      'TypeError: fetch failed <- Error: connect ECONNREFUSED 127.0.0.1:9',
    );
    expect(describeError('plain')).toBe('plain');
  });
});
