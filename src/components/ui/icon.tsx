import {
  Calendar, CalendarCheck, Clock, List, Mail, MapPin, MessageSquare, Monitor, PenLine, Phone, Search, Star,
  TrendingUp, Workflow, Zap, type LucideIcon,
} from 'lucide-react';
import type { IconName } from './icon-names';

const icons: Record<IconName, LucideIcon> = {
  search: Search,
  monitor: Monitor,
  pen: PenLine,
  'map-pin': MapPin,
  star: Star,
  list: List,
  zap: Zap,
  clock: Clock,
  'trending-up': TrendingUp,
  'calendar-check': CalendarCheck,
  phone: Phone,
  message: MessageSquare,
  calendar: Calendar,
  mail: Mail,
  workflow: Workflow,
};

/** A decorative icon chosen by name from content; hidden from assistive technology. */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  const Component = icons[name];
  return <Component aria-hidden="true" focusable="false" className={className} />;
}
