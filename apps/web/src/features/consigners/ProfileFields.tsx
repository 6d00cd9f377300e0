import { Col, Form, Input, Row, type FormRule } from 'antd';
import type { AddConsignerValues } from './consigner-form';

const half = { xs: 24, sm: 12 };

/** A consigner's name, contact, address and ID number (Add consigner and the Details dialog). */
export function ProfileFields({ rule, emailDisabled }: { rule: (field: keyof AddConsignerValues) => FormRule[]; emailDisabled?: string }) {
  return (
    <Row gutter={16}>
      <Col {...half}>
        <Form.Item label="First name" name="firstName" required rules={rule('firstName')}>
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item label="Last name" name="lastName" required rules={rule('lastName')}>
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item label="Email" name="email" required rules={rule('email')} extra={emailDisabled}>
          <Input type="email" autoComplete="off" disabled={emailDisabled !== undefined} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item label="Phone" name="phone" extra="Include the area code" required rules={rule('phone')}>
          <Input type="tel" autoComplete="off" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item label="Address" name="address" required rules={rule('address')}>
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item label="ID number" name="idNumber" rules={rule('idNumber')}>
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
    </Row>
  );
}
