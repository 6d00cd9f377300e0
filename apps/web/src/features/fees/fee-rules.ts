import type { FormRule as Rule } from 'antd';
import { PEOPLE_MESSAGES, ZConsignerTypeInput } from '@backroom/domain';

export type ConsignerTypeField = keyof typeof ZConsignerTypeInput.shape;

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * A form rule from the domain schema the server applies (ZConsignerTypeInput), so the dialog and the
 * cells answer with the API's own messages ('Fee required', 'Selling fee must be at most 100%').
 * `skipEmpty` leaves an empty value to a required rule with its own message (the inline cells).
 */
export function schemaRule(field: ConsignerTypeField, opts: { skipEmpty?: boolean } = {}): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      if (opts.skipEmpty && isEmpty(value)) return;
      const parsed = ZConsignerTypeInput.shape[field].safeParse(value ?? undefined);
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Invalid value');
    },
  };
}

/**
 * An inline cell's rules: the spec's 'Please Input {title}!' when a required cell is emptied, then the
 * schema's bounds. `whitespace` only for text: it makes the validator read the value as a string, which
 * a number never is.
 */
export function cellRules(field: ConsignerTypeField, title: string, required: boolean, isText: boolean): Rule[] {
  const requiredRule: Rule = isText ? { required: true, whitespace: true, message: PEOPLE_MESSAGES.pleaseInput(title) } : { required: true, message: PEOPLE_MESSAGES.pleaseInput(title) };
  return [...(required ? [requiredRule] : []), schemaRule(field, { skipEmpty: true })];
}
