import { accountFilterEventSchemas } from '../machines/accountFilter.events';
import { authEventSchemas } from '../machines/auth.events';
import { chatEventSchemas } from '../machines/chat.events';
import type { EventSchemas } from '../machines/eventSchemas';
import { liveWatchEventSchemas } from '../machines/liveWatch.events';
import { navigationEventSchemas } from '../machines/navigation.events';
import { operationEventSchemas } from '../machines/operation.events';
import { referencesEventSchemas } from '../machines/references.events';
import { resourceEventSchemas } from '../machines/resource.events';

/**
 * Each machine's event schemas (`src/machines/<machine>.events.ts`, beside its events), by machine
 * id. They live here, in the inspector's lazy chunk, so the portal's first screen never carries
 * them. A machine may also declare them itself with `setup({ schemas: { events } })`.
 */
const BY_MACHINE_ID: Record<string, EventSchemas> = {
  auth: authEventSchemas,
  navigation: navigationEventSchemas,
  accountFilter: accountFilterEventSchemas,
  operation: operationEventSchemas,
  chat: chatEventSchemas,
  references: referencesEventSchemas,
  liveWatch: liveWatchEventSchemas,
};

export function registeredEventSchemas(machineId: string): EventSchemas | undefined {
  if (machineId.startsWith('resource:')) return resourceEventSchemas;
  return BY_MACHINE_ID[machineId];
}
