// What each list says about itself: a line under its title and its empty state.
import type { ListConfig } from './list-state';

export const DESCRIPTIONS: Record<ListConfig['key'], string> = {
  findInventory: 'Every item in the shop: search, filter, and edit prices, owners and places in bulk.',
  buyingInventory: 'Items consigners offer to sell to the store outright. Buy them to have them dropped off.',
  requestInventory: 'Items consigners offer on consignment in answer to your store requests.',
  incomingInventory: 'Drop-offs on their way in. Accept each at a location when it arrives.',
  pendingPriceChangeInventory: 'Consigners asking for a new price on their items.',
  requestedInventory: 'Consigners asking to drop off items that were not pre-approved.',
  readyToPrint: 'Active items whose label has not been printed yet.',
  pendingWithdrawalInventory: 'Consigners asking to take their items back.',
  withdrawnInventory: 'Items that have left the shop and gone back to their consigners.',
  product: '',
  consigner: '',
  portal: 'Everything you brought or listed: follow each item, change its price or take it back.',
};

export const EMPTY: Record<ListConfig['key'], string> = {
  findInventory: 'No items match. Clear a filter or search for something else.',
  buyingInventory: 'No items are offered for the store to buy.',
  requestInventory: 'No consignment offers are waiting.',
  incomingInventory: 'No drop-offs are pending. Items consigners bring in show up here to be accepted.',
  pendingPriceChangeInventory: 'No price change requests are waiting.',
  requestedInventory: 'No drop-off requests are waiting for review.',
  readyToPrint: 'Every active item has its label printed.',
  pendingWithdrawalInventory: 'No withdrawal requests are waiting.',
  withdrawnInventory: 'No items have been withdrawn.',
  product: 'This product has no inventory yet.',
  consigner: 'No active items. Pick other statuses to see their sold, paid or withdrawn items.',
  portal: 'You have no items here yet. List items from Products and they show up here.',
};
