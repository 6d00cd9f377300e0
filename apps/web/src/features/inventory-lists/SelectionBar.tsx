import { Button, Flex, Popconfirm, Typography } from 'antd';
import { EditOutlined, PrinterOutlined } from '@ant-design/icons';
import type { ListItem } from './inventory-lists.api';

/** Select Page / Deselect Page, the count, and the bulk actions of the list's status. */
export function SelectionBar({
  rows,
  selectedIds,
  onSelect,
  bulkAccept,
  bulkEdit,
  bulkDecline,
  onBulkAccept,
  onBulkEdit,
  onBulkDecline,
  printLabel,
  printing = false,
  onPrint,
}: {
  rows: ListItem[];
  selectedIds: string[];
  onSelect: (ids: string[]) => void;
  bulkAccept: boolean;
  bulkEdit: boolean;
  bulkDecline: boolean;
  onBulkAccept: () => void;
  onBulkEdit: () => void;
  onBulkDecline: () => void;
  /** The print button's words ('Print labels', 'Print page items', 'Re-print items'), or none. */
  printLabel?: string | null;
  printing?: boolean;
  onPrint?: () => void;
}) {
  const pageSelected = rows.length > 0 && rows.every((r) => selectedIds.includes(r.id));
  return (
    <Flex gap={8} align="center" wrap className="br-inv-selection" data-testid="selection-bar">
      <Button
        onClick={() => onSelect(pageSelected ? selectedIds.filter((id) => !rows.some((r) => r.id === id)) : [...new Set([...selectedIds, ...rows.map((r) => r.id)])])}
        data-testid="select-page"
      >
        {pageSelected ? 'Deselect Page' : 'Select Page'}
      </Button>
      <Typography.Text type="secondary" data-testid="selected-count">
        {selectedIds.length} selected
      </Typography.Text>
      {printLabel && onPrint && (
        <Button type="primary" icon={<PrinterOutlined />} disabled={!selectedIds.length} loading={printing} onClick={onPrint} data-testid="print-labels">
          {printLabel}
        </Button>
      )}
      {bulkAccept && (
        <Button type="primary" disabled={!selectedIds.length} onClick={onBulkAccept} data-testid="bulk-accept">
          Bulk Accept
        </Button>
      )}
      {bulkEdit && selectedIds.length > 0 && (
        <Button icon={<EditOutlined />} onClick={onBulkEdit} data-testid="bulk-edit-open">
          Bulk Edit
        </Button>
      )}
      {bulkDecline && (
        // destructive: apart from the others, at the end of the bar
        <span style={{ marginInlineStart: 'auto' }}>
          <Popconfirm
            title={`Decline ${selectedIds.length} selected ${selectedIds.length === 1 ? 'item' : 'items'}?`}
            okText="Yes"
            cancelText="No"
            disabled={!selectedIds.length}
            onConfirm={onBulkDecline}
          >
            <Button danger disabled={!selectedIds.length} data-testid="bulk-decline">
              Bulk Decline
            </Button>
          </Popconfirm>
        </span>
      )}
    </Flex>
  );
}
