import { portalPathKey } from '@enq/contract';
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
import type { ComponentType } from 'react';
import {
  BillingSkeleton,
  CallHistorySkeleton,
  CallRatesSkeleton,
  FeatureRequestSkeleton,
  InvoicesSkeleton,
  LinesSkeleton,
  OverviewSkeleton,
  PdfSkeleton,
  ProfileSkeleton,
  ReferralSkeleton,
  SubscriptionSkeleton,
  UsersSkeleton,
} from '../components/ui/screen-skeletons';

export interface PortalScreen {
  path: string;
  /** Its feature folder, features/<feature>/, whose <feature>-route.tsx is the screen (app/screen-code.ts). */
  feature: string;
  /** Its name in the sidebar. */
  label: string;
  /** Its heading and document title. */
  title: string;
  /** The line under the title that says what the screen is for, where it has one. */
  description?: string;
  icon: LucideIcon;
  /** Its body's placeholders, shown while its code or its data loads. */
  skeleton: ComponentType;
}

/**
 * The twelve portal screens, in the sidebar's order (SHELL-01..12, SHELL-15): the one list of them.
 * The router, the sidebar, the boot (app/boot.ts) and the placeholders read it; a screen's code and
 * first answers are found in its feature folder by name (app/screen-code.ts, app/screen-data.ts).
 */
export const PORTAL_ROUTES = [
  {
    path: '/',
    feature: 'overview',
    label: 'Overview',
    title: 'Overview',
    description: "Your PIN, this period's credits and the latest news for your account.",
    icon: LayoutDashboard,
    skeleton: OverviewSkeleton,
  },
  {
    path: '/lines',
    feature: 'lines',
    label: 'Lines',
    title: 'Lines',
    description:
      'Call the enQ number of the line you need and enter your PIN when asked: enQ connects you to the agency, or waits in its queue for you.',
    icon: Phone,
    skeleton: LinesSkeleton,
  },
  {
    path: '/pdf',
    feature: 'pdf',
    label: 'PDF',
    title: 'PDF and Contact Cards',
    description: 'Your PIN, a printable guide with every enQ number, and contact cards for your phone.',
    icon: FileText,
    skeleton: PdfSkeleton,
  },
  {
    path: '/profile',
    feature: 'profile',
    label: 'Profile',
    title: 'Profile',
    icon: UserRound,
    skeleton: ProfileSkeleton,
  },
  {
    path: '/billing',
    feature: 'billing',
    label: 'Billing',
    title: 'Billing',
    icon: CreditCard,
    skeleton: BillingSkeleton,
  },
  {
    path: '/users',
    feature: 'users',
    label: 'Users',
    title: 'Users',
    description:
      'Everyone on the account calls with a PIN of their own: add people, change their PINs and choose what they hear on hold.',
    icon: Users,
    skeleton: UsersSkeleton,
  },
  {
    path: '/call-rates',
    feature: 'call-rates',
    label: 'Call Rates',
    title: 'Call Rates',
    description: 'Credits per minute by destination and time of day (EST).',
    icon: ChartLine,
    skeleton: CallRatesSkeleton,
  },
  {
    path: '/call-history',
    feature: 'call-history',
    label: 'Call History',
    title: 'Call History',
    description:
      'Every call your users made, with its billed duration, rate and credits. Times are New York time.',
    icon: History,
    skeleton: CallHistorySkeleton,
  },
  {
    path: '/subscription',
    feature: 'subscription',
    label: 'Subscription',
    title: 'Subscription',
    description: "Your plan, this period's credits, and the plans you can move to.",
    icon: Repeat,
    skeleton: SubscriptionSkeleton,
  },
  {
    path: '/invoices',
    feature: 'invoices',
    label: 'Invoices',
    title: 'Invoices',
    icon: Receipt,
    skeleton: InvoicesSkeleton,
  },
  {
    path: '/referral',
    feature: 'referral',
    label: 'Referral',
    title: 'Referral',
    icon: Gift,
    skeleton: ReferralSkeleton,
  },
  {
    path: '/feature-request',
    feature: 'feature-request',
    label: 'Feature Request',
    title: 'Feature Request',
    icon: Lightbulb,
    skeleton: FeatureRequestSkeleton,
  },
] as const satisfies readonly PortalScreen[];

export type PortalPath = (typeof PORTAL_ROUTES)[number]['path'];

const BY_PATH = new Map<string, PortalScreen>(PORTAL_ROUTES.map((screen) => [screen.path, screen]));

/** The table's entry for a screen. */
export const portalScreen = (path: PortalPath): PortalScreen => BY_PATH.get(path)!;

/**
 * A module of a screen's feature folder, features/<feature>/<feature><suffix>, from a glob import made
 * beside this folder (app/screen-code.ts, app/screen-data.ts), whose keys start '../features/'.
 */
export function featureModule<T>(
  modules: Record<string, T>,
  path: PortalPath,
  suffix: string,
): T | undefined {
  const { feature } = portalScreen(path);
  return modules[`../features/${feature}/${feature}${suffix}`];
}

/** The screen an address's path shows, however it is spelled (portalPathKey), or undefined. */
export const portalPathOf = (path: string): PortalPath | undefined =>
  BY_PATH.get(portalPathKey(path))?.path as PortalPath | undefined;
