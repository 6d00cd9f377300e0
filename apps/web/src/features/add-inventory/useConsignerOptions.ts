import { useMemo } from 'react';
import type { SignedInUser } from '@backroom/domain';
import { fullName } from '../../shared/format';
import { useInventoryFilterOptions } from '../../shared/lookups.api';

/**
 * Who a row can be listed for: staff choose among the store's consigners; a consigner lists for
 * themselves only (their own name, the select disabled).
 */
export function useConsignerOptions(user: SignedInUser | null) {
  const isConsigner = user?.kind === 'consigner';
  const filterOptions = useInventoryFilterOptions(Boolean(user) && !isConsigner);
  const options = useMemo(() => {
    if (isConsigner && user) return [{ value: user.id, label: fullName(user) || user.email }];
    return (filterOptions.data?.consigners ?? []).map((c) => ({ value: c.value.id, label: c.label }));
  }, [isConsigner, user, filterOptions.data]);
  return { options, loading: filterOptions.isPending && !isConsigner, locked: isConsigner };
}
