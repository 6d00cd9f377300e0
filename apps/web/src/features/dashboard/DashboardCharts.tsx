import { Bar, BarChart, CartesianGrid, Cell, ComposedChart, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, Col, Empty, Row } from 'antd';
import { formatDashboardMoney, formatDashboardNumber, type TDashboard } from '@backroom/domain';
import { priceSymbol } from '../../shared/format';

// The dashboard's charts (recharts, a lazy chunk of its own): sales and profit over time, items by
// status and by age, top consigners, listings and inventory value over time.

const COLORS = ['#1677ff', '#52c41a', '#faad14', '#eb2f96', '#13c2c2', '#722ed1', '#fa541c', '#2f54eb', '#a0d911', '#8c8c8c'];
const HEIGHT = 280;

export default function DashboardCharts({ data, currency, isMobile }: { data: TDashboard; currency: string | null; isMobile: boolean }) {
  const symbol = priceSymbol(currency);
  const money = (v: unknown) => `${symbol}${formatDashboardMoney(Number(v))}`;
  const short = (v: unknown) => `${symbol}${formatDashboardNumber(Number(v))}`;
  const days = data.daily.map((d) => ({ ...d, label: d.day.slice(5) }));
  const statuses = data.byStatus.filter((b) => b.items > 0).sort((a, b) => b.items - a.items);
  const empty = (text: string) => <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} style={{ height: HEIGHT - 40, display: 'flex', flexDirection: 'column', justifyContent: 'center', margin: 0 }} />;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        <Card title="Sales, profit and pending payouts" size="small" data-testid="chart-sales">
          {days.length === 0 ? (
            empty('No sales in these dates')
          ) : (
            <ResponsiveContainer width="100%" height={HEIGHT}>
              <LineChart data={days} margin={{ top: 8, right: 16, left: isMobile ? -8 : 8, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" tick={{ fontSize: 12 }} />
                <YAxis tickFormatter={short} tick={{ fontSize: 12 }} width={isMobile ? 56 : 72} />
                <Tooltip formatter={(v) => money(v)} labelFormatter={(_, p) => String(p?.[0]?.payload?.day ?? '')} />
                <Legend />
                <Line isAnimationActive={false} type="monotone" dataKey="sales" name="Sales" stroke={COLORS[0]} strokeWidth={2} dot={days.length <= 31} />
                <Line isAnimationActive={false} type="monotone" dataKey="profit" name="Profit" stroke={COLORS[1]} strokeWidth={2} dot={days.length <= 31} />
                <Line isAnimationActive={false} type="monotone" dataKey="pendingPayouts" name="Pending payouts" stroke={COLORS[2]} strokeWidth={2} strokeDasharray="4 3" dot={false} />
              </LineChart>
            </ResponsiveContainer>
          )}
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card title="Items by status" size="small" data-testid="chart-status">
          {statuses.length === 0 ? (
            empty('No items yet')
          ) : (
            <ResponsiveContainer width="100%" height={HEIGHT}>
              <BarChart data={statuses} layout="vertical" margin={{ top: 0, right: 24, left: 8, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
                <YAxis type="category" dataKey="label" width={isMobile ? 110 : 140} tick={{ fontSize: 11 }} interval={0} />
                <Tooltip formatter={(v) => formatDashboardNumber(Number(v))} />
                <Bar isAnimationActive={false} dataKey="items" name="Items" radius={[0, 4, 4, 0]}>
                  {statuses.map((s, i) => (
                    <Cell key={s.key} fill={COLORS[i % COLORS.length]} />
                  ))}
                </Bar>
              </BarChart>
            </ResponsiveContainer>
          )}
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title="Stock by age" size="small" data-testid="chart-age">
          <ResponsiveContainer width="100%" height={HEIGHT}>
            <BarChart data={isMobile ? data.byAge.map((b) => ({ ...b, label: b.key })) : data.byAge} margin={{ top: 8, right: 16, left: isMobile ? -16 : 0, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fontSize: 12 }} interval={0} />
              <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
              <Tooltip formatter={(v, name) => (name === 'Items' ? formatDashboardNumber(Number(v)) : money(v))} />
              <Bar isAnimationActive={false} dataKey="items" name="Items" fill={COLORS[0]} radius={[4, 4, 0, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title="Top consigners" size="small" data-testid="chart-consigners">
          {data.topConsigners.length === 0 ? (
            empty('No consigner sales in these dates')
          ) : (
            <ResponsiveContainer width="100%" height={HEIGHT}>
              <BarChart data={data.topConsigners} layout="vertical" margin={{ top: 8, right: 24, left: 8, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                <XAxis type="number" tickFormatter={short} tick={{ fontSize: 12 }} />
                <YAxis type="category" dataKey="name" width={isMobile ? 90 : 130} tick={{ fontSize: 12 }} />
                <Tooltip formatter={(v) => money(v)} />
                <Bar isAnimationActive={false} dataKey="sales" name="Sales" fill={COLORS[5]} radius={[0, 4, 4, 0]} />
              </BarChart>
            </ResponsiveContainer>
          )}
        </Card>
      </Col>
      <Col xs={24}>
        <Card title="Listings and inventory value" size="small" data-testid="chart-listings">
          {days.length === 0 ? (
            empty('No days in these dates')
          ) : (
            <ResponsiveContainer width="100%" height={HEIGHT}>
              <ComposedChart data={days} margin={{ top: 8, right: isMobile ? 0 : 8, left: isMobile ? -8 : 8, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" tick={{ fontSize: 12 }} />
                <YAxis yAxisId="units" allowDecimals={false} tickFormatter={(v) => formatDashboardNumber(Number(v))} tick={{ fontSize: 12 }} width={isMobile ? 44 : 60} />
                <YAxis yAxisId="value" orientation="right" tickFormatter={short} tick={{ fontSize: 12 }} width={isMobile ? 56 : 72} />
                <Tooltip
                  formatter={(v, name) => (name === 'Inventory value' ? money(v) : formatDashboardNumber(Number(v)))}
                  labelFormatter={(_, p) => String(p?.[0]?.payload?.day ?? '')}
                />
                <Legend />
                <Bar isAnimationActive={false} yAxisId="units" dataKey="newListings" name="New listings" fill={COLORS[2]} radius={[3, 3, 0, 0]} />
                <Line isAnimationActive={false} yAxisId="units" type="monotone" dataKey="activeListings" name="Active listings" stroke={COLORS[0]} strokeWidth={2} dot={false} />
                <Line isAnimationActive={false} yAxisId="value" type="monotone" dataKey="inventoryValue" name="Inventory value" stroke={COLORS[5]} strokeWidth={2} dot={false} />
              </ComposedChart>
            </ResponsiveContainer>
          )}
        </Card>
      </Col>
    </Row>
  );
}
