import { useState, type ReactNode } from 'react';
import { Button, Flex, Tag, Typography } from 'antd';
import type { TStoreRequestProduct } from '@backroom/domain';
import { formatPrice } from '../../shared/format';
import { ItemImage } from '../../shared/ui/ItemImage';
import './store-requests.css';

/** How many sizes a card shows before its More sizes toggle (catalogue doc section 2). */
const SIZES_SHOWN = 3;

/** The requested range, or that any price is welcome. */
function RangeTag({ range, currency }: { range: TStoreRequestProduct['priceRange']; currency: string }) {
  return range ? (
    <Tag color="blue" style={{ marginInlineEnd: 0 }} data-testid="request-range">
      {formatPrice(range.low, currency)} – {formatPrice(range.high, currency)}
    </Tag>
  ) : (
    <Tag style={{ marginInlineEnd: 0 }} data-testid="request-range">
      Any price
    </Tag>
  );
}

/** The requested sizes: the first three, then a More sizes toggle that shows the rest. */
function RequestSizes({ sizes }: { sizes: string[] }) {
  const [all, setAll] = useState(false);
  if (sizes.length === 0) return null;
  const shown = all ? sizes : sizes.slice(0, SIZES_SHOWN);
  const hidden = sizes.length - SIZES_SHOWN;
  return (
    <Flex gap={4} wrap align="center" data-testid="request-sizes">
      <Typography.Text type="secondary" className="br-sr-sub" style={{ marginInlineEnd: 2 }}>
        Sizes
      </Typography.Text>
      {shown.map((s) => (
        <Tag key={s} style={{ marginInlineEnd: 0 }} data-testid="request-size">
          {s}
        </Tag>
      ))}
      {hidden > 0 && (
        <Button type="link" size="small" style={{ paddingInline: 2, height: 22 }} aria-expanded={all} onClick={() => setAll(!all)} data-testid="more-sizes">
          {all ? 'Fewer sizes' : `More sizes (${hidden})`}
        </Button>
      )}
    </Flex>
  );
}

/**
 * One store request's card (Request Items, Store Request, the public catalogue, the Add Inventory
 * modal): image, title, brand and SKU, the sizes (3, then More sizes), and the range. `places` lists
 * the locations it is requested at with each one's range (the modal, which may span locations);
 * without it the card is the product's request at the list's location. `showProduct` false leaves the
 * image, title and SKU out where the screen shows them already (the modal's header).
 */
export function StoreRequestCard({
  product,
  currency,
  heading,
  places,
  action,
  showProduct = true,
  testId = 'request-card',
}: {
  product: TStoreRequestProduct;
  currency: string;
  heading?: ReactNode;
  places?: Pick<TStoreRequestProduct, 'location' | 'priceRange'>[];
  action?: ReactNode;
  showProduct?: boolean;
  testId?: string;
}) {
  return (
    <div className="br-sr-card" data-testid={testId} data-sku={product.sku}>
      {showProduct && <ItemImage src={product.image} size={72} className="br-sr-image" alt="" />}
      <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
        {heading && (
          <Typography.Text strong className="br-sr-heading" data-testid="request-heading">
            {heading}
          </Typography.Text>
        )}
        {showProduct && (
          <>
            <Typography.Text strong={!heading} className="br-sr-title" title={product.title} data-testid="request-title">
              {product.title}
            </Typography.Text>
            <Typography.Text type="secondary" className="br-sr-sub" title={product.sku}>
              {product.brand} · {product.sku}
            </Typography.Text>
          </>
        )}
        <RequestSizes sizes={product.sizes} />
        {places ? (
          <Flex vertical gap={4} style={{ paddingTop: 4 }}>
            {places.map((p) => (
              <Flex key={p.location} gap={8} align="center" wrap data-testid="request-place">
                <Typography.Text style={{ minWidth: 90 }}>{p.location}</Typography.Text>
                <RangeTag range={p.priceRange} currency={currency} />
              </Flex>
            ))}
            {action}
          </Flex>
        ) : (
          <Flex gap={8} align="center" justify="space-between" wrap style={{ marginTop: 'auto', paddingTop: 4 }}>
            <RangeTag range={product.priceRange} currency={currency} />
            {action}
          </Flex>
        )}
      </Flex>
    </div>
  );
}
