import { Alert } from 'antd';
import type { RoutingType } from '@backroom/domain';
import type { BankFieldsMode } from '../../shared/bank-form';
import { PayoutFields } from '../../shared/ui/PayoutFields';
import type { FieldRule } from './signup-fields';

/** Step GET PAID: the payout type, then bank details (by routing type) or the payout account's email. */
export function SignupPayoutStep({
  hidden,
  rule,
  payoutOptions,
  payoutType,
  routingType,
  bankFields,
}: {
  hidden: boolean;
  rule: FieldRule;
  payoutOptions: readonly string[];
  payoutType: string | undefined;
  routingType: RoutingType | undefined;
  bankFields: BankFieldsMode;
}) {
  return (
    <div style={{ display: hidden ? 'none' : undefined }} data-testid="step-get-paid">
      <PayoutFields
        rule={rule}
        payoutOptions={payoutOptions}
        payoutType={payoutType}
        routingType={routingType}
        bankFields={bankFields}
        emailHelp="We send your payouts to this account."
      />
      <Alert
        type="info"
        showIcon
        title="Bank information cannot be changed after submission. Contact the store to update it later."
      />
    </div>
  );
}
