import type { Area } from '@backroom/domain';
import type { ConsignerRow, EmployeeRow } from './actor.repository.ts';

// Who made a request, as auth/actor.ts resolves it and auth/session-cache.ts keeps it (a file of
// its own, so the cache and the resolver do not import each other).

export type Identity = { userId: string; email: string; name: string; emailVerified: boolean };

type ActorBase = { id: string; storeId: string; name: string; firstName: string; lastName: string; email: string; isActive: boolean; identity: Identity };
export type EmployeeActor = ActorBase & { kind: 'employee'; role: 'Admin' | 'Employee'; accessControls: Area[] | null; employee: EmployeeRow };
export type ConsignerActor = ActorBase & { kind: 'consigner'; consigner: ConsignerRow };
export type Actor = EmployeeActor | ConsignerActor;
