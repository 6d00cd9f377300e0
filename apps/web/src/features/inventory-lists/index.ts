// Public surface of the inventory lists for other features (the product page).
export { ProductInventoryList } from './ProductInventoryList';
