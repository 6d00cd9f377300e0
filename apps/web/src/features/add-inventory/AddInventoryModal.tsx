import { useMemo, useState } from 'react';
import { Alert, App, Button, Empty, Flex, Image, Modal, Select, Spin, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { INVENTORY_MESSAGES, templateOptionNames, validateInventoryRow, type SignedInUser } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { useIsMobile } from '../../shared/hooks';
import { subLocationsOf, useLocations, useProductTemplates, useSubLocations, type ProductTemplate } from '../../shared/lookups.api';
import { useMe } from '../auth/auth.api';
import { useCurrentStore } from '../store/store.api';
import { ProductRequestCard } from '../store-requests/ProductRequestCard';
import { useCatalogueProduct, useCreateInventories, useLowestVariantPrices, useRefetchAfterAdd, type CreatedInventory, type InventoryFormRow } from './add-inventory.api';
import { ADDED_TOAST_SECONDS, addedToast } from './added-toast';
import { DraftRowsEditor } from './DraftRowsEditor';
import { Field } from './Field';
import { rowTemplate, sortedOption1Values, toFormRow } from './rows';
import { SizePicker } from './SizePicker';
import { useConsignerOptions } from './useConsignerOptions';
import { useDraftRows } from './useDraftRows';

export interface AddInventoryModalProps {
  /** The product to list; the modal shows nothing while it is null. */
  productId: string | null;
  open: boolean;
  onClose: () => void;
  /** Called once the items exist (before the 500 ms re-fetch). */
  onAdded?: (items: CreatedInventory[]) => void;
  /**
   * The consigner portal's review list: Add Product hands the checked rows here instead of creating
   * them (catalogue doc section 2, the review bar). The modal waits for it and closes when it resolves;
   * a rejection keeps the modal open with the error shown.
   */
  onAddToReview?: (entry: ReviewEntryInput) => Promise<unknown>;
}

/** What Add Product hands to a review list: the product as shown, and one form row per listing row. */
export interface ReviewEntryInput {
  product: { id: string; title: string; sku: string; image: string | null };
  rows: InventoryFormRow[];
}

/**
 * The Add Inventory modal (catalogue doc section 2): template, location and sizes, then one row per
 * size with its options, price, quantity, consigner and live fee figures. Width 1200 on desktop;
 * rows become stacked cards on a phone.
 */
export function AddInventoryModal({ productId, open, onClose, onAdded, onAddToReview }: AddInventoryModalProps) {
  const isMobile = useIsMobile();
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={isMobile ? '100%' : 1200}
      style={isMobile ? { top: 0, maxWidth: '100vw', padding: 0 } : { top: 32 }}
      title="Add Inventory"
      destroyOnHidden
      data-testid="add-inventory-modal"
    >
      {productId && <AddInventoryForm key={productId} productId={productId} onClose={onClose} onAdded={onAdded} onAddToReview={onAddToReview} />}
    </Modal>
  );
}

function AddInventoryForm({
  productId,
  onClose,
  onAdded,
  onAddToReview,
}: {
  productId: string;
  onClose: () => void;
  onAdded?: AddInventoryModalProps['onAdded'];
  onAddToReview?: AddInventoryModalProps['onAddToReview'];
}) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const me = useMe();
  const user: SignedInUser | null = me.data?.status === 'signedIn' ? me.data.user : null;
  const isConsigner = user?.kind === 'consigner';
  const store = useCurrentStore();
  const currency = store?.currency ?? 'USD';

  const product = useCatalogueProduct(productId);
  const templates = useProductTemplates();
  const locations = useLocations();
  const subLocations = useSubLocations();
  const consigners = useConsignerOptions(user);
  const lowest = useLowestVariantPrices(productId);
  const create = useCreateInventories();
  const refetchAfterAdd = useRefetchAfterAdd();
  const [reviewing, setReviewing] = useState(false);

  const [pickedTemplateId, setTemplateId] = useState<string | null>(null);
  const [location, setLocation] = useState<string | null>(null);
  const [subLocation, setSubLocation] = useState<string | null>(null);

  const templateId = pickedTemplateId ?? product.data?.productTemplateId ?? null;
  const template: ProductTemplate | null = templates.data?.find((t) => t.id === templateId) ?? null;
  const sizes = useMemo(() => sortedOption1Values(template), [template]);
  const lowestBySize = useMemo(() => new Map((lowest.data ?? []).map((v) => [v.option1Value ?? '', v.price])), [lowest.data]);
  // A consigner lists for themselves; staff choose a consigner per row (carried over to the next).
  const draft = useDraftRows(template, isConsigner && user ? user.id : null);
  const { rows } = draft;

  // ONLINE MARKETPLACE only for users with marketplaceLocation (catalogue doc section 2).
  const locationOptions = (locations.data ?? []).filter((l) => !l.isMarketplace || user?.marketplaceLocation).map((l) => ({ value: l.name, label: l.name }));
  const subLocationOptions = subLocationsOf(subLocations.data, location).map((s) => ({ value: s.name, label: s.name }));

  if (product.isPending || templates.isPending || me.isPending) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin size="large" />
      </Flex>
    );
  }
  if (product.isError) return <Alert type="error" showIcon title={errorMessage(product.error)} />;
  const p = product.data;

  const changeTemplate = (id: string) => {
    setTemplateId(id);
    draft.clear();
  };

  const submit = () => {
    if (!template) {
      message.warning(INVENTORY_MESSAGES.selectProductTemplate);
      return;
    }
    if (rows.length === 0) {
      message.warning(INVENTORY_MESSAGES.rowIncomplete(templateOptionNames(rowTemplate(template))));
      return;
    }
    for (const row of rows) {
      const refused = validateInventoryRow(row, rowTemplate(template), { requireConsigner: true });
      if (refused) {
        draft.setInvalidKey(row.key);
        message.warning(refused);
        return;
      }
    }
    draft.setInvalidKey(null);
    if (!location) {
      message.warning(INVENTORY_MESSAGES.selectLocation);
      return;
    }
    const formRows = rows.map((r) => toFormRow(r, p.id, template.category, { location, subLocation }));
    if (onAddToReview) {
      if (reviewing) return;
      setReviewing(true);
      onAddToReview({ product: { id: p.id, title: p.title, sku: p.sku, image: p.image }, rows: formRows }).then(
        () => {
          setReviewing(false);
          onClose();
        },
        (error: unknown) => {
          setReviewing(false);
          message.error(errorMessage(error));
        },
      );
      return;
    }
    create.mutate(
      formRows,
      {
        onSuccess: (items) => {
          // staff get the new items' codes, each a link to its item page; a consigner has no item page
          if (isConsigner) message.success(INVENTORY_MESSAGES.added(p.title));
          else message.success({ content: addedToast(p.title, items, navigate), duration: ADDED_TOAST_SECONDS });
          refetchAfterAdd();
          onAdded?.(items);
          onClose();
        },
        onError: (error) => message.error(errorMessage(error)),
      },
    );
  };

  return (
    <Flex vertical gap={16} data-testid="add-inventory-form">
      <Flex gap={16} align="center">
        <Image
          src={p.image ?? undefined}
          alt={p.title}
          width={isMobile ? 64 : 88}
          height={isMobile ? 64 : 88}
          style={{ objectFit: 'contain', background: '#fafafa', borderRadius: 8 }}
          preview={false}
          fallback="data:image/gif;base64,R0lGODlhAQABAAAAACw="
        />
        <Flex vertical>
          <Typography.Title level={isMobile ? 5 : 4} style={{ margin: 0 }} data-testid="add-inventory-title">
            {p.title}
          </Typography.Title>
          <Typography.Text type="secondary">
            {[p.brand, p.sku].filter(Boolean).join(' · ')}
          </Typography.Text>
        </Flex>
      </Flex>

      <Flex gap={12} wrap vertical={isMobile}>
        <Field label="Template">
          <Select
            aria-label="Template"
            value={templateId ?? undefined}
            placeholder="Select a template"
            onChange={changeTemplate}
            options={(templates.data ?? []).map((t) => ({ value: t.id, label: t.category ? `${t.title} (${t.category})` : t.title }))}
            style={{ width: isMobile ? '100%' : 240 }}
          />
        </Field>
        <Field label="Location">
          <Select
            aria-label="Location"
            value={location ?? undefined}
            placeholder="Select a location"
            loading={locations.isPending}
            onChange={(v: string) => {
              setLocation(v);
              setSubLocation(null);
            }}
            options={locationOptions}
            style={{ width: isMobile ? '100%' : 220 }}
          />
        </Field>
        {subLocationOptions.length > 0 && (
          <Field label="Sub-location (optional)">
            <Select
              aria-label="Sub-location"
              allowClear
              value={subLocation ?? undefined}
              placeholder="Any"
              onChange={(v: string | undefined) => setSubLocation(v ?? null)}
              options={subLocationOptions}
              style={{ width: isMobile ? '100%' : 180 }}
            />
          </Field>
        )}
      </Flex>

      <ProductRequestCard
        productId={p.id}
        location={location}
        marketplace={(locations.data ?? []).some((l) => l.isMarketplace && l.name === location)}
        currency={currency}
        heading={isConsigner ? `${store?.name ?? 'The store'} is looking for this` : 'Your store is asking consigners for this'}
      />

      {!template ? (
        <Alert type="info" showIcon title={INVENTORY_MESSAGES.selectProductTemplate} />
      ) : (
        <SizePicker
          template={template}
          sizes={sizes}
          picked={new Set(rows.map((r) => r.option1Value))}
          lowestBySize={lowestBySize}
          currency={currency}
          onToggle={draft.toggleSize}
        />
      )}

      {template && rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`Pick a ${template.option1.toLowerCase()} above to add a row for it.`} />
      ) : (
        <DraftRowsEditor draft={draft} template={template} product={p} currency={currency} consigners={consigners} />
      )}

      <Flex justify="end" gap={8} style={{ position: isMobile ? 'sticky' : undefined, bottom: 0, background: '#fff', paddingTop: 8 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" loading={create.isPending || reviewing} onClick={submit} data-testid="add-product">
          Add Product
        </Button>
      </Flex>
    </Flex>
  );
}
