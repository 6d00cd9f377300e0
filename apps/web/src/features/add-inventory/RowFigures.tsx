import { Flex, Spin, Tooltip, Typography } from 'antd';
import { InfoCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { INVENTORY_MESSAGES } from '@backroom/domain';
import { formatPrice } from '../../shared/format';
import { fetchFeeQuote, fetchPreapprovalStatus, type FeeQuote, type PreapprovalStatus } from './add-inventory.api';
import type { DraftRow } from './rows';
import { useLiveQuote } from './useLiveQuote';

interface FigureProps {
  row: DraftRow;
  productId: string;
  category: string | null;
  currency: string | null;
}

const priced = (row: DraftRow) => typeof row.price === 'number' && row.price > 0;

/** The row's live fee figures from POST /api/inventories/fees; none until a consigner and a price are set. */
function useRowFees({ row, productId, category }: Omit<FigureProps, 'currency'>) {
  const input =
    row.consignerId && priced(row)
      ? {
          productId,
          price: row.price!,
          quantity: row.quantity && row.quantity > 0 ? row.quantity : 1,
          consigner: row.consignerId,
          category,
          option1Value: row.option1Value,
          option2Value: row.option2Value,
          option3Value: row.option3Value,
        }
      : null;
  return useLiveQuote<FeeQuote>(input && JSON.stringify(input), (signal) => fetchFeeQuote(input!, signal));
}

function useRowPreapproval({ row, productId }: Pick<FigureProps, 'row' | 'productId'>) {
  const input = priced(row)
    ? { productId, price: row.price!, option1Value: row.option1Value, option2Value: row.option2Value, option3Value: row.option3Value }
    : null;
  return useLiveQuote<PreapprovalStatus>(input && JSON.stringify(input), (signal) => fetchPreapprovalStatus(input!, signal));
}

/** Payout, fees and total of a row, the zero-payout warning, the pre-approval range and the price alert. */
export function RowFigures(props: FigureProps) {
  const { row, currency } = props;
  const fees = useRowFees(props);
  const preapproval = useRowPreapproval(props);
  const money = (v: number) => formatPrice(v, currency);

  let feeNode;
  if (!row.consignerId) {
    feeNode = <Typography.Text type="secondary">{INVENTORY_MESSAGES.selectConsigner}</Typography.Text>;
  } else if (!priced(row)) {
    feeNode = <Typography.Text type="secondary">Enter a price to see the payout</Typography.Text>;
  } else if (fees.loading && !fees.data) {
    feeNode = <Spin size="small" />;
  } else if (fees.error) {
    feeNode = <Typography.Text type="danger">{fees.error}</Typography.Text>;
  } else if (fees.data) {
    const f = fees.data;
    feeNode = (
      <Flex vertical gap={0} data-testid="row-fees" style={{ opacity: fees.loading ? 0.5 : 1 }}>
        <Typography.Text>
          {f.isStoreAccount ? 'Cost' : 'Payout'} <Typography.Text strong>{money(f.payout)}</Typography.Text>
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Fees {money(f.payoutFee)}
          {f.breakdown.length > 0 && (
            <Tooltip title={f.breakdown.map((b) => `${b.label}: ${money(b.amount)}`).join(' · ')}>
              <InfoCircleOutlined style={{ marginLeft: 4 }} aria-label="Fee breakdown" />
            </Tooltip>
          )}
          {' · '}Total {money(f.total)}
        </Typography.Text>
        {f.zeroPayoutWarning && (
          <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="zero-payout">
            {INVENTORY_MESSAGES.zeroPayout}
          </Typography.Text>
        )}
      </Flex>
    );
  }

  const p = preapproval.data;
  return (
    <Flex vertical gap={4}>
      {feeNode}
      {p?.range && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="preapproval-range">
          {p.label}: {money(p.range.low)} – {money(p.range.high)}
        </Typography.Text>
      )}
      {p?.priceAlert && (
        <Typography.Text type="warning" style={{ fontSize: 12 }} data-testid="price-alert">
          <WarningOutlined /> {p.warnText || 'This price is above the lowest listing.'}
        </Typography.Text>
      )}
    </Flex>
  );
}
