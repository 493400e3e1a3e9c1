import { env } from '@/env';

export type SocialLink = {
  id: 'linkedin' | 'facebook' | 'x' | 'instagram' | 'youtube';
  label: string;
  href: string;
};

/**
 * Typed site configuration; see .env.example for the variables behind it. Each field reads env when
 * it is used, not when this module is imported.
 */
export const siteConfig = {
  get brandName() {
    return env.NEXT_PUBLIC_BRAND_NAME;
  },
  // Stored without a trailing slash so `${siteUrl}${path}` is always one slash.
  get siteUrl() {
    return env.NEXT_PUBLIC_SITE_URL.replace(/\/+$/, '');
  },
  get phone() {
    return env.NEXT_PUBLIC_CONTACT_PHONE;
  },
  get email() {
    return env.NEXT_PUBLIC_CONTACT_EMAIL;
  },
  get appUrl() {
    return env.NEXT_PUBLIC_APP_URL;
  },
  get gtmId() {
    return env.NEXT_PUBLIC_GTM_ID;
  },
  get social(): SocialLink[] {
    return (
      [
        { id: 'linkedin', label: 'LinkedIn', href: env.NEXT_PUBLIC_SOCIAL_LINKEDIN },
        { id: 'facebook', label: 'Facebook', href: env.NEXT_PUBLIC_SOCIAL_FACEBOOK },
        { id: 'x', label: 'X (Twitter)', href: env.NEXT_PUBLIC_SOCIAL_X },
        { id: 'instagram', label: 'Instagram', href: env.NEXT_PUBLIC_SOCIAL_INSTAGRAM },
        { id: 'youtube', label: 'YouTube', href: env.NEXT_PUBLIC_SOCIAL_YOUTUBE },
      ] satisfies Array<Omit<SocialLink, 'href'> & { href: string | undefined }>
    ).filter((link): link is SocialLink => Boolean(link.href));
  },
} as const;

export type SiteConfig = typeof siteConfig;
