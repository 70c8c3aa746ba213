import {
  ChartLine,
  CreditCard,
  FileText,
  Gift,
  History,
  LayoutDashboard,
  Lightbulb,
  Phone,
  Receipt,
  Repeat,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { PORTAL_ROUTES, type PortalPath } from '../lib/portal-routes';

const ICONS: Record<PortalPath, LucideIcon> = {
  '/': LayoutDashboard,
  '/lines': Phone,
  '/pdf': FileText,
  '/profile': UserRound,
  '/billing': CreditCard,
  '/users': Users,
  '/call-rates': ChartLine,
  '/call-history': History,
  '/subscription': Repeat,
  '/invoices': Receipt,
  '/referral': Gift,
  '/feature-request': Lightbulb,
};

export const NAV_ITEMS = PORTAL_ROUTES.map((route) => ({ ...route, icon: ICONS[route.path] }));
