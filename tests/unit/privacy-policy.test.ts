import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PrivacyPolicy } from '@/components/sections/privacy-policy';

type Settings = Parameters<typeof PrivacyPolicy>[0];

const policy = (settings: Partial<Settings>) =>
  renderToStaticMarkup(
    createElement(PrivacyPolicy, {
      spamDays: 30,
      leadDays: null,
      webhookAuth: 'none',
      ...settings,
    }),
  ).replace(/<[^>]+>/g, ' ');

describe('the privacy policy says what this build does', () => {
  it('names each retention period in days, or in hours below a day', () => {
    expect(policy({ spamDays: 30 })).toContain(
      'Submissions our spam checks catch are deleted from our database 30 days after they arrive.',
    );
    expect(policy({ spamDays: 1 })).toContain('deleted from our database 1 day after they arrive.');
    expect(policy({ spamDays: 0.5 })).toContain(
      'deleted from our database 12 hours after they arrive.',
    );
    expect(policy({ spamDays: 1.5 })).toContain(
      'deleted from our database 36 hours after they arrive.',
    );
    expect(policy({ spamDays: 0.01 })).toContain(
      'deleted from our database 1 hour after they arrive.',
    );
    expect(policy({ leadDays: 90 })).toContain(
      'Every other form submission is deleted from our database 90 days after it arrives, sooner if you ask us to.',
    );
  });

  it('says what is kept when a period is off, and that a submission on its way is kept past it', () => {
    const text = policy({ spamDays: null, leadDays: null });
    expect(text).toContain('Submissions our spam checks catch are kept with the others.');
    expect(text).toContain('We keep other form submissions for as long as we need them');
    expect(text).toContain(
      'A submission is kept past its period only while it is still on its way',
    );
    expect(text).not.toContain('deleted from our database');
  });

  it('calls deliveries signed or keyed only when they are', () => {
    const signed = 'Deliveries to our automation platform are signed so they cannot be forged.';
    const keyed =
      'Deliveries to our automation platform carry a secret key, so it accepts only ours.';
    expect(policy({ webhookAuth: 'signed' })).toContain(signed);
    expect(policy({ webhookAuth: 'header' })).toContain(keyed);
    const unsigned = policy({ webhookAuth: 'none' });
    expect(unsigned).not.toContain(signed);
    expect(unsigned).not.toContain(keyed);
    expect(unsigned).not.toContain('{webhookAuth}');
  });
});
