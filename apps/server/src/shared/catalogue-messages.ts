// Server texts of the catalogue that the spec does not word (wording ours). The spec's own texts
// come from INVENTORY_MESSAGES and PEOPLE_MESSAGES of @backroom/domain.
export const CATALOGUE_MESSAGES = {
  productNotFound: 'Product not found',
  templateNotFound: 'Product template not found',
  submittedProductNotFound: 'Submitted product not found',
  subLocationNotFound: 'Sublocation not found',
  unknownLocation: (name: string) => `There is no location named ${name} in this store`,
  subLocationExists: (name: string, location: string) => `The sublocation ${name} already exists at ${location}`,
  onlyTemplate: 'This is the only product template of the store and cannot be deleted.',
  optionNamesLocked: 'Option names cannot be changed once the template is saved.',
  gtinListedTwice: (gtin: string) => `GTIN ${gtin} is listed more than once`,
  gtinTaken: (gtin: string, title: string, sku: string) => `GTIN ${gtin} is already used by ${title} (${sku})`,
  gtinTakenNow: 'One of these GTINs was just saved on another product. Reload and try again.',
  yearInvalid: 'Year must be a whole number',
  priceInvalid: 'Price must be 0 or more',
  mergeSameProduct: 'Choose two different products to merge',
  submittedTitleRequired: 'Title is required.',
} as const;
