// The Add Inventory modal, opened from the product search and the product page.
export { AddInventoryModal, type AddInventoryModalProps, type ReviewEntryInput } from './AddInventoryModal';
export { WithAddInventory } from './WithAddInventory';
