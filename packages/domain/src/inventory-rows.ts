// Listing-row checks of the Add Inventory modal and wizard (catalogue doc section 5).
import { INVENTORY_MESSAGES } from './messages.ts';
import { hasAtMostDecimals, MONEY_DECIMALS, tooManyDecimalsMessage } from './money.ts';

export type InventoryRowInput = {
  option1Value?: string | null;
  option2Value?: string | null;
  option3Value?: string | null;
  price?: number | null;
  quantity?: number | null;
  consignerId?: string | null;
};

export type RowTemplate = { option1: string; option2?: string | null; option3?: string | null };

function filled(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** An option is valid when the template has it and a value is chosen, or lacks it and none is. */
export function isOptionValid(templateOption: string | null | undefined, value: string | null | undefined): boolean {
  return filled(templateOption) ? filled(value) : !filled(value);
}

/** The template's option names in order, absent ones skipped. */
export function templateOptionNames(template: RowTemplate): string[] {
  return [template.option1, template.option2, template.option3].filter(filled).map((n) => n.trim());
}

/**
 * Null when the row may be added, else the warning to show. Every option the template has needs a
 * value (and options it lacks must stay empty), price and quantity must be above 0 (quantity whole);
 * the consigner is checked last, when required.
 */
export function validateInventoryRow(
  row: InventoryRowInput,
  template: RowTemplate,
  opts: { wizard?: boolean; requireConsigner?: boolean } = {},
): string | null {
  // a price with more decimals than money takes says so (not the incomplete-row warning, never rounded)
  if (typeof row.price === 'number' && !hasAtMostDecimals(row.price, MONEY_DECIMALS)) return tooManyDecimalsMessage('Price', MONEY_DECIMALS);
  const complete =
    filled(row.option1Value) &&
    isOptionValid(template.option2, row.option2Value) &&
    isOptionValid(template.option3, row.option3Value) &&
    typeof row.price === 'number' &&
    Number.isFinite(row.price) &&
    row.price > 0 &&
    typeof row.quantity === 'number' &&
    Number.isInteger(row.quantity) &&
    row.quantity > 0;
  if (!complete) {
    return opts.wizard
      ? INVENTORY_MESSAGES.rowIncompleteWizard
      : INVENTORY_MESSAGES.rowIncomplete(templateOptionNames(template));
  }
  if (opts.requireConsigner && !filled(row.consignerId)) return INVENTORY_MESSAGES.selectConsigner;
  return null;
}

export type OptionLabels = { option1: string; option2: string; option3: string };

/** Used when no template names an option (the first templates' names). */
export const DEFAULT_OPTION_LABELS: OptionLabels = { option1: 'Size', option2: 'Condition', option3: 'Option 3' };

/**
 * The names to show for option 1, 2 and 3 across several templates (filters, bulk edit): each
 * distinct name the templates give, in their order, joined with ' / ' ("Box", or "Box / Colour"
 * when two templates name option 3 differently); the default when none names it.
 */
export function optionLabelsOf(templates: readonly { option1?: string | null; option2?: string | null; option3?: string | null }[]): OptionLabels {
  const label = (n: 1 | 2 | 3) => {
    const names: string[] = [];
    for (const t of templates) {
      const name = [t.option1, t.option2, t.option3][n - 1];
      if (filled(name) && !names.some((x) => x.toLowerCase() === name.trim().toLowerCase())) names.push(name.trim());
    }
    return names.length ? names.join(' / ') : DEFAULT_OPTION_LABELS[`option${n}`];
  };
  return { option1: label(1), option2: label(2), option3: label(3) };
}
