import type { ReactNode } from 'react';
import { App, Button } from 'antd';
import { GiftOutlined, RollbackOutlined, ShopOutlined } from '@ant-design/icons';
import { END_OF_TERM_ACTION_LABELS, type TermEnding } from '@backroom/domain';

type Ending = { label: string; icon: ReactNode; title: (items: string) => string; content: (one: boolean) => string; okText: string; testId: string };

const items = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/** The three actions that end a term, each behind a confirmation saying what it does (docs/consignment-terms.md "Expiring inventory"). */
const ENDINGS: Record<TermEnding, Ending> = {
  return: {
    label: 'Return to consigner',
    icon: <RollbackOutlined />,
    title: (n) => `Return ${n} to the consigner?`,
    content: (one) => `${one ? 'It leaves' : 'They leave'} stock as withdrawn, with "term ended: returned" in ${one ? 'its' : 'their'} activity. No fee is charged.`,
    okText: 'Return',
    testId: 'return-selected',
  },
  donate: {
    label: END_OF_TERM_ACTION_LABELS.donate.action,
    icon: <GiftOutlined />,
    title: (n) => `Donate ${n}?`,
    content: (one) =>
      `${one ? 'It leaves' : 'They leave'} stock as withdrawn, with "term ended: donated" in ${one ? 'its' : 'their'} activity. The consigner is owed nothing for ${one ? 'it' : 'them'} and no fee is charged.`,
    okText: 'Donate',
    testId: 'donate-selected',
  },
  convert: {
    label: END_OF_TERM_ACTION_LABELS.convert.action,
    icon: <ShopOutlined />,
    title: (n) => `Convert ${n} to store stock?`,
    content: (one) =>
      `The store account becomes the owner at a cost of 0 and ${one ? 'the item stays' : 'the items stay'} on the floor with no end date. The consigner\u2019s claim ends (an entry of 0 on their account), with "term ended: converted to store stock" in the activity.`,
    okText: 'Convert',
    testId: 'convert-selected',
  },
};

/** Return, donate and convert the selected items, each after a confirmation. */
export function TermEndButtons({ count, disabled, onConfirm }: { count: number; disabled: boolean; onConfirm: (ending: TermEnding) => void }) {
  const { modal } = App.useApp();
  return (
    <>
      {(Object.entries(ENDINGS) as [TermEnding, Ending][]).map(([ending, e]) => (
        <Button
          key={ending}
          danger
          icon={e.icon}
          disabled={disabled}
          data-testid={e.testId}
          onClick={() =>
            modal.confirm({
              title: e.title(items(count)),
              content: e.content(count === 1),
              okText: e.okText,
              okButtonProps: { danger: true },
              onOk: () => onConfirm(ending),
            })
          }
        >
          {e.label}
          {count ? ` (${count})` : ''}
        </Button>
      ))}
    </>
  );
}
