import { Col, Form, Input, Row } from 'antd';
import { matchesPassword } from './PasswordForm';
import { half, type FieldRule } from './signup-fields';

/** Step PROFILE: name, contact, address, ID number and password. */
export function SignupProfileStep({ hidden, rule }: { hidden: boolean; rule: FieldRule }) {
  return (
    <div style={{ display: hidden ? 'none' : undefined }} data-testid="step-profile">
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item label="First name" name="firstName" required rules={rule('firstName')}>
            <Input autoComplete="given-name" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item label="Last name" name="lastName" required rules={rule('lastName')}>
            <Input autoComplete="family-name" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            label="Email"
            name="email"
            required
            rules={rule('email')}
          >
            <Input autoComplete="email" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            label="Phone"
            name="phone"
            extra="Include the area code"
            required
            rules={rule('phone')}
          >
            <Input autoComplete="tel" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item label="Address" name="address" required rules={rule('address')}>
            <Input autoComplete="street-address" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item label="ID number" name="idNumber">
            <Input />
          </Form.Item>
        </Col>
        <Col {...half} />
        <Col {...half}>
          <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Password is required' }]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            label="Confirm password"
            name="confirmPassword"
            dependencies={['password']}
            rules={[
              { required: true, message: 'Please confirm your password' },
              matchesPassword,
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Col>
      </Row>
    </div>
  );
}
