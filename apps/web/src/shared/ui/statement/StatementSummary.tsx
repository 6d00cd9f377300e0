import { Col, Flex, Row, Typography } from 'antd';
import type { Statement } from '../../statements.api';
import { formatPrice } from '../../format';
import { useIsMobile } from '../../hooks';

type Figure = { key: string; title: string; value: number; total?: boolean };

/** Opening balance, the four lines and the closing balance: opening + lines = closing (all from the ledger). */
export function StatementSummary({ statement, currency }: { statement: Statement; currency: string }) {
  const isMobile = useIsMobile();
  const money = (v: number) => formatPrice(v, currency);
  const figures: Figure[] = [
    { key: 'opening', title: 'Opening balance', value: statement.opening, total: true },
    { key: 'sales', title: 'Sales', value: statement.sales },
    { key: 'fees', title: 'Fees', value: statement.fees },
    { key: 'payouts', title: 'Payouts', value: statement.payouts },
    { key: 'adjustments', title: 'Adjustments', value: statement.adjustments },
    { key: 'closing', title: 'Closing balance', value: statement.closing, total: true },
  ];

  if (isMobile) {
    // a phone: one card, a line per figure, the balances set apart
    return (
      <Flex vertical className="br-statement-lines" data-testid="statement-summary">
        {figures.map((f) => (
          <Flex key={f.key} justify="space-between" align="baseline" gap={8} className={f.total ? 'br-statement-line br-statement-line-total' : 'br-statement-line'} data-testid={`statement-${f.key}`}>
            <span>{f.title}</span>
            <Typography.Text strong={f.total} className="br-statement-amount">
              {money(f.value)}
            </Typography.Text>
          </Flex>
        ))}
      </Flex>
    );
  }
  return (
    <Row gutter={[12, 12]} data-testid="statement-summary">
      {figures.map((f) => (
        <Col key={f.key} xs={12} md={8} xl={4}>
          <div className={f.total ? 'br-statement-figure br-statement-figure-total' : 'br-statement-figure'} data-testid={`statement-${f.key}`}>
            <div className="br-statement-figure-title">{f.title}</div>
            <div className="br-statement-figure-value">{money(f.value)}</div>
          </div>
        </Col>
      ))}
    </Row>
  );
}
