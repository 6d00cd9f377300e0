import { Card } from 'antd';

/** Frame until the payouts API is merged. */
export default function PayoutsPage() {
  return <Card title="Payouts" />;
}
