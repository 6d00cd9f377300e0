// Public surface of the inventory lists for other features (the product and consigner pages).
export { ProductInventoryList } from './ProductInventoryList';
export { ConsignerInventoryList } from './ConsignerInventoryList';
