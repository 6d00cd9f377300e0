import { useEffect, useState } from 'react';
import { App, Button, Flex, Form, Input, Modal, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { EditOutlined, EnvironmentOutlined, InboxOutlined, RollbackOutlined, ShopOutlined } from '@ant-design/icons';
import { LOCATION_MESSAGES } from '@backroom/domain';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api';
import { SettingsEmpty, SettingsListCard, SettingsRows } from '../../shared/ui/SettingsList';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { useAllLocations, useCreateLocation, useUpdateLocation, type StoreLocation } from './locations.api';

/** null: closed; 'new': add; a location: rename it. */
type Editing = null | 'new' | StoreLocation;

function NameDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name?: string }>();
  const create = useCreateLocation();
  const update = useUpdateLocation();
  const renaming = editing !== null && editing !== 'new' ? editing : null;
  useEffect(() => {
    if (editing) form.setFieldsValue({ name: renaming?.name ?? '' });
  }, [editing, renaming, form]);

  const done = (text: string) => {
    // a refusal shown before ("There is already a location named ...") must not sit over the success
    message.destroy();
    message.success(text);
    onClose();
  };
  const failed = (error: unknown) => message.error(errorMessage(error), 5);
  const submit = ({ name }: { name?: string }) => {
    const value = (name ?? '').trim();
    if (renaming) update.mutate({ id: renaming.id, name: value }, { onSuccess: (l) => done(`Renamed to ${l.name}`), onError: failed });
    else create.mutate(value, { onSuccess: (l) => done(`${l.name} added`), onError: failed });
  };

  return (
    <Modal
      title={renaming ? `Rename ${renaming.name}` : 'Add location'}
      open={editing !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={renaming ? 'Rename' : 'Add'}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
      forceRender
    >
      {renaming && (
        <Typography.Paragraph type="secondary">
          Items, sublocations and labels at {renaming.name} take the new name at once; each item&apos;s history records the change.
        </Typography.Paragraph>
      )}
      <Form form={form} name="locationName" layout="vertical" onFinish={submit}>
        <Form.Item name="name" label="Location name" rules={[{ required: true, whitespace: true, message: LOCATION_MESSAGES.nameRequired }, { max: 200 }]} extra={renaming ? undefined : 'A shop floor, a branch or a warehouse, e.g. Downtown'}>
          <Input autoFocus placeholder="e.g. Downtown" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function Actions({ location, onRename, compact }: { location: StoreLocation; onRename: () => void; compact: boolean }) {
  const { message } = App.useApp();
  const update = useUpdateLocation();
  if (location.isMarketplace) {
    // on a phone the row's tag says it already
    if (compact) return null;
    return (
      <Tooltip title="Items here are sold online and shipped by the consigner; this location keeps its name.">
        <Tag icon={<ShopOutlined />}>Fixed</Tag>
      </Tooltip>
    );
  }
  // a finger's size on a phone (icon-only buttons there)
  const size = compact ? 'middle' : 'small';
  const setArchived = (archived: boolean) =>
    update.mutate(
      { id: location.id, archived },
      { onSuccess: (l) => message.success(archived ? `${l.name} archived` : `${l.name} is back in the pickers`), onError: (e) => message.error(errorMessage(e), 5) },
    );
  return (
    <Space size={compact ? 8 : 4}>
      <Button size={size} icon={<EditOutlined />} onClick={onRename} aria-label={`Rename ${location.name}`}>
        {compact ? null : 'Rename'}
      </Button>
      {location.archived ? (
        <Button size={size} icon={<RollbackOutlined />} loading={update.isPending} onClick={() => setArchived(false)} aria-label={`Restore ${location.name}`}>
          {compact ? null : 'Restore'}
        </Button>
      ) : (
        <Popconfirm
          title={`Archive ${location.name}?`}
          description="It leaves every location picker. Its items stay there with their history."
          okText="Archive"
          onConfirm={() => setArchived(true)}
        >
          <Button size={size} icon={<InboxOutlined />} loading={update.isPending} aria-label={`Archive ${location.name}`}>
            {compact ? null : 'Archive'}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}

function NameCell({ location }: { location: StoreLocation }) {
  return (
    <Flex gap={8} align="center" wrap>
      <Typography.Text strong type={location.archived ? 'secondary' : undefined}>
        {location.name}
      </Typography.Text>
      {location.isMarketplace && (
        <Tooltip title="Items here are sold online and shipped by the consigner; this location keeps its name.">
          <Tag color="blue">Online marketplace</Tag>
        </Tooltip>
      )}
      {location.archived && <Tag>Archived</Tag>}
    </Flex>
  );
}

/** /locations (Settings): add, rename and archive the store's locations (docs/catalogue.md "Locations"). */
export default function LocationsPage() {
  useDocumentTitle('Locations');
  const isMobile = useIsMobile();
  const locations = useAllLocations();
  const [editing, setEditing] = useState<Editing>(null);
  const rows = locations.data ?? [];
  const physical = rows.filter((l) => !l.isMarketplace && !l.archived).length;

  const columns: TableColumnsType<StoreLocation> = [
    { title: 'Location', key: 'name', render: (_, l) => <NameCell location={l} /> },
    { title: '', key: 'actions', width: 220, align: 'right', render: (_, l) => <Actions location={l} onRename={() => setEditing(l)} compact={false} /> },
  ];
  const empty = <SettingsEmpty text="No locations yet. Add the shop floor or warehouse where items are kept." addLabel="Add location" onAdd={() => setEditing('new')} />;

  return (
    <SettingsListCard icon={<EnvironmentOutlined />} title="Locations" addLabel="Add location" onAdd={() => setEditing('new')} isMobile={isMobile}>
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        Where items are kept: a shop floor, a branch, a warehouse. Shelves and bins inside a location are its{' '}
        <Link to="/subLocations">sublocations</Link>.{' '}
        {!locations.isPending && `${physical} in use.`}
      </Typography.Paragraph>
      <SettingsRows
        query={locations}
        rows={rows}
        isMobile={isMobile}
        rowTestId="location-row"
        empty={empty}
        columns={columns}
        phoneRow={(l) => ({ content: <NameCell location={l} />, actions: [<Actions key="actions" location={l} onRename={() => setEditing(l)} compact />] })}
      />
      <NameDialog editing={editing} onClose={() => setEditing(null)} />
    </SettingsListCard>
  );
}
