import { Checkbox } from 'antd';
import type { GetProps } from 'antd';

type CheckboxGroupProps = GetProps<typeof Checkbox.Group> & { 'aria-required'?: unknown };

/**
 * A required Form.Item's checkbox group. Form.Item gives its control aria-required, but antd draws the
 * group as role="group", where ARIA does not allow it (axe aria-allowed-attr, docs/accessibility.md);
 * the label's required mark and the rule's message say it instead.
 */
export function CheckboxChoices(props: CheckboxGroupProps) {
  const { 'aria-required': _required, ...rest } = props;
  return <Checkbox.Group {...rest} />;
}
