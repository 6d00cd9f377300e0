import { useMemo, useState, type HTMLAttributes } from 'react';
import { Alert, App, Button, Card, Flex, List, Popconfirm, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { CalendarOutlined, DeleteOutlined, PercentageOutlined } from '@ant-design/icons';
import { CONSIGNER_TYPE_MESSAGES, PEOPLE_MESSAGES, termsSummaryOf } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { SettingsEmpty, SettingsListCard } from '../../shared/ui/SettingsList';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { useCurrentStore } from '../store/store.api';
import { ConsignerTypeDialog } from './ConsignerTypeDialog';
import { EditableValue, type CellKind, type CellValue } from './EditableValue';
import { TermsDialog } from './TermsDialog';
import { toInput, useConsignerTypes, useDeleteConsignerType, useUpdateConsignerType, type ConsignerType } from './consignerTypes.api';
import type { ConsignerTypeField } from './fee-rules';
import '../../shared/touch.css';

type EditableField = Exclude<ConsignerTypeField, 'isDefault' | 'categories'>;
type Column = { field: EditableField; title: string; kind: CellKind; required?: boolean; width: number };

// The editable columns (people doc sections 2 and 3); titles are what 'Please Input {title}!' names.
const COLUMNS: Column[] = [
  { field: 'accountType', title: 'Account Type', kind: 'text', required: true, width: 150 },
  { field: 'sellingFee', title: 'Selling Fee', kind: 'percent', required: true, width: 96 },
  { field: 'minFee', title: 'Min Fee', kind: 'money', required: true, width: 96 },
  { field: 'flatFee', title: 'Flat Fee', kind: 'money', width: 96 },
  { field: 'category', title: 'Category', kind: 'text', width: 120 },
  { field: 'option1Value', title: 'Option 1 Value', kind: 'text', width: 118 },
  { field: 'option2Value', title: 'Option 2 Value', kind: 'text', width: 118 },
  { field: 'option3Value', title: 'Option 3 Value', kind: 'text', width: 118 },
];
const column = (field: EditableField) => COLUMNS.find((c) => c.field === field)!;
// A phone card: the fees on one line, the option values on the next, then the category.
const CARD_LINES: EditableField[][] = [
  ['sellingFee', 'minFee', 'flatFee'],
  ['option1Value', 'option2Value', 'option3Value'],
];
const EMPTY_TEXT = 'No consigner types yet. Add one to set the fees consigners pay.';
const DEFAULT_HINT = 'The default type prices items of consigners whose own type fits none. Make another type the default to change it.';

/** Stable rows: by name, and within a name the server's order (the general type first). */
function byName(types: ConsignerType[]): ConsignerType[] {
  return types
    .map((t, i) => ({ t, i }))
    .sort((a, b) => a.t.accountType.localeCompare(b.t.accountType, undefined, { sensitivity: 'base' }) || a.i - b.i)
    .map(({ t }) => t);
}

/** /fees (Settings): the store's consigner types as an editable table, and the Add consigner type dialog. */
export default function FeesPage() {
  useDocumentTitle('Fees');
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const currency = useCurrentStore()?.currency || 'USD';
  const types = useConsignerTypes();
  const update = useUpdateConsignerType();
  const remove = useDeleteConsignerType();
  const [adding, setAdding] = useState(false);
  const [termsOf, setTermsOf] = useState<ConsignerType | null>(null);
  const rows = useMemo(() => byName(types.data ?? []), [types.data]);

  const save = (t: ConsignerType, change: Partial<Record<EditableField, CellValue>> & { isDefault?: boolean }) =>
    update.mutate(
      { id: t.id, input: { ...toInput(t), ...change } as ReturnType<typeof toInput> },
      {
        onSuccess: (saved) => message.success(change.isDefault ? `${saved.accountType} is now the default type` : CONSIGNER_TYPE_MESSAGES.saved),
        onError: (error) => message.error(errorMessage(error), 5),
      },
    );

  const onDelete = (t: ConsignerType) =>
    remove.mutateAsync(t.id).then(
      () => {
        message.success(CONSIGNER_TYPE_MESSAGES.deleted);
      },
      (error: unknown) => {
        message.error(errorMessage(error), 5);
      },
    );

  const cell = (t: ConsignerType, c: Column) => (
    <EditableValue key={`${t.id}-${c.field}-${String(t[c.field])}`} field={c.field} title={c.title} kind={c.kind} required={c.required} value={t[c.field]} currency={currency} onSave={(value) => save(t, { [c.field]: value })} />
  );

  const labelled = (t: ConsignerType, c: Column) => (
    <div key={c.field}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {c.title}
      </Typography.Text>
      {cell(t, c)}
    </div>
  );

  const defaultSwitch = (t: ConsignerType) => (
    <Tooltip title={t.isDefault ? DEFAULT_HINT : 'Make this the default type'}>
      <Switch size="small" checked={t.isDefault} disabled={t.isDefault} aria-label={`Default ${t.accountType}`} onChange={() => save(t, { isDefault: true })} />
    </Tooltip>
  );

  // On a phone a button a finger can meet, and the default named in words.
  const defaultControl = (t: ConsignerType) =>
    t.isDefault ? (
      <Tooltip title={DEFAULT_HINT}>
        <Tag color="green" style={{ marginInlineEnd: 0 }}>
          Default
        </Tag>
      </Tooltip>
    ) : (
      <Button size="small" onClick={() => save(t, { isDefault: true })}>
        Make default
      </Button>
    );

  // The type's consignment terms in a few words; the button opens them (docs/consignment-terms.md).
  // Its name holds the words it shows (the accessibility audit's label-content-name-mismatch).
  const termsButton = (t: ConsignerType) => {
    const summary = termsSummaryOf(t.terms);
    return (
      <Button size="small" icon={<CalendarOutlined />} onClick={() => setTermsOf(t)} aria-label={`Terms of ${t.accountType}: ${summary}`} data-testid="terms-button">
        {summary}
      </Button>
    );
  };

  const deleteButton = (t: ConsignerType) =>
    t.isDefault ? (
      <Tooltip title="The default type cannot be deleted">
        <Button size="small" type="text" icon={<DeleteOutlined />} disabled aria-label={`Delete ${t.accountType}`} />
      </Tooltip>
    ) : (
      <Popconfirm title={`Delete the consigner type ${t.accountType}?`} description={PEOPLE_MESSAGES.cannotBeUndone} okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => onDelete(t)}>
        <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`Delete ${t.accountType}`} />
      </Popconfirm>
    );

  const columns: TableColumnsType<ConsignerType> = [
    ...COLUMNS.slice(0, 4).map((c) => ({ title: c.title, key: c.field, width: c.width, render: (_: unknown, t: ConsignerType) => cell(t, c) })),
    { title: 'Default', key: 'isDefault', width: 76, align: 'center', render: (_, t) => defaultSwitch(t) },
    // the terms beside the fees, in view at 1440 px; the rarer category and option columns scroll
    { title: 'Terms', key: 'terms', width: 170, render: (_, t) => termsButton(t) },
    ...COLUMNS.slice(4).map((c) => ({ title: c.title, key: c.field, width: c.width, render: (_: unknown, t: ConsignerType) => cell(t, c) })),
    { title: '', key: 'actions', width: 48, align: 'right', render: (_, t) => deleteButton(t) },
  ];

  const addType = () => setAdding(true);
  const empty = <SettingsEmpty text={EMPTY_TEXT} addLabel="Add consigner type" onAdd={addType} />;

  return (
    <SettingsListCard icon={<PercentageOutlined />} title="Consigner types" addLabel="Add consigner type" onAdd={addType} isMobile={isMobile} wide testId="fees-card">
      <Typography.Paragraph type="secondary" style={{ maxWidth: 820 }}>
        The fees each consigner pays: a selling fee (a percent of the price, never below the min fee) plus a flat fee. Rows sharing an account type set other fees for a
        category or option value; the most specific row that fits an item applies. Click a value to edit it.
      </Typography.Paragraph>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="Fees are fixed when an item is priced: a change here applies to items added from now on, and items already in stock keep their fees."
      />
      {types.isError ? (
        <Alert type="error" showIcon title={errorMessage(types.error)} />
      ) : isMobile ? (
        <List
          loading={types.isPending}
          dataSource={rows}
          rowKey="id"
          locale={{ emptyText: empty }}
          renderItem={(t) => (
            <List.Item className="br-card-item">
              <Card
                size="small"
                style={{ marginBottom: 12 }}
                styles={{ header: { padding: '6px 12px' }, body: { padding: '8px 12px 12px' } }}
                data-testid="consigner-type-row"
                data-type-id={t.id}
                title={cell(t, column('accountType'))}
                extra={defaultControl(t)}
              >
                <div className="fee-card-grid">
                  {CARD_LINES.flat().map((field) => labelled(t, column(field)))}
                  <div className="fee-card-wide">{labelled(t, column('category'))}</div>
                  <Flex justify="flex-end" align="flex-end">
                    {deleteButton(t)}
                  </Flex>
                  <div className="fee-card-full">{termsButton(t)}</div>
                </div>
              </Card>
            </List.Item>
          )}
        />
      ) : (
        <Table
          rowKey="id"
          size="middle"
          loading={types.isPending}
          dataSource={rows}
          columns={columns}
          pagination={false}
          scroll={{ x: 'max-content' }}
          onRow={(t) => ({ 'data-testid': 'consigner-type-row', 'data-type-id': t.id }) as HTMLAttributes<HTMLElement>}
          locale={{ emptyText: empty }}
        />
      )}
      <ConsignerTypeDialog open={adding} types={rows} currency={currency} onClose={() => setAdding(false)} />
      <TermsDialog type={termsOf} currency={currency} onClose={() => setTermsOf(null)} />
    </SettingsListCard>
  );
}
