import { safeNotificationLink, type CommonNotification } from '@enq/contract';
import { ArrowRight, ExternalLink, Megaphone, Wrench } from 'lucide-react';
import { Link } from '../../../lib/router';
import { DismissButton } from './dismiss-button';

// Inline, so a long label wraps with its icon still at the end of the words.
const linkClass = 'focus-ring rounded text-sm font-semibold text-brand-700 hover:text-brand-600';
const iconClass = 'ml-1.5 inline size-4 align-[-3px]';

/** A portal path stays in the SPA; an outside page opens in a new tab. The link is re-checked here too. */
function NoticeLink({ notice }: { notice: CommonNotification }) {
  const href = safeNotificationLink(notice.link);
  if (!href) return null;
  const label = notice.linkText || 'Learn more';
  return (
    <p className="mt-3">
      {href.startsWith('/') ? (
        <Link to={href} className={linkClass}>
          {label}
          <ArrowRight aria-hidden="true" className={iconClass} />
        </Link>
      ) : (
        <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
          {label}
          <ExternalLink aria-hidden="true" className={iconClass} />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
    </p>
  );
}

/**
 * OVW-05, OVW-06: the common notifications in the order the server gives (priority, then newest). A
 * notice that cannot be dismissed (e.g. maintenance) has no × and is marked as a service notice.
 */
export function NotificationList({
  notifications,
  onDismiss,
}: {
  notifications: CommonNotification[];
  onDismiss: (id: string) => void;
}) {
  if (notifications.length === 0) return null;
  return (
    <section aria-labelledby="notices-heading" className="space-y-3">
      <h2 id="notices-heading" className="text-lg font-semibold text-slate-900">
        Notices
      </h2>
      <ul className="space-y-3">
        {notifications.map((notice) => {
          const Icon = notice.dismissible ? Megaphone : Wrench;
          return (
            <li key={notice.id}>
              <article
                aria-labelledby={`notice-${notice.id}`}
                className="flex gap-4 rounded-xl bg-white p-4 shadow-xs ring-1 ring-slate-200 sm:p-5"
              >
                <div
                  className={`flex size-9 shrink-0 items-center justify-center rounded-lg ring-1 ${
                    notice.dismissible
                      ? 'bg-brand-50 text-brand-600 ring-brand-100'
                      : 'bg-amber-50 text-amber-700 ring-amber-100'
                  }`}
                >
                  <Icon aria-hidden="true" className="size-4.5" />
                </div>
                <div className="min-w-0 flex-1">
                  <div className="flex items-start gap-3">
                    <h3 id={`notice-${notice.id}`} className="flex-1 pt-1.5 font-semibold text-slate-900">
                      {notice.title}
                    </h3>
                    {notice.dismissible ? (
                      <DismissButton title={notice.title} onDismiss={() => onDismiss(notice.id)} />
                    ) : null}
                  </div>
                  <p className="mt-1 text-sm text-slate-600">{notice.text}</p>
                  <NoticeLink notice={notice} />
                </div>
              </article>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
