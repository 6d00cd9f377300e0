import { useEffect, useState, type CSSProperties } from 'react';
import { PictureOutlined } from '@ant-design/icons';

/**
 * A product picture. When a URL fails to load the raw URL (without the query of a resized
 * variant) is tried once (spec 8: 'Image load failure falls back to the raw image URL'), then a
 * neutral placeholder shows instead of a broken-image icon.
 */
export function ProductImage({
  src,
  alt,
  size,
  style,
  rounded = 8,
  eager,
}: {
  src: string | null | undefined;
  alt: string;
  /** square side in px; omitted = fill the parent (the parent sets the box) */
  size?: number;
  style?: CSSProperties;
  rounded?: number;
  eager?: boolean;
}) {
  const [current, setCurrent] = useState(src ?? null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setCurrent(src ?? null);
    setFailed(false);
  }, [src]);

  const box: CSSProperties = {
    width: size ?? '100%',
    height: size ?? '100%',
    borderRadius: rounded,
    background: '#f5f6f8',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden',
    flex: 'none',
    ...style,
  };
  if (!current || failed) {
    return (
      <div style={box} role="img" aria-label={`${alt} (no image)`}>
        <PictureOutlined style={{ fontSize: size ? Math.max(16, size / 3) : 32, color: '#bfc5cf' }} />
      </div>
    );
  }
  return (
    <div style={box}>
      <img
        src={current}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        style={{ width: '100%', height: '100%', objectFit: 'contain' }}
        onError={() => {
          const raw = current.split('?')[0];
          if (src && raw !== current) setCurrent(raw);
          else setFailed(true);
        }}
      />
    </div>
  );
}
