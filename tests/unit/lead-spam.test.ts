import { describe, expect, it } from 'vitest';
import { FILL_MS_FIELD, HONEYPOT_FIELD, MIN_FILL_MS, STARTED_AT_FIELD } from '@/lib/lead-forms';
import { detectSpam } from '@/server/leads/spam';

const now = 1_800_000_000_000;

describe('detectSpam', () => {
  it('lets a normal submission through', () => {
    expect(
      detectSpam(
        { firstName: 'A', [HONEYPOT_FIELD]: '', [STARTED_AT_FIELD]: String(now - 30_000) },
        now,
      ),
    ).toEqual({ spam: false });
  });

  it.each(['http://spam.example', 'x', 1, true])('flags a filled honeypot (%j)', (value) => {
    expect(detectSpam({ [HONEYPOT_FIELD]: value }, now)).toEqual({
      spam: true,
      reason: 'honeypot',
    });
  });

  it('ignores a blank honeypot', () => {
    expect(detectSpam({ [HONEYPOT_FIELD]: '   ' }, now)).toEqual({ spam: false });
  });

  it('flags a form sent less than MIN_FILL_MS after it appeared', () => {
    expect(detectSpam({ [STARTED_AT_FIELD]: String(now - MIN_FILL_MS + 1) }, now)).toEqual({
      spam: true,
      reason: 'too_fast',
    });
    expect(detectSpam({ [STARTED_AT_FIELD]: now }, now)).toEqual({
      spam: true,
      reason: 'too_fast',
    });
  });

  it('accepts a form sent exactly MIN_FILL_MS or later after it appeared', () => {
    expect(detectSpam({ [STARTED_AT_FIELD]: String(now - MIN_FILL_MS) }, now)).toEqual({
      spam: false,
    });
    expect(detectSpam({ [STARTED_AT_FIELD]: now - 60_000 }, now)).toEqual({ spam: false });
  });

  it('goes by the time the browser measured, whatever its clock says of the start', () => {
    // A device clock 20 s ahead of ours: its start looks 20 s later than it was.
    const skewed = { [STARTED_AT_FIELD]: String(now + 20_000 - 21_000) };
    expect(detectSpam({ ...skewed, [FILL_MS_FIELD]: 21_000 }, now)).toEqual({ spam: false });
    expect(detectSpam({ ...skewed, [FILL_MS_FIELD]: '21000' }, now)).toEqual({ spam: false });
    expect(detectSpam({ [STARTED_AT_FIELD]: now - 60_000, [FILL_MS_FIELD]: 900 }, now)).toEqual({
      spam: true,
      reason: 'too_fast',
    });
    // Unreadable: the start time decides, as for a client that sends none.
    expect(detectSpam({ ...skewed, [FILL_MS_FIELD]: 'soon' }, now)).toEqual({
      spam: true,
      reason: 'too_fast',
    });
  });

  it.each(['', 'abc', '12.5e3', null, String(now + 60_000)])(
    'does not treat %j (missing, unreadable or a clock ahead of ours) as a bot',
    (value) => {
      expect(detectSpam({ [STARTED_AT_FIELD]: value }, now)).toEqual({ spam: false });
    },
  );
});
