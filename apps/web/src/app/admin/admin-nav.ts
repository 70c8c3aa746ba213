import type { StaffPermission } from '@enq/contract';
import { Building2, CreditCard, DoorOpen, Megaphone, ShieldCheck, Tags, type LucideIcon } from 'lucide-react';

/** The console's sections; a section shows only to roles that hold its permission. */
export const ADMIN_NAV: { to: string; label: string; icon: LucideIcon; permission: StaffPermission }[] = [
  { to: '/admin', label: 'Accounts', icon: Building2, permission: 'read' },
  { to: '/admin/collection', label: 'Collection', icon: CreditCard, permission: 'read' },
  { to: '/admin/cancellations', label: 'Cancellations', icon: DoorOpen, permission: 'read' },
  { to: '/admin/catalogue', label: 'Catalogue', icon: Tags, permission: 'catalogue' },
  { to: '/admin/notices', label: 'Notices', icon: Megaphone, permission: 'notices' },
  { to: '/admin/staff', label: 'Staff and audit', icon: ShieldCheck, permission: 'staff' },
];
