import { Tag, Typography } from 'antd';
import { AREAS, employeeStatus, type Area, type EmployeeStatus } from '@backroom/domain';
import { brand } from '../../app/theme';
import type { Employee, EmployeeLog } from './employees.api';

/** An employee's initials circle: white initials at 4.5:1 or more on both (WCAG 2.2 AA, docs/accessibility.md). */
export const avatarColour = (active: boolean) => (active ? brand.primary : '#6b6b6b');

/** How each access area reads on screen, with what it opens (people doc section 6). */
export const AREA_TEXT: Record<Area, { label: string; opens: string }> = {
  Dashboard: { label: 'Dashboard', opens: 'The dashboard (Admins only)' },
  Products: { label: 'Products', opens: 'Add products, product and request pages' },
  Inventory: { label: 'Inventory', opens: 'Inventory lists, items, activity, accept transfer' },
  Consigners: { label: 'Consigners', opens: 'Consigners list and add consigner' },
  Employees: { label: 'Employees', opens: 'These employee screens' },
  Orders: { label: 'Orders', opens: 'Orders, payouts and transfers' },
  Settings: { label: 'Settings', opens: 'Store settings, fees, templates, sublocations' },
  InStoreApp: { label: 'In-store app', opens: 'The in-store app' },
};

const areaLabel = (area: Area) => AREA_TEXT[area].label;

const STATUS_COLOR: Record<EmployeeStatus, string> = { Invited: 'gold', Active: 'green', Disabled: 'default' };

export function StatusTag({ employee }: { employee: Pick<Employee, 'isActive' | 'fbUserId'> }) {
  const status = employeeStatus(employee);
  return (
    <Tag color={STATUS_COLOR[status]} data-testid="employee-status" style={{ marginInlineEnd: 0 }}>
      {status}
    </Tag>
  );
}

/** The areas as tags; null is every area. */
export function AreaTags({ areas }: { areas: readonly Area[] | null }) {
  if (areas === null) return <Tag color="blue">All areas</Tag>;
  if (areas.length === 0) return <Typography.Text type="secondary">No access yet</Typography.Text>;
  return (
    <>
      {AREAS.filter((a) => areas.includes(a)).map((a) => (
        <Tag key={a} style={{ marginBottom: 4 }}>
          {areaLabel(a)}
        </Tag>
      ))}
    </>
  );
}

const FIELD_LABEL: Record<string, string> = { firstName: 'first name', lastName: 'last name', role: 'role', isActive: 'status', accessControls: 'access', email: 'e-mail' };

function valueText(field: string, value: EmployeeLog['changes'][number]['before']): string {
  if (value === null) return field === 'accessControls' ? 'all areas' : '—';
  if (field === 'isActive') return value ? 'active' : 'disabled';
  if (Array.isArray(value)) return value.length ? value.map((a) => (a in AREA_TEXT ? areaLabel(a as Area) : a)).join(', ') : 'none';
  return String(value);
}

/** One line per history entry: 'Olivia Bennett changed access from Inventory to Inventory, Orders'. */
export function logText(log: EmployeeLog): string {
  const who = log.byName ?? 'Someone';
  // the first invite records the areas it granted; a resend changes nothing
  if (log.action === 'invited') return log.changes.length ? `${who} sent the invite` : `${who} sent the invite again`;
  if (log.action === 'accepted') return 'Accepted the invite';
  if (log.action === 'deleted') return `${who} deleted the employee`;
  const parts = log.changes.map((c) =>
    c.field === 'isActive' ? (c.after ? 'enabled the account' : 'disabled the account') : `changed ${FIELD_LABEL[c.field] ?? c.field} from ${valueText(c.field, c.before)} to ${valueText(c.field, c.after)}`,
  );
  return `${who} ${parts.join('; ') || 'saved without changes'}`;
}
