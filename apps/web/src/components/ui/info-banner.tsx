import { AlertCircle, AlertTriangle, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../../lib/router';

export type BannerVariant = 'danger' | 'warning' | 'info';

export type BannerAction =
  | { label: string; to: string; onClick?: never }
  | { label: string; href: string; onClick?: never }
  | { label: string; onClick: () => void };

/** Each variant's colours: the box, its icon, its action links (AccountBanners' grouped panel too). */
export const BANNER_STYLES: Record<BannerVariant, { box: string; icon: string; action: string }> = {
  danger: { box: 'bg-red-50 ring-red-200 text-red-900', icon: 'text-red-600', action: 'text-red-800' },
  warning: {
    box: 'bg-amber-50 ring-amber-200 text-amber-900',
    icon: 'text-amber-600',
    action: 'text-amber-900',
  },
  info: {
    box: 'bg-brand-50 ring-brand-100 text-slate-800',
    icon: 'text-brand-600',
    action: 'text-brand-700',
  },
};

export const BANNER_ICONS = { danger: AlertCircle, warning: AlertTriangle, info: Info } as const;

export function InfoBanner({
  variant = 'info',
  message,
  action,
}: {
  variant?: BannerVariant;
  message: ReactNode;
  action?: BannerAction;
}) {
  const style = BANNER_STYLES[variant];
  const Icon = BANNER_ICONS[variant];
  const actionClass = `focus-ring shrink-0 rounded font-semibold underline underline-offset-2 hover:no-underline ${style.action}`;
  return (
    <div
      role={variant === 'info' ? 'status' : 'alert'}
      className={`flex flex-col gap-2 rounded-lg p-4 text-sm ring-1 ring-inset sm:flex-row sm:items-center ${style.box}`}
    >
      <div className="flex flex-1 items-start gap-3">
        <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${style.icon}`} />
        <div className="flex-1">{message}</div>
      </div>
      {action && 'to' in action && action.to !== undefined ? (
        <Link to={action.to} className={actionClass}>
          {action.label}
        </Link>
      ) : action && 'href' in action && action.href !== undefined ? (
        <a href={action.href} className={actionClass}>
          {action.label}
        </a>
      ) : action?.onClick ? (
        <button type="button" onClick={action.onClick} className={actionClass}>
          {action.label}
        </button>
      ) : null}
    </div>
  );
}
