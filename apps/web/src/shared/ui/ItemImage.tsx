import { memo } from 'react';

const PLACEHOLDER =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48"><rect width="48" height="48" rx="6" fill="#eef1f6"/></svg>');

/**
 * An item's or product's picture in a list row: a plain lazy <img> (a page of 500 rows stays fast),
 * a grey square when there is none or it fails to load. `className` sizes and rounds it per screen.
 */
export const ItemImage = memo(function ItemImage({ src, size = 48, alt = '', className }: { src: string | null; size?: number; alt?: string; className?: string }) {
  return (
    <img
      src={src || PLACEHOLDER}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={className}
      style={{ width: size, height: size }}
      onError={(e) => {
        if (e.currentTarget.src !== PLACEHOLDER) e.currentTarget.src = PLACEHOLDER;
      }}
    />
  );
});
