import { useEffect, useRef, useState, type HTMLAttributes } from 'react';
import { Link } from 'react-router';
import { App, Button, Card, Empty, Flex, Popconfirm, Switch, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, DownloadOutlined, MailOutlined, ShopOutlined, TeamOutlined, UserAddOutlined } from '@ant-design/icons';
import { PEOPLE_MESSAGES, consignerWord } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { ListPagination } from '../../shared/ui/ListPagination';
import { ListSearch, ListView, useBackToLastPage } from '../../shared/ui/ListView';
import { useCurrentStore } from '../store/store.api';
import { useUrlListState } from '../transfers/url-state';
import { downloadConsignersCsv, useConsigners, useDeleteConsigner, useReloadConsigners, useToggleConsigner, type ConsignerRow } from './consigners.api';
import { EmailStatementsDialog } from './EmailStatementsDialog';
import './consigners.css';

const SEARCH_KEYS = ['search'] as const;
/** Spec 9: the list reloads 1 second after a deletion. */
const RELOAD_AFTER_DELETE_MS = 1000;

/** /consigners (Consigners access; people doc section 2, Consigners list). */
export default function ConsignersPage() {
  const store = useCurrentStore();
  const word = consignerWord(store?.isBuyingStore);
  const plural = `${word}s`;
  useDocumentTitle(plural);
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const state = useUrlListState(SEARCH_KEYS);
  const search = state.values.search ?? '';
  const list = useConsigners({ search, page: state.page, pageSize: state.pageSize });
  const toggle = useToggleConsigner();
  const remove = useDeleteConsigner();
  const reload = useReloadConsigners();
  const [busy, setBusy] = useState<Record<string, string>>({});
  const [exporting, setExporting] = useState(false);
  const [mailing, setMailing] = useState(false);
  const reloadTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(reloadTimer.current), []);

  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;

  // after deleting the last row of the last page
  useBackToLastPage(list, total, state);

  const setFlag = (row: ConsignerRow, field: 'isActive' | 'marketplaceLocation', value: boolean) => {
    setBusy((b) => ({ ...b, [row.id]: field }));
    toggle.mutate(
      { id: row.id, change: { [field]: value } },
      {
        onSuccess: () => {
          const what = field === 'isActive' ? (value ? 'enabled' : 'disabled') : value ? 'given marketplace access' : 'no longer has marketplace access';
          message.success(`${row.name} ${field === 'isActive' ? 'is ' : ''}${what}`);
        },
        onError: (error) => void message.error(errorMessage(error), 5),
        onSettled: () =>
          setBusy((b) => {
            const next = { ...b };
            delete next[row.id];
            return next;
          }),
      },
    );
  };

  const onDelete = (row: ConsignerRow) =>
    remove.mutateAsync(row.id).then(
      (result) => {
        message.success(result.message);
        window.clearTimeout(reloadTimer.current);
        reloadTimer.current = window.setTimeout(() => void reload(), RELOAD_AFTER_DELETE_MS);
      },
      // a refused deletion (unsold or unpaid items) says why
      (error: unknown) => {
        message.error(errorMessage(error), 6);
      },
    );

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadConsignersCsv(search);
    } catch (error) {
      message.error(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  const enabledSwitch = (row: ConsignerRow) =>
    // Spec 6: store-account consigners have no disable toggle.
    row.isStoreAccount ? (
      <Tooltip title="The store's own account is always enabled">
        <Tag icon={<ShopOutlined />} color="geekblue" style={{ marginInlineEnd: 0 }} data-testid="store-account-tag">
          Store account
        </Tag>
      </Tooltip>
    ) : (
      <Switch
        size={isMobile ? 'default' : 'small'}
        checked={row.isActive}
        loading={busy[row.id] === 'isActive'}
        onChange={(v) => setFlag(row, 'isActive', v)}
        aria-label={`Enabled: ${row.name}`}
        data-testid="enabled-switch"
      />
    );

  const marketplaceSwitch = (row: ConsignerRow) => (
    <Switch
      size={isMobile ? 'default' : 'small'}
      checked={row.marketplaceLocation}
      loading={busy[row.id] === 'marketplaceLocation'}
      onChange={(v) => setFlag(row, 'marketplaceLocation', v)}
      aria-label={`Marketplace access: ${row.name}`}
      data-testid="marketplace-switch"
    />
  );

  const deleteButton = (row: ConsignerRow) =>
    row.isStoreAccount ? null : (
      <Popconfirm
        title={`Delete ${row.name}?`}
        description={PEOPLE_MESSAGES.cannotBeUndone}
        okText="Delete"
        okButtonProps={{ danger: true }}
        onConfirm={() => onDelete(row)}
      >
        <Button size={isMobile ? 'middle' : 'small'} type="text" danger icon={<DeleteOutlined />} aria-label={`Delete ${row.name}`} data-testid="delete-consigner">
          {isMobile ? 'Delete' : undefined}
        </Button>
      </Popconfirm>
    );

  const nameCell = (row: ConsignerRow) => (
    <Flex vertical style={{ minWidth: 0 }}>
      <Link to={`/consigners/${row.id}`} className="br-consigner-name" data-testid="consigner-link">
        {row.name || row.email}
      </Link>
      <Typography.Text type="secondary" ellipsis className="br-consigner-sub">
        {row.email}
      </Typography.Text>
    </Flex>
  );

  const statusTags = (row: ConsignerRow) => (
    <>
      {!row.hasAccount && !row.invited && (
        <Tooltip title="Added by the store: no sign-in account yet">
          <Tag style={{ marginInlineEnd: 0 }}>No sign-in</Tag>
        </Tooltip>
      )}
      {row.invited && (
        <Tooltip title="They have a sign-in of their own: they join when they accept the invitation mailed to them">
          <Tag color="gold" style={{ marginInlineEnd: 0 }}>Invited</Tag>
        </Tooltip>
      )}
    </>
  );

  const columns: TableColumnsType<ConsignerRow> = [
    { title: 'Name', key: 'name', render: (_, row) => nameCell(row) },
    { title: 'Phone', dataIndex: 'phone', width: 170, render: (phone: string | null) => phone || <Typography.Text type="secondary">—</Typography.Text> },
    {
      title: 'Account type',
      dataIndex: 'accountType',
      width: 170,
      render: (_, row) => (
        <Flex gap={4} wrap>
          {row.accountType ? <Tag color="blue" style={{ marginInlineEnd: 0 }}>{row.accountType}</Tag> : <Typography.Text type="secondary">Default</Typography.Text>}
          {statusTags(row)}
        </Flex>
      ),
    },
    { title: 'Enabled', key: 'isActive', width: 130, align: 'center', render: (_, row) => enabledSwitch(row) },
    { title: 'Marketplace access', key: 'marketplaceLocation', width: 160, align: 'center', render: (_, row) => marketplaceSwitch(row) },
    { title: '', key: 'actions', width: 64, align: 'right', render: (_, row) => deleteButton(row) },
  ];

  const emptyText = search ? `No ${plural.toLowerCase()} match "${search}".` : `No ${plural.toLowerCase()} yet. Add the first one to start taking in their items.`;
  const addLabel = `Add ${word}`;
  const emptyState = (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} data-testid="consigners-empty">
      {search ? (
        <Button onClick={() => state.setFilters({ search: '' })}>Clear search</Button>
      ) : (
        <Link to="/addConsigner">
          <Button type="primary" icon={<UserAddOutlined />}>
            {addLabel}
          </Button>
        </Link>
      )}
    </Empty>
  );

  return (
    <Card
      className="br-consigners"
      title={
        <Flex align="center" gap={isMobile ? 8 : 10}>
          {!isMobile && <TeamOutlined />}
          <span>{plural}</span>
          {list.data && (
            <Tag style={{ marginInlineEnd: 0, fontWeight: 400 }} data-testid="consigner-count">
              {total} {total === 1 ? 'person' : 'people'}
            </Tag>
          )}
        </Flex>
      }
      extra={
        <Link to="/addConsigner">
          <Button type="primary" icon={<UserAddOutlined />} data-testid="add-consigner">
            {addLabel}
          </Button>
        </Link>
      }
      style={{ maxWidth: 1300 }}
      styles={{ body: { padding: isMobile ? 12 : 24 }, header: isMobile ? { paddingInline: 12 } : undefined }}
    >
      <Flex gap={8} align="center" style={{ marginBottom: 16 }}>
        <ListSearch
          value={search}
          onSearch={(value) => state.setFilters({ search: value })}
          placeholder="Search name, e-mail or phone"
          style={{ maxWidth: isMobile ? undefined : 380, flex: 1 }}
          testId="consigner-search"
        />
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()} data-testid="export-consigners">
          Export
        </Button>
        <Button icon={<MailOutlined />} onClick={() => setMailing(true)} aria-label="E-mail statements" data-testid="email-statements-open">
          {isMobile ? null : 'E-mail statements'}
        </Button>
      </Flex>
      <EmailStatementsDialog open={mailing} onClose={() => setMailing(false)} />
      <ListView<ConsignerRow>
        list={list}
        rows={rows}
        isMobile={isMobile}
        errorText={`The ${plural.toLowerCase()} could not be loaded.`}
        empty={emptyState}
        loadingTestId="consigners-loading"
        cardsTestId="consigner-cards"
        cards={() =>
          rows.map((row) => (
            <div key={row.id} className="br-consigner-card" data-testid="consigner-row">
              <Flex justify="space-between" align="flex-start" gap={8}>
                {nameCell(row)}
                {deleteButton(row)}
              </Flex>
              <Flex gap={6} wrap style={{ marginTop: 6 }}>
                {row.phone && <Typography.Text type="secondary">{row.phone}</Typography.Text>}
                {row.accountType && <Tag color="blue">{row.accountType}</Tag>}
                {statusTags(row)}
              </Flex>
              <Flex gap={16} wrap align="center" className="br-consigner-toggles">
                {row.isStoreAccount ? (
                  enabledSwitch(row)
                ) : (
                  <label>
                    {enabledSwitch(row)} <span>Enabled</span>
                  </label>
                )}
                <label>
                  {marketplaceSwitch(row)} <span>Marketplace access</span>
                </label>
              </Flex>
            </div>
          ))
        }
        table={{ columns, onRow: () => ({ 'data-testid': 'consigner-row' }) as HTMLAttributes<HTMLElement> }}
      />
      <ListPagination page={state.page} pageSize={state.pageSize} total={total} isMobile={isMobile} onChange={(p, size) => state.setPage(p, size)} testId="consigners-pagination" />
    </Card>
  );
}
