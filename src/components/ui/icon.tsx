import {
  Award, BarChart3, Bell, Bot, Building2, Calendar, CalendarCheck, CheckCircle2, ClipboardList, Clock, Database,
  DollarSign, FileText, Globe, Handshake, Headphones, Heart, Home, Inbox, Key, Languages, Link2, List, Mail, MapPin,
  MessageSquare, Mic, Monitor, Moon, PenLine, Phone, Repeat, RefreshCw, Search, Send, Settings, Shield, Sparkles,
  Star, Target, ThumbsUp, TrendingUp, Users, Workflow, Zap, type LucideIcon,
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
  languages: Languages,
  database: Database,
  'bar-chart': BarChart3,
  bot: Bot,
  shield: Shield,
  users: Users,
  building: Building2,
  home: Home,
  key: Key,
  bell: Bell,
  repeat: Repeat,
  refresh: RefreshCw,
  link: Link2,
  'thumbs-up': ThumbsUp,
  headphones: Headphones,
  mic: Mic,
  sparkles: Sparkles,
  target: Target,
  'check-circle': CheckCircle2,
  'file-text': FileText,
  clipboard: ClipboardList,
  dollar: DollarSign,
  globe: Globe,
  inbox: Inbox,
  send: Send,
  settings: Settings,
  heart: Heart,
  award: Award,
  moon: Moon,
  handshake: Handshake,
};

/** A decorative icon chosen by name from content; hidden from assistive technology. */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  const Component = icons[name];
  return <Component aria-hidden="true" focusable="false" className={className} />;
}
