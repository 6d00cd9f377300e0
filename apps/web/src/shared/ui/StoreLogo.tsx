import { useState } from 'react';

export const DEFAULT_LOGO = '/backroom-logo.svg';

/** The store's logo, falling back to the default image when it is missing or fails to load (spec 8). */
export function StoreLogo({ src, alt, size = 64 }: { src: string | null | undefined; alt: string; size?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const wanted = src || DEFAULT_LOGO;
  const shown = failed === wanted ? DEFAULT_LOGO : wanted;
  return (
    <img
      src={shown}
      alt={alt}
      height={size}
      data-testid="store-logo"
      // Logos come in every shape: keep the height, let the width follow up to a sensible bound.
      style={{ objectFit: 'contain', borderRadius: 12, width: 'auto', maxWidth: size * 4 }}
      onError={() => setFailed(wanted)}
    />
  );
}
