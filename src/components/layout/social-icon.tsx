import type { SocialLink } from '@/config/site';

// Brand marks as monograms: no third-party icon font or request. The link's aria-label names it.
const monograms: Record<SocialLink['id'], string> = {
  linkedin: 'in',
  facebook: 'f',
  x: 'X',
  instagram: 'IG',
  youtube: 'YT',
};

export function SocialIcon({ id }: { id: SocialLink['id'] }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6">
      <rect width="24" height="24" rx="6" fill="currentColor" />
      <text
        x="12"
        y="16.5"
        textAnchor="middle"
        fontSize="11"
        fontWeight="700"
        fill="#0f172a"
        fontFamily="inherit"
      >
        {monograms[id]}
      </text>
    </svg>
  );
}
