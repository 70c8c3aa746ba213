import type { AdminAccount } from '@enq/contract';
import { ScrollTable, Section, td, th } from './section';

/** The account's people: the admin first, PINs masked as the portal shows them (CONS-02). */
export function UsersSection({ users }: { users: AdminAccount['users'] }) {
  return (
    <Section title="Users">
      <ScrollTable label="Users">
        <thead>
          <tr>
            <th className={th}>Name</th>
            <th className={th}>Email</th>
            <th className={th}>Role</th>
            <th className={th}>PIN</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {users.map((u) => (
            <tr key={u.id}>
              <td className={`${td} font-medium text-slate-900`}>{u.full_name}</td>
              <td className={`${td} break-all text-slate-700`}>{u.email}</td>
              <td className={td}>{u.is_admin ? 'Admin' : 'User'}</td>
              <td className={`${td} font-mono text-slate-700`}>{u.pin ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </Section>
  );
}
