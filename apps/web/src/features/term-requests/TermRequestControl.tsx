import { App, Button, Dropdown, Flex, Tag } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { formatEndDate, IN_STOCK_STATUSES, TERM_REQUEST_KINDS, TERM_REQUEST_LABELS, type TermRequestKind } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { useCancelTermRequest, useOpenTermRequests, useSendTermRequest } from './term-requests.api';

type Item = { id: string; code: string; title: string; status: string; consignmentEndsAt?: string | null };

const WHAT_NEXT: Record<TermRequestKind, { title: string; text: string }> = {
  renew: { title: 'Ask the store to renew this item?', text: 'The store renews it by your consignment terms: it stays for sale for another period. A renewal fee, if your terms have one, is taken from your next payout.' },
  pickup: { title: 'Ask to pick up this item?', text: 'The store takes it off the floor and gets it ready for you to collect. You can cancel the request until the store acts on it.' },
};

/**
 * The consigner's "Ask to renew" and "Ask to pick up" for an item in stock with a consignment end,
 * each behind a confirmation; once asked, the request and a way to cancel it (docs/consignment-terms.md
 * "The consigner's requests"). `compact`: the table's cell (one menu), else the phone card's two buttons.
 */
export function TermRequestControl({ item, compact }: { item: Item; compact: boolean }) {
  const { modal, message } = App.useApp();
  const open = useOpenTermRequests();
  const send = useSendTermRequest();
  const cancel = useCancelTermRequest();
  if (!item.consignmentEndsAt || !(IN_STOCK_STATUSES as readonly string[]).includes(item.status) || !open.data) return null;
  const request = open.data.get(item.id);
  const ends = formatEndDate(item.consignmentEndsAt);

  if (request) {
    const confirmCancel = () =>
      modal.confirm({
        title: 'Cancel your request?',
        content: `${TERM_REQUEST_LABELS[request.kind].asked} for ${item.title} (${item.code}).`,
        okText: 'Cancel request',
        cancelText: 'Keep it',
        okButtonProps: { danger: true },
        onOk: () => cancel.mutateAsync(request.id).then((r) => void message.success(r.message), (e) => void message.error(errorMessage(e))),
      });
    return (
      <Flex gap={4} wrap align="center" className="br-term-request" data-testid="term-request">
        {/* in the table's narrow Days Active cell the words wrap instead of running into the next column */}
        <Tag color="blue" style={{ marginInlineEnd: 0, whiteSpace: 'normal', maxWidth: '100%' }} data-testid="term-request-tag">
          {TERM_REQUEST_LABELS[request.kind].asked}
        </Tag>
        <Button type="link" size="small" onClick={confirmCancel} style={{ paddingInline: 0, height: 'auto' }} data-testid="term-request-cancel">
          Cancel request
        </Button>
      </Flex>
    );
  }

  const ask = (kind: TermRequestKind) =>
    modal.confirm({
      title: WHAT_NEXT[kind].title,
      content: `${item.title} (${item.code}): its consignment ends ${ends}. ${WHAT_NEXT[kind].text}`,
      okText: TERM_REQUEST_LABELS[kind].ask,
      cancelText: 'Not now',
      onOk: () => send.mutateAsync({ inventoryId: item.id, kind }).then((r) => void message.success(r.message), (e) => void message.error(errorMessage(e))),
    });

  if (compact) {
    return (
      <Dropdown trigger={['click']} menu={{ items: TERM_REQUEST_KINDS.map((kind) => ({ key: kind, label: TERM_REQUEST_LABELS[kind].ask, 'data-testid': `term-ask-${kind}` })), onClick: ({ key }) => ask(key as TermRequestKind) }}>
        {/* wraps inside the narrow Days Active cell rather than running under the Actions column */}
        <Button type="link" size="small" style={{ paddingInline: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }} data-testid="term-request-menu">
          Renew or pick up <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
    );
  }
  return (
    <Flex gap={8} wrap className="br-term-request">
      {TERM_REQUEST_KINDS.map((kind) => (
        <Button key={kind} size="large" type={kind === 'renew' ? 'primary' : 'default'} ghost={kind === 'renew'} onClick={() => ask(kind)} data-testid={`term-ask-${kind}`} style={{ flex: 1 }}>
          {TERM_REQUEST_LABELS[kind].ask}
        </Button>
      ))}
    </Flex>
  );
}
