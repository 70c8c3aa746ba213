import { ChevronDown } from 'lucide-react';
import type { Ref, SelectHTMLAttributes } from 'react';
import { controlClass, type ControlSize } from './field';

/**
 * A native select drawn like the portal's text boxes, with its own chevron. Native on purpose: the
 * Users table draws one per row (up to 10,000, virtualised), and a phone opens its own picker.
 */
export function Select({
  className = '',
  size = 'md',
  ref,
  children,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> & {
  size?: ControlSize;
  ref?: Ref<HTMLSelectElement>;
}) {
  return (
    <div className={`relative ${className}`}>
      <select ref={ref} className={`${controlClass(size)} appearance-none pr-8`} {...props}>
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-slate-500"
      />
    </div>
  );
}
