// What other modules may use of the ledger module (docs/architecture.md, "Modules"): the consigner
// money ledger is append-only; sales, inventory corrections and payouts write and read it here.
import { ledgerRepository } from './ledger.repository.ts';

export type { LedgerEntryRow, NewLedgerEntry } from './ledger.repository.ts';

export const consignerLedger = {
  append: ledgerRepository.append,
  entriesOfOrder: ledgerRepository.entriesOfOrder,
  adjustmentsOf: ledgerRepository.adjustmentsOf,
  availableCarry: ledgerRepository.availableCarry,
  payoutSettledConsignerIds: ledgerRepository.payoutSettledConsignerIds,
  statementOf: ledgerRepository.statementOf,
  periodSumsOf: ledgerRepository.periodSumsOf,
  unpaidProceeds: ledgerRepository.unpaidProceeds,
  lockCreditHolder: ledgerRepository.lockCreditHolder,
  creditBalanceOf: ledgerRepository.creditBalanceOf,
  creditMovementsOf: ledgerRepository.creditMovementsOf,
  searchCreditHolders: ledgerRepository.searchCreditHolders,
};
