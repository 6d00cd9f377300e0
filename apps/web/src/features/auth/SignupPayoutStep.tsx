import { Alert, AutoComplete, Col, Form, Input, Radio, Row, Select } from 'antd';
import { BANK_ACCOUNT_TYPES, ROUTING_TYPE_LABELS, ROUTING_TYPES, SOUTH_AFRICAN_BANKS } from '@backroom/domain';
import { half, type FieldRule } from './signup-fields';
import { isBankPayout } from './signup.model';

/** Step GET PAID: the payout type, then bank details (by routing type) or the payout account's email. */
export function SignupPayoutStep({
  hidden,
  rule,
  payoutOptions,
  payoutType,
  routingType,
}: {
  hidden: boolean;
  rule: FieldRule;
  payoutOptions: readonly string[];
  payoutType: string | undefined;
  routingType: string | undefined;
}) {
  const bank = isBankPayout(payoutType);
  return (
    <div style={{ display: hidden ? 'none' : undefined }} data-testid="step-get-paid">
      <Form.Item label="Payout type" name="payoutType" required rules={rule('payoutType')}>
        <Radio.Group optionType="button" buttonStyle="solid" options={payoutOptions.map((o) => ({ value: o, label: o }))} />
      </Form.Item>
      {bank ? (
        <>
          <Form.Item label="Routing type" name="routingType" rules={[{ required: true, message: 'Routing type is required' }]}>
            <Radio.Group options={ROUTING_TYPES.map((value) => ({ value, label: ROUTING_TYPE_LABELS[value] }))} />
          </Form.Item>
          <Row gutter={16}>
            <Col {...half}>
              <Form.Item label="Account holder name" name="accountName" required rules={rule('accountName')}>
                <Input />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item label="Bank" name="bank">
                <AutoComplete
                  options={SOUTH_AFRICAN_BANKS.map((b) => ({ value: b }))}
                  filterOption={(input, option) => (option?.value ?? '').toLowerCase().includes(input.toLowerCase())}
                />
              </Form.Item>
            </Col>
            {routingType === 'abaNumber' && (
              <>
                <Col {...half}>
                  <Form.Item label="Account number" name="accountNumber" required rules={rule('accountNumber')}>
                    <Input />
                  </Form.Item>
                </Col>
                <Col {...half}>
                  <Form.Item label="Routing number" name="routingNumber" required rules={rule('routingNumber')}>
                    <Input />
                  </Form.Item>
                </Col>
              </>
            )}
            {routingType === 'swiftCode' && (
              <>
                <Col {...half}>
                  <Form.Item label="SWIFT code" name="swiftCode" required rules={rule('swiftCode')}>
                    <Input />
                  </Form.Item>
                </Col>
                <Col {...half}>
                  <Form.Item
                    label="Account number"
                    name="accountNumber"
                    dependencies={['ibanNumber']}
                    rules={rule('accountNumber')}
                  >
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
            {routingType === 'ibanNumber' && (
              <Col {...half}>
                <Form.Item label="IBAN" name="ibanNumber" required rules={rule('ibanNumber')}>
                  <Input />
                </Form.Item>
              </Col>
            )}
            <Col {...half}>
              <Form.Item label="Account type" name="bankType">
                <Select allowClear options={BANK_ACCOUNT_TYPES.map((t) => ({ value: t, label: t }))} />
              </Form.Item>
            </Col>
          </Row>
        </>
      ) : (
        <Form.Item
          label={`${payoutType ?? 'Payout'} account email`}
          name="payoutEmail"
          extra="We send your payouts to this account."
          required
          rules={rule('payoutEmail')}
        >
          <Input />
        </Form.Item>
      )}
      <Alert
        type="info"
        showIcon
        title="Bank information cannot be changed after submission. Contact the store to update it later."
      />
    </div>
  );
}
