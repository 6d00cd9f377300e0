import { Flex, Typography } from 'antd';
import type { SignedInUser } from '@backroom/domain';
import { useDocumentTitle } from '../../../shared/hooks';
import { StatementPanel } from '../../../shared/ui/statement/StatementPanel';
import { useStatementPeriod } from '../../../shared/ui/statement/statement-period';
import { useCurrentStore } from '../../store/store.api';

/**
 * The consigner's Statements page (/statements; docs/consigner-account.md "Statements"): their own
 * month of the ledger, opening to closing balance, its entries as cards on a phone, and its CSV.
 */
export default function ConsignerStatementsPage({ user }: { user: SignedInUser }) {
  useDocumentTitle('Statements');
  const store = useCurrentStore();
  const [period, setPeriod] = useStatementPeriod();
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1200 }}>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Statements
        </Typography.Title>
        <Typography.Text type="secondary">Your balance with the store month by month: what you sold, the fees, and what was paid to you.</Typography.Text>
      </div>
      <StatementPanel consignerId={user.id} currency={store?.currency || 'USD'} period={period} onPeriodChange={setPeriod} />
    </Flex>
  );
}
