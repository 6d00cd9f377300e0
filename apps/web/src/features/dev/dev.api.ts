import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api';

export interface OutboxMail {
  id: number | string;
  to: string;
  subject: string;
  text: string | null;
  html: string | null;
  links: string[];
  createdAt: string;
}

export const devKeys = { outbox: ['dev', 'outbox'] as const, available: ['dev', 'outbox', 'available'] as const };

export function useOutbox() {
  return useQuery({
    queryKey: devKeys.outbox,
    queryFn: () => apiFetch<OutboxMail[]>('/api/dev/outbox'),
    refetchInterval: 10_000,
  });
}

/** The server keeps a dev mailbox only outside production; the menu offers it only when it answers. */
export function useDevMailboxAvailable(): boolean {
  const probe = useQuery({
    queryKey: devKeys.available,
    queryFn: () =>
      apiFetch<OutboxMail[]>('/api/dev/outbox').then(
        () => true,
        () => false,
      ),
    staleTime: Infinity,
    retry: false,
  });
  return probe.data === true;
}
