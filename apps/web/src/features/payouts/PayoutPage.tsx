import { Card } from 'antd';

/** Frame until the payouts API is merged. */
export default function PayoutPage() {
  return <Card title="Payouts" />;
}
