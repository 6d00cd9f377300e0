import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Empty } from 'antd';
import { formatDashboardNumber, type TDashboardRequests } from '@backroom/domain';

// The shop report's requests by day (recharts, lazy like DashboardCharts: the two share recharts' chunk).
const HEIGHT = 260;

export default function ShopReportCharts({ daily, isMobile }: { daily: TDashboardRequests['daily']; isMobile: boolean }) {
  if (!daily.some((d) => d.priceRequests > 0 || d.withdrawalRequests > 0))
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No requests in these dates" style={{ height: HEIGHT, display: 'flex', flexDirection: 'column', justifyContent: 'center', margin: 0 }} data-testid="chart-requests-empty" />;
  const days = daily.map((d) => ({ ...d, label: d.day.slice(5) }));
  return (
    <div data-testid="chart-requests">
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <BarChart data={days} margin={{ top: 8, right: 16, left: isMobile ? -24 : 0, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(v) => formatDashboardNumber(Number(v))} labelFormatter={(_, p) => String(p?.[0]?.payload?.day ?? '')} />
          <Legend />
          <Bar isAnimationActive={false} dataKey="priceRequests" name="Price requests" stackId="r" fill="#faad14" />
          <Bar isAnimationActive={false} dataKey="withdrawalRequests" name="Withdrawal requests" stackId="r" fill="#eb2f96" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
