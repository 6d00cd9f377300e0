import { describe, expect, it } from 'vitest';
import { INVENTORY_MESSAGES, PEOPLE_MESSAGES } from './messages.ts';

// Texts the spec gives verbatim; spellings are the product's own.
describe('INVENTORY_MESSAGES', () => {
  it.each([
    ['notAccepted', 'This item has not been accepted, you must accept it via the incoming tab.'],
    ['priceChangeFailed', 'Failed to request price change.'],
    ['saving', 'Saving'],
    ['saved', 'Saved'],
    ['unknownError', 'Unknown Error'],
    ['priceOutOfRange', 'Price is not within the requested price range.'],
    ['storeRequestAccepted', 'Inventory accepted successfully'],
    ['resyncingItem', 'Resyncing item...'],
    ['trackingAdded', 'Tracking Code Added Successfully'],
    ['dropoffCancelled', 'Dropoff has been cancelled'],
    ['cancelAllConfirm', 'Do you want to cancel all checked items?'],
    ['linkCopied', 'Link copied!'],
    ['acceptingInventories', 'Accepting inventories, this may take some time'],
    ['acceptingRequested', 'Accepting requested inventories, this may take some time'],
    ['decliningRequested', 'Declining requested inventories, this may take some time'],
    ['updatingInventories', "Updating inventories, this may take some time, don't refresh!"],
    ['bulkConfirmed', 'Confirmed Action: These changes take time, you will see the changes slowly update...'],
    ['noItemsForLocation', 'No items found for this location.'],
    ['imageRequired', 'You must upload at least one image'],
    ['rowIncompleteWizard', 'Please select size, condition, price, and quantity first'],
    ['selectConsigner', 'Please select a consigner'],
    ['selectLocation', 'Please select a location'],
    ['enterPrice', 'Please enter a price'],
    ['locationRequired', 'You must add the location of the inventory'],
    ['priceChangeValue', 'You must set the valuee for the price change'],
    ['selectLocationAndConsigner', 'Please select a location and a consigner'],
    ['waitForFees', 'Please wait to calculate fees'],
    ['enterQuantity', 'Please enter a quantity'],
    ['invalidOption2', 'Please select a valid option 2'],
    ['invalidOption3', 'Please select a valid option 3'],
    ['selectOption', 'Please select an option'],
    ['selectProduct', 'Select a product'],
    ['selectProductTemplate', 'Select a product template'],
    ['alreadyScanned', 'Item already scanned'],
    ['mergeConfirm', 'Do you want to merge this item into the current product?'],
    ['resyncConfirm', 'Do you want to resync this product?'],
    ['acceptPriceConfirm', 'Do you want to accept this price change request?'],
    ['zeroPayout', '*The current price will give a payout of $0.'],
    ['withdrawConfirm', 'Are you sure you want to withdraw this item?'],
    ['requestWithdrawalConfirm', 'Are you sure you want to request withdrawal of this item?'],
    ['deleteConfirm', 'Sure to delete?'],
    ['cancelDropoffConfirm', 'Do you want to cancel this Dropoff?'],
    ['noItemForReview', 'No item has been added for review'],
    ['productAdded', 'Your product has been added successfully'],
    ['selectStoreLocation', 'Select a store location to begin'],
    ['resyncingProduct', 'Resyncing product in background'],
    ['mergingProduct', 'Merging product in background'],
    ['emailSent', 'Email sent!'],
    ['resyncedWithoutShopifyId', 'Resynced items without Shopify ID. Please try again in a few seconds.'],
    ['preapprovalRange', 'Preapproval Range'],
  ] as const)('%s', (key, text) => {
    expect(INVENTORY_MESSAGES[key]).toBe(text);
  });

  it('fills in templated texts', () => {
    expect(INVENTORY_MESSAGES.added('Air Max 1')).toBe('Inventory added to Air Max 1');
    expect(INVENTORY_MESSAGES.priceChangeRequested('$120.00')).toBe('Requested price change: $120.00');
    expect(INVENTORY_MESSAGES.pendingPriceChange('$', '120.00')).toBe('Request for price change to $120.00 pending');
    expect(INVENTORY_MESSAGES.cellRequired('Price')).toBe('Price is required.');
    expect(INVENTORY_MESSAGES.noShopifyProduct('Air Max 1')).toBe('No Shopify Product Found for Air Max 1. Resyncing');
    expect(INVENTORY_MESSAGES.rowIncomplete(['Size', 'Condition'])).toBe(
      'Please select Size, Condition, Price, and Quantity first',
    );
  });
});

describe('PEOPLE_MESSAGES', () => {
  it.each([
    ['nameRequired', 'Name is required'],
    ['supportEmailRequired', 'Support email is required'],
    ['redirectUrlRequired', 'Redirect URL email is required'],
    ['domainRequired', 'Domain is required'],
    ['currencyRequired', 'Currency is required'],
    ['labelOptionRequired', 'Label option is required'],
    ['widthRequired', 'Width is required'],
    ['heightRequired', 'Height is required'],
    ['payoutOptionRequired', 'Payout option is required'],
    ['shipInstructionsRequired', 'Ship instructions values required'],
    ['consignerTypeRequired', 'Consigner type required'],
    ['feeRequired', 'Fee required'],
    ['minFeeRequired', 'Min fee required'],
    ['titleRequired', 'Title required'],
    ['categoryRequired', 'Category required'],
    ['brandRequired', 'Brand required'],
    ['option1Required', 'Option 1 required'],
    ['option1ValuesRequired', 'Option 1 values required'],
    ['option2TitleMissing', 'Option 2 has values, please enter title for option 2.'],
    ['option3TitleMissing', 'Option 3 has values, please enter title for option 3.'],
    ['templateInUse', 'This template is in use and cannot be deleted.'],
    ['locationRequired', 'Location required'],
    ['sublocationRequired', 'Sublocation required'],
    ['selectLocation', 'Please select a location'],
    ['enterPrice', 'Please enter a price'],
    ['invalidStoreSignup', 'Please enter a valid email, name and handle'],
    ['checkEmail', 'Please check your email to continue'],
    ['invalidHandle', 'Please enter a valid handle'],
    ['handleNotFound', "Handle doesn't exist."],
    ['selectAtLeastOneItem', 'Please select at least 1 item'],
    ['zeroPayout', '*The current price will give a payout of $0.'],
    ['payoutConfirmTitle', 'You are going to make a payout!'],
    ['statusChangedToPaid', 'Status changed to paid!'],
    ['autoPayoutRetried', 'Auto payout retry successful!'],
    ['cannotBeUndone', 'This action cannot be undone'],
    ['cancelDropoffConfirm', 'Do you want to cancel this Dropoff?'],
    ['cancelAllConfirm', 'Do you want to cancel all checked items?'],
    ['dropoffCancelled', 'Dropoff has been cancelled'],
    ['settingsSaved', 'Settings saved!'],
    ['consignerAdded', 'Consigner added!'],
    ['employeeAdded', 'Employee added!'],
    ['loading', 'Loading...'],
    ['sentInvite', 'Sent invite'],
    ['errorSendingInvite', 'Error sending invite'],
    ['passwordUpdated', 'Password has been updated'],
    ['linkCopied', 'Link copied!'],
    ['emailSent', 'Email sent!'],
    ['detailsUpdated', 'Your details have been updated successfully.'],
    ['productSubmitted', 'Your product has been submited!'],
  ] as const)('%s', (key, text) => {
    expect(PEOPLE_MESSAGES[key]).toBe(text);
  });

  it('fills in templated texts', () => {
    expect(PEOPLE_MESSAGES.accountDisabled('owner@shop.test')).toBe(
      'Your account has been disabled by the store owner. Contact owner@shop.test to get more info.',
    );
    expect(PEOPLE_MESSAGES.emailInstructionsSent('a@b.test')).toBe('Email instructions sent to a@b.test');
    expect(PEOPLE_MESSAGES.pleaseInput('Fee')).toBe('Please Input Fee!');
  });
});
