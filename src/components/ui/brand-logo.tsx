interface BrandLogoProps {
  studio?: boolean
}

/** The Ludora wordmark: a die-like mark and the name, drawn inline so it never shifts the layout. */
export function BrandLogo({ studio = false }: BrandLogoProps) {
  return (
    <span className="brand-logo">
      <svg className="brand-logo__mark" width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect x="2" y="2" width="28" height="28" rx="8" fill="currentColor" />
        <circle cx="11" cy="11" r="3" fill="var(--color-accent)" />
        <circle cx="21" cy="21" r="3" fill="var(--color-accent)" />
        <circle cx="21" cy="11" r="3" className="brand-logo__dot" />
      </svg>
      <span className="brand-logo__name">
        Ludora{studio ? <span className="brand-logo__studio"> Studio</span> : null}
      </span>
    </span>
  )
}
