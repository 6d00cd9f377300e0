import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZOutboxMail } from '@backroom/domain';
import { apiFetch } from '../../shared/api';

/** An e-mail of the dev mailbox. */
export type OutboxMail = z.output<typeof ZOutboxMail>;

const devKeys = { outbox: ['dev', 'outbox'] as const };

export function useOutbox() {
  return useQuery({
    queryKey: devKeys.outbox,
    queryFn: () => apiFetch<OutboxMail[]>('/api/dev/outbox'),
    refetchInterval: 10_000,
  });
}
