// User-facing texts of the spec, verbatim (odd spellings kept on purpose: 'valuee', 'submited').
// Entries marked "wording ours" paraphrase a text the spec only describes.

/** Catalogue and stock texts (catalogue doc sections 2, 4, 5, 7 and 8). */
export const INVENTORY_MESSAGES = {
  // section 5: validation
  imageRequired: 'You must upload at least one image',
  /** Row warning; `optionNames` are the template's option names in order, e.g. ['Size', 'Condition']. */
  rowIncomplete: (optionNames: readonly string[]) =>
    `Please select ${optionNames.map((n) => `${n}, `).join('')}Price, and Quantity first`,
  rowIncompleteWizard: 'Please select size, condition, price, and quantity first',
  priceOutOfRange: 'Price is not within the requested price range.',
  preapprovalRange: 'Preapproval Range',
  selectConsigner: 'Please select a consigner',
  selectLocation: 'Please select a location',
  cellRequired: (title: string) => `${title} is required.`,
  enterPrice: 'Please enter a price',
  locationRequired: 'You must add the location of the inventory',
  priceChangeValue: 'You must set the valuee for the price change',
  selectLocationAndConsigner: 'Please select a location and a consigner',
  waitForFees: 'Please wait to calculate fees',
  enterQuantity: 'Please enter a quantity',
  invalidOption2: 'Please select a valid option 2',
  invalidOption3: 'Please select a valid option 3',
  selectOption: 'Please select an option',
  selectProduct: 'Select a product',
  selectProductTemplate: 'Select a product template',
  alreadyScanned: 'Item already scanned',
  // wording ours (docs/scanning.md, "Another consigner's item"): scan intake names the item's own consigner
  otherConsignerItem: (code: string, owner: string, chosen: string) => `${code} belongs to ${owner}, not ${chosen}`,
  otherConsignerRefused: (code: string, owner: string, chosen: string) =>
    `${code} belongs to ${owner}, not ${chosen}. Confirm the reassignment to ${chosen} to accept it.`,
  mergeConfirm: 'Do you want to merge this item into the current product?',
  // wording ours
  mergeConfirmContent:
    'The selected product will be deleted from the portal and the storefront, and its inventory moved into the current product.',
  resyncConfirm: 'Do you want to resync this product?',
  // wording ours
  resyncConfirmContent:
    'This may delete the product on the storefront and create a new one. Back up its images and data first.',
  acceptPriceConfirm: 'Do you want to accept this price change request?',
  zeroPayout: '*The current price will give a payout of $0.',
  // section 4: actions and confirmations
  pendingPriceChange: (currencySymbol: string, price: string) =>
    `Request for price change to ${currencySymbol}${price} pending`,
  withdrawConfirm: 'Are you sure you want to withdraw this item?',
  requestWithdrawalConfirm: 'Are you sure you want to request withdrawal of this item?',
  deleteConfirm: 'Sure to delete?',
  cancelDropoffConfirm: 'Do you want to cancel this Dropoff?',
  // section 2: screens
  noItemForReview: 'No item has been added for review',
  productAdded: 'Your product has been added successfully',
  selectStoreLocation: 'Select a store location to begin',
  // section 7: calls and labels
  resyncingProduct: 'Resyncing product in background',
  mergingProduct: 'Merging product in background',
  emailSent: 'Email sent!',
  resyncedWithoutShopifyId: 'Resynced items without Shopify ID. Please try again in a few seconds.',
  noShopifyProduct: (title: string) => `No Shopify Product Found for ${title}. Resyncing`,
  // section 8: the error catalogue
  notAccepted: 'This item has not been accepted, you must accept it via the incoming tab.',
  priceChangeFailed: 'Failed to request price change.',
  priceChangeRequested: (price: string) => `Requested price change: ${price}`,
  saving: 'Saving',
  saved: 'Saved',
  unknownError: 'Unknown Error',
  storeRequestAccepted: 'Inventory accepted successfully',
  added: (title: string) => `Inventory added to ${title}`,
  resyncingItem: 'Resyncing item...',
  trackingAdded: 'Tracking Code Added Successfully',
  dropoffCancelled: 'Dropoff has been cancelled',
  cancelAllConfirm: 'Do you want to cancel all checked items?',
  linkCopied: 'Link copied!',
  acceptingInventories: 'Accepting inventories, this may take some time',
  acceptingRequested: 'Accepting requested inventories, this may take some time',
  decliningRequested: 'Declining requested inventories, this may take some time',
  updatingInventories: "Updating inventories, this may take some time, don't refresh!",
  bulkConfirmed: 'Confirmed Action: These changes take time, you will see the changes slowly update...',
  noItemsForLocation: 'No items found for this location.',
} as const;

/** People, money and configuration texts (people doc sections 2, 4, 5 and 8). */
export const PEOPLE_MESSAGES = {
  // section 5: store settings
  nameRequired: 'Name is required',
  supportEmailRequired: 'Support email is required',
  redirectUrlRequired: 'Redirect URL email is required',
  domainRequired: 'Domain is required',
  currencyRequired: 'Currency is required',
  labelOptionRequired: 'Label option is required',
  widthRequired: 'Width is required',
  heightRequired: 'Height is required',
  payoutOptionRequired: 'Payout option is required',
  shipInstructionsRequired: 'Ship instructions values required',
  // consigner type dialog and the /fees inline cells
  consignerTypeRequired: 'Consigner type required',
  feeRequired: 'Fee required',
  minFeeRequired: 'Min fee required',
  pleaseInput: (title: string) => `Please Input ${title}!`,
  // product template
  titleRequired: 'Title required',
  categoryRequired: 'Category required',
  brandRequired: 'Brand required',
  option1Required: 'Option 1 required',
  option1ValuesRequired: 'Option 1 values required',
  option2TitleMissing: 'Option 2 has values, please enter title for option 2.',
  option3TitleMissing: 'Option 3 has values, please enter title for option 3.',
  templateInUse: 'This template is in use and cannot be deleted.',
  // sub-location
  locationRequired: 'Location required',
  sublocationRequired: 'Sublocation required',
  // transfer and price change
  selectLocation: 'Please select a location',
  enterPrice: 'Please enter a price',
  // store signup and landing
  invalidStoreSignup: 'Please enter a valid email, name and handle',
  checkEmail: 'Please check your email to continue',
  invalidHandle: 'Please enter a valid handle',
  handleNotFound: "Handle doesn't exist.",
  // payouts
  selectAtLeastOneItem: 'Please select at least 1 item',
  zeroPayout: '*The current price will give a payout of $0.',
  payoutConfirmTitle: 'You are going to make a payout!',
  statusChangedToPaid: 'Status changed to paid!',
  autoPayoutRetried: 'Auto payout retry successful!',
  // wording ours
  autoPayoutInProgress: 'Auto payout is in progress, check back later.',
  // deletions and cancellations
  cannotBeUndone: 'This action cannot be undone',
  cancelDropoffConfirm: 'Do you want to cancel this Dropoff?',
  cancelAllConfirm: 'Do you want to cancel all checked items?',
  dropoffCancelled: 'Dropoff has been cancelled',
  withdrawConfirm: 'Are you sure you want to withdraw this item?',
  requestWithdrawalConfirm: 'Are you sure you want to request withdrawal of this item?',
  // section 8
  settingsSaved: 'Settings saved!',
  consignerAdded: 'Consigner added!',
  employeeAdded: 'Employee added!',
  loading: 'Loading...',
  accountDisabled: (email: string) =>
    `Your account has been disabled by the store owner. Contact ${email} to get more info.`,
  sentInvite: 'Sent invite',
  errorSendingInvite: 'Error sending invite',
  emailInstructionsSent: (email: string) => `Email instructions sent to ${email}`,
  passwordUpdated: 'Password has been updated',
  linkCopied: 'Link copied!',
  emailSent: 'Email sent!',
  detailsUpdated: 'Your details have been updated successfully.',
  productSubmitted: 'Your product has been submited!',
} as const;
