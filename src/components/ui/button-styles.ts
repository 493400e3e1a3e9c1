import { cn } from '@/lib/cn';

/**
 * Shared button looks for links and buttons alike (links that look like buttons stay links). A
 * long label wraps inside its button (max-w-full) rather than spill past a narrow or zoomed page;
 * in forced colours (Windows contrast themes) backgrounds are dropped, so a border keeps the shape.
 */
const base =
  'inline-flex max-w-full items-center justify-center gap-2 rounded-full text-center font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60 forced-colors:border';

const variants = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700',
  secondary: 'bg-white text-brand-700 ring-1 ring-inset ring-brand-200 hover:bg-brand-50',
  inverse: 'bg-white text-brand-800 hover:bg-brand-50',
  ghost: 'text-ink-700 hover:bg-ink-100',
} as const;

const sizes = {
  sm: 'px-4 py-2 text-sm',
  md: 'px-5 py-2.5 text-sm',
  lg: 'px-6 py-3 text-base',
} as const;

export function buttonClass(
  variant: keyof typeof variants = 'primary',
  size: keyof typeof sizes = 'md',
  extra?: string,
) {
  return cn(base, variants[variant], sizes[size], extra);
}
