// What other modules may use of the sales module (docs/architecture.md, "Modules"): recordSale is
// the one entry of every sale source (docs/sales.md); the storefront's orders also read and flag
// their order rows here.
import { salesRepository } from './sales.repository.ts';

export {
  markOrderPaid,
  markOrderPaidIn,
  markOrderShippedIn,
  recordSale,
  recordSaleIn,
  undoSaleLinesIn,
  type OrderRow,
  type SaleAuthor,
  type SaleInput,
  type SaleLineInput,
  type SaleNotices,
} from './sales.service.ts';

/** A storefront order's rows: found by its external id, locked per store, read, flagged, updated. */
export const salesRecords = {
  findByExternalId: salesRepository.findByExternalId,
  lockStoreSales: salesRepository.lockStoreSales,
  lineItems: salesRepository.lineItems,
  flagLines: salesRepository.flagLines,
  updateOrder: salesRepository.updateOrder,
};
