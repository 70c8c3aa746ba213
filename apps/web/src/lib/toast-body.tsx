import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { ToastContainerProps } from 'react-toastify';

/**
 * A toast's text: its message exactly as the spec writes it ('Changes saved.'), then, where there is
 * one, a line saying what was done ('2 added, 1 updated.'). A screen reader reads both, in order.
 */
export function ToastBody({ message, detail }: { message: string; detail: string }) {
  return (
    <div>
      <p className="font-medium text-slate-900">{message}</p>
      <p className="mt-0.5 text-slate-600">{detail}</p>
    </div>
  );
}

const ICONS = {
  success: { Icon: CircleCheck, color: 'text-emerald-600' },
  error: { Icon: CircleAlert, color: 'text-red-600' },
  warning: { Icon: TriangleAlert, color: 'text-amber-600' },
  info: { Icon: Info, color: 'text-brand-600' },
  default: { Icon: Info, color: 'text-brand-600' },
} as const;

/** The portal's icons (lucide, as the banners use) in place of the library's own drawings. */
export const toastIcon: NonNullable<ToastContainerProps['icon']> = ({ type }) => {
  const { Icon, color } = ICONS[type];
  return <Icon aria-hidden="true" className={`size-5 ${color}`} />;
};
