import { formatDate, type ReferredCustomer } from '@enq/contract';

function StatusBadge({ customer }: { customer: ReferredCustomer }) {
  return customer.status === 'granted' ? (
    <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
      Bonus granted
    </span>
  ) : (
    <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
      Bonus pending
    </span>
  );
}

/** The practices this account referred and whether their bonus has been granted. */
export function ReferredCustomers({ customers }: { customers: ReferredCustomer[] }) {
  if (customers.length === 0)
    return (
      <p className="text-sm text-slate-600">
        Nobody has signed up with your code yet. Customers you refer appear here.
      </p>
    );
  return (
    <ul className="divide-y divide-slate-200" aria-label="Referred customers">
      {customers.map((customer, index) => (
        <li
          key={`${customer.signed_up_at}-${index}`}
          className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3"
        >
          <div className="min-w-0">
            <p className="truncate font-medium text-slate-900">{customer.company}</p>
            <p className="text-sm text-slate-600">
              Signed up {formatDate(customer.signed_up_at)}
              {customer.bonus_granted_at ? ` · bonus granted ${formatDate(customer.bonus_granted_at)}` : ''}
            </p>
          </div>
          <StatusBadge customer={customer} />
        </li>
      ))}
    </ul>
  );
}
