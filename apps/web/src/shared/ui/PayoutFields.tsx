import type { ReactNode } from 'react';
import { AutoComplete, Col, Form, Input, Radio, Row, Select, Typography, type FormRule } from 'antd';
import { BANK_ACCOUNT_TYPES, isStoreCreditPayout, ROUTING_TYPE_LABELS, ROUTING_TYPES, SOUTH_AFRICAN_BANKS, type RoutingType } from '@backroom/domain';
import { isBankPayout, type BankFieldsMode, type BankFormField } from '../bank-form';

const half = { xs: 24, sm: 12 };

const bankOptions = SOUTH_AFRICAN_BANKS.map((b) => ({ value: b }));
const accountTypeOptions = BANK_ACCOUNT_TYPES.map((t) => ({ value: t, label: t }));
const routingOptions = ROUTING_TYPES.map((value) => ({ value, label: ROUTING_TYPE_LABELS[value] }));

/**
 * The payout type, then the bank details by routing type (people doc section 5: ABA needs account
 * name, number and routing number; SWIFT the SWIFT code and an account number or IBAN; IBAN the IBAN)
 * or, for other payout types, the payout account's e-mail. A store collecting local bank details
 * (bankFields 'local') has no routing type, account type, SWIFT code, IBAN or routing number: account
 * name and number, bank and branch code. Used by the consigner signup, Add consigner and a
 * consigner's Details.
 */
export function PayoutFields({
  rule,
  payoutOptions,
  payoutType,
  routingType,
  bankFields,
  emailHelp,
}: {
  /** A field's rules (from the domain schema of the form). */
  rule: (field: BankFormField) => FormRule[];
  payoutOptions: readonly string[];
  payoutType: string | undefined;
  routingType: RoutingType | undefined;
  bankFields: BankFieldsMode;
  /** Help under the payout account e-mail. */
  emailHelp?: ReactNode;
}) {
  const bank = isBankPayout(payoutType);
  const routed = bankFields === 'routing';
  return (
    <>
      <Form.Item label="Payout type" name="payoutType" required rules={rule('payoutType')}>
        <Radio.Group optionType="button" buttonStyle="solid" options={payoutOptions.map((o) => ({ value: o, label: o }))} />
      </Form.Item>
      {bank ? (
        <>
          {routed && (
            <Form.Item label="Routing type" name="routingType" rules={[{ required: true, message: 'Routing type is required' }]}>
              <Radio.Group options={routingOptions} />
            </Form.Item>
          )}
          <Row gutter={16}>
            <Col {...half}>
              <Form.Item label="Account holder name" name="accountName" required rules={rule('accountName')}>
                <Input />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item label="Bank" name="bank">
                <AutoComplete options={bankOptions} filterOption={(input, option) => (option?.value ?? '').toLowerCase().includes(input.toLowerCase())} />
              </Form.Item>
            </Col>
            {(!routed || routingType === 'abaNumber') && (
              <Col {...half}>
                <Form.Item label="Account number" name="accountNumber" required rules={rule('accountNumber')}>
                  <Input />
                </Form.Item>
              </Col>
            )}
            {routed && routingType === 'abaNumber' && (
              <Col {...half}>
                <Form.Item label="Routing number" name="routingNumber" required rules={rule('routingNumber')}>
                  <Input />
                </Form.Item>
              </Col>
            )}
            {routed && routingType === 'swiftCode' && (
              <>
                <Col {...half}>
                  <Form.Item label="SWIFT code" name="swiftCode" required rules={rule('swiftCode')}>
                    <Input />
                  </Form.Item>
                </Col>
                <Col {...half}>
                  <Form.Item label="Account number" name="accountNumber" dependencies={['ibanNumber']} rules={rule('accountNumber')} extra="Or give the IBAN">
                    <Input />
                  </Form.Item>
                </Col>
                <Col {...half}>
                  <Form.Item label="IBAN" name="ibanNumber" dependencies={['accountNumber']}>
                    <Input />
                  </Form.Item>
                </Col>
              </>
            )}
            {routed && routingType === 'ibanNumber' && (
              <Col {...half}>
                <Form.Item label="IBAN" name="ibanNumber" required rules={rule('ibanNumber')}>
                  <Input />
                </Form.Item>
              </Col>
            )}
            {routed ? (
              <Col {...half}>
                <Form.Item label="Bank account type" name="bankType">
                  <Select allowClear options={accountTypeOptions} />
                </Form.Item>
              </Col>
            ) : (
              <Col {...half}>
                <Form.Item label="Branch code" name="branchCode" rules={rule('branchCode')}>
                  <Input />
                </Form.Item>
              </Col>
            )}
          </Row>
        </>
      ) : isStoreCreditPayout(payoutType) ? (
        // paid into their store credit at the store (docs/consigner-account.md "Store credit"): nothing to send to
        <Typography.Paragraph type="secondary" data-testid="store-credit-payout-note">
          Payouts are taken as store credit to spend in the store, with the store&apos;s bonus when it gives one.
        </Typography.Paragraph>
      ) : (
        <Form.Item label={`${payoutType ?? 'Payout'} account email`} name="payoutEmail" extra={emailHelp} required rules={rule('payoutEmail')}>
          <Input />
        </Form.Item>
      )}
    </>
  );
}
