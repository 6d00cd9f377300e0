// Which provider sends a cheque, built from the store's integration (Settings > Integrations).
import { AUTO_PAYOUT_MESSAGES, INTEGRATIONS } from '@backroom/domain';
import type { AppContext } from '../../../app-context.ts';
import { readIntegration } from '../../../integrations/index.ts';
import { checkbookProvider } from './checkbook/checkbook-provider.ts';
import { paypalProvider } from './paypal/paypal-provider.ts';
import type { PayoutProvider, ProviderName } from './provider.ts';

export type OpenedProvider = { provider: PayoutProvider; reason?: undefined } | { provider?: undefined; reason: string };

/** The store's provider of that kind, ready to send, or why it cannot (a cheque then fails with it). */
export async function openProvider(ctx: AppContext, storeId: string, name: ProviderName): Promise<OpenedProvider> {
  const label = INTEGRATIONS[name].label;
  const timeoutMs = ctx.config.payoutHttpTimeoutMs;
  if (name === 'checkbook') {
    const it = await readIntegration(ctx, storeId, 'checkbook');
    if (!it.enabled) return { reason: AUTO_PAYOUT_MESSAGES.providerOff(label) };
    if (!it.credentials) return { reason: AUTO_PAYOUT_MESSAGES.providerNoCredentials(label) };
    return { provider: checkbookProvider({ baseUrl: ctx.config.checkbookHosts[it.mode], credentials: it.credentials, timeoutMs }) };
  }
  const it = await readIntegration(ctx, storeId, 'paypal');
  if (!it.enabled) return { reason: AUTO_PAYOUT_MESSAGES.providerOff(label) };
  if (!it.credentials) return { reason: AUTO_PAYOUT_MESSAGES.providerNoCredentials(label) };
  return { provider: paypalProvider({ baseUrl: ctx.config.paypalHosts[it.mode], credentials: it.credentials, timeoutMs }) };
}
