import { useEffect, useState } from 'react';
import { Alert, Flex, Select, Typography } from 'antd';
import { formatMoney, toMinor } from '@backroom/domain';
import { useCreditHolders, type CreditHolder } from './sell.api';

const SEARCH_DELAY_MS = 250;

/**
 * Paid with store credit (docs/consigner-account.md "Store credit"): the consigner whose credit pays,
 * found by name, e-mail or the store credit code on their account (two characters or more), with
 * their balance; a balance short of the total is said before the sale is tried (the server refuses it too).
 */
export function CreditPicker({ currency, totalMinor, holder, onChange }: { currency: string; totalMinor: number; holder: CreditHolder | null; onChange: (holder: CreditHolder | null) => void }) {
  const [text, setText] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(text), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  const search = useCreditHolders(debounced);
  const rows = search.data?.rows ?? [];
  const money = (major: number) => formatMoney(toMinor(major), currency);
  const short = holder !== null && toMinor(holder.balance) < totalMinor;
  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }} data-testid="credit-picker">
      <Typography.Text type="secondary">Whose store credit</Typography.Text>
      <Select<string>
        showSearch={{ filterOption: false, onSearch: setText }}
        allowClear
        size="large"
        placeholder="Name, e-mail or store credit code"
        value={holder?.consignerId}
        loading={search.isFetching}
        notFoundContent={debounced.trim().length >= 2 && !search.isFetching ? 'No consigner found' : null}
        onChange={(id) => onChange(rows.find((r) => r.consignerId === id) ?? null)}
        onClear={() => onChange(null)}
        options={(holder && !rows.some((r) => r.consignerId === holder.consignerId) ? [holder, ...rows] : rows).map((r) => ({
          value: r.consignerId,
          label: (
            <Flex justify="space-between" gap={8}>
              <Typography.Text ellipsis>
                {r.name} <Typography.Text type="secondary">· {r.code}</Typography.Text>
              </Typography.Text>
              <Typography.Text strong style={{ flex: 'none' }}>
                {money(r.balance)}
              </Typography.Text>
            </Flex>
          ),
        }))}
        data-testid="credit-holder"
      />
      {holder && (
        <Alert
          type={short ? 'warning' : 'success'}
          showIcon
          title={short ? `${holder.name} has ${money(holder.balance)} of store credit: not enough for this sale` : `${holder.name} has ${money(holder.balance)} of store credit`}
          data-testid="credit-balance"
        />
      )}
    </Flex>
  );
}
