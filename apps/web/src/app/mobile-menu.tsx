import { Menu } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';

// The drawer (and its dialog library) loads on first open: most visits never open it.
const MobileMenuDrawer = lazy(() => import('./mobile-menu-drawer'));

/** The menu button of narrow screens; it opens the drawer with the sidebar, site links and Legal. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void import('./mobile-menu-drawer')}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        className="focus-ring -ml-2 inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 lg:hidden"
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <MobileMenuDrawer open={open} setOpen={setOpen} trigger={trigger} />
        </Suspense>
      )}
    </>
  );
}
