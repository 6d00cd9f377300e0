// The bodies of the listing wizard's steps (catalogue doc section 2): an option value picked from a
// grid, the price step (the row editors shared with the Add Inventory modal), SHIP and the location.
import type { ReactNode } from 'react';
import { Button, Card, Empty, Flex, Image, Select, Tag, Typography } from 'antd';
import { CheckCircleTwoTone } from '@ant-design/icons';
import { useIsMobile } from '../../shared/hooks';
import { subLocationsOf, useLocations, useSubLocations } from '../../shared/lookups.api';
import type { CreatedInventory } from './add-inventory.api';
import { RowFigures } from './RowFigures';
import { ConsignerSelect, MinimumPriceInput, PriceInput, QuantityInput } from './RowEditors';
import type { DraftRow } from './rows';
import type { useConsignerOptions } from './useConsignerOptions';

/** One button per value; `extra` adds a line under the value (the lowest price of a size). */
export function ChoiceGrid({ values, value, onPick, extra }: { values: string[]; value: string | null; onPick: (v: string) => void; extra?: (v: string) => ReactNode }) {
  const isMobile = useIsMobile();
  if (values.length === 0) return <Empty description="This template lists no values for this option." />;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: `repeat(auto-fill, minmax(${isMobile ? 72 : 96}px, 1fr))`, gap: 8 }}>
      {values.map((v) => (
        <Button key={v} type={v === value ? 'primary' : 'default'} onClick={() => onPick(v)} style={{ height: extra ? 56 : 44 }} aria-pressed={v === value}>
          <Flex vertical align="center" gap={0}>
            <span style={{ fontWeight: 600 }}>{v}</span>
            {extra?.(v)}
          </Flex>
        </Button>
      ))}
    </div>
  );
}

export function PriceStep({
  row,
  onChange,
  currency,
  consigners,
  productId,
  category,
}: {
  row: DraftRow;
  onChange: (patch: Partial<DraftRow>) => void;
  currency: string;
  /** Staff pick the consigner here; a consigner lists for themselves (no select). */
  consigners: ReturnType<typeof useConsignerOptions> | null;
  productId: string;
  category: string | null;
}) {
  return (
    <Flex vertical gap={16} style={{ maxWidth: 420 }}>
      <Flex wrap gap={6}>
        {[row.option1Value, row.option2Value, row.option3Value].filter(Boolean).map((v) => (
          <Tag key={v} color="blue">
            {v}
          </Tag>
        ))}
      </Flex>
      <Flex gap={12}>
        <Flex vertical gap={4} style={{ flex: 2 }}>
          <Typography.Text type="secondary">Price</Typography.Text>
          <PriceInput row={row} onChange={onChange} label="Price" size="large" currency={currency} style={{ width: '100%' }} />
        </Flex>
        <Flex vertical gap={4} style={{ flex: 1 }}>
          <Typography.Text type="secondary">Quantity</Typography.Text>
          <QuantityInput row={row} onChange={onChange} label="Quantity" size="large" style={{ width: '100%' }} />
        </Flex>
      </Flex>
      <Flex vertical gap={4}>
        <Typography.Text type="secondary">Consigner's minimum</Typography.Text>
        <MinimumPriceInput row={row} onChange={onChange} label="Consigner's minimum" size="large" currency={currency} style={{ width: '100%' }} />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Optional: no markdown takes the price below it.
        </Typography.Text>
      </Flex>
      {consigners && (
        <Flex vertical gap={4}>
          <Typography.Text type="secondary">Consigner</Typography.Text>
          <ConsignerSelect row={row} onChange={onChange} label="Consigner" size="large" consigners={consigners} />
        </Flex>
      )}
      <RowFigures row={row} productId={productId} category={category} currency={currency} />
    </Flex>
  );
}

/** SHIP (consigners): the listing is submitted; the store's instructions for getting the item there. */
export function ShipStep({ shipInstructions, created }: { shipInstructions: string | null | undefined; created: CreatedInventory[] | null }) {
  return (
    <Flex vertical gap={16} data-testid="ship-step">
      <Flex align="center" gap={8}>
        <CheckCircleTwoTone twoToneColor="#52c41a" style={{ fontSize: 22 }} />
        <Typography.Text strong>Your listing was submitted for review.</Typography.Text>
      </Flex>
      <Typography.Title level={5} style={{ margin: 0 }}>
        How to ship or drop off your item
      </Typography.Title>
      {shipInstructions ? (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} data-testid="ship-instructions">
          {shipInstructions}
        </Typography.Paragraph>
      ) : (
        <Typography.Text type="secondary">The store has not written ship instructions yet. Contact the store for how to drop off.</Typography.Text>
      )}
      {created && created.length > 0 && (
        <Typography.Text type="secondary">
          Item code{created.length > 1 ? 's' : ''}: {created.map((c) => c.code).join(', ')}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** Location and optional sub-location; ONLINE MARKETPLACE only for users allowed it. */
export function LocationStep({
  isConsigner,
  marketplaceOk,
  location,
  subLocation,
  onLocation,
  onSubLocation,
}: {
  isConsigner: boolean;
  marketplaceOk: boolean;
  location: string | null;
  subLocation: string | null;
  onLocation: (v: string) => void;
  onSubLocation: (v: string | null) => void;
}) {
  const locations = useLocations();
  const subLocations = useSubLocations();
  return (
    <Flex vertical gap={16} style={{ maxWidth: 420 }}>
      <Typography.Text type="secondary">{isConsigner ? 'Where will you drop this item off?' : 'Where does this item go in the store?'}</Typography.Text>
      <Flex vertical gap={4}>
        <Typography.Text type="secondary">Location</Typography.Text>
        <Select
          aria-label="Location"
          size="large"
          placeholder="Select a location"
          loading={locations.isPending}
          value={location ?? undefined}
          onChange={onLocation}
          options={(locations.data ?? []).filter((l) => !l.isMarketplace || marketplaceOk).map((l) => ({ value: l.name, label: l.name }))}
        />
      </Flex>
      {subLocationsOf(subLocations.data, location).length > 0 && (
        <Flex vertical gap={4}>
          <Typography.Text type="secondary">Sub-location (optional)</Typography.Text>
          <Select
            aria-label="Sub-location"
            size="large"
            allowClear
            placeholder="Any"
            value={subLocation ?? undefined}
            onChange={(v: string | undefined) => onSubLocation(v ?? null)}
            options={subLocationsOf(subLocations.data, location).map((s) => ({ value: s.name, label: s.name }))}
          />
        </Flex>
      )}
    </Flex>
  );
}

/** The product the wizard lists, above the steps. */
export function WizardHeader({ product, isConsigner }: { product: { title: string; sku: string; image: string | null }; isConsigner: boolean }) {
  const isMobile = useIsMobile();
  return (
    <Card>
      <Flex gap={16} align="center">
        <Image
          src={product.image ?? undefined}
          alt={product.title}
          width={isMobile ? 56 : 72}
          height={isMobile ? 56 : 72}
          preview={false}
          style={{ objectFit: 'contain', background: '#fafafa', borderRadius: 8 }}
          fallback="data:image/gif;base64,R0lGODlhAQABAAAAACw="
        />
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12, letterSpacing: 1 }}>
            {isConsigner ? 'CREATE A LISTING' : 'ADD INVENTORY'}
          </Typography.Text>
          <Typography.Title level={isMobile ? 5 : 4} style={{ margin: 0 }} data-testid="wizard-product-title">
            {product.title}
          </Typography.Title>
          <Typography.Text type="secondary">{product.sku}</Typography.Text>
        </Flex>
      </Flex>
    </Card>
  );
}
