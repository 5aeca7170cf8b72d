import { PhonePreview } from './phone-preview'
import type { BrandingScreenContent, MockBrand } from './product-screen-types'
import { ScreenWindow } from './screen-window'

/** The branding step: logo, colours and fonts of the client, applied at once to the phone preview. */
export function BrandingScreen({ content, brand }: { content: BrandingScreenContent; brand: MockBrand }) {
  return (
    <ScreenWindow window={content.window} caption={content.caption} variant="branding">
      <div className="branding">
        <div className="branding__settings">
          <p className="mock-field__label">{content.logoLabel}</p>
          <div className="branding__logo">
            <svg viewBox="0 0 40 40" width="40" height="40">
              <circle cx="20" cy="20" r="20" fill={brand.colours.primary} />
              <text x="20" y="24.5" textAnchor="middle" fontSize="13" fontWeight="800" fill="#ffffff">
                {brand.initials}
              </text>
            </svg>
            <span>{content.logoFile}</span>
          </div>
          <p className="mock-field__label">{content.coloursLabel}</p>
          <ul className="branding__colours">
            {content.colours.map((colour) => (
              <li key={colour.role}>
                <svg viewBox="0 0 24 24" width="24" height="24">
                  <rect width="24" height="24" rx="6" fill={brand.colours[colour.role]} stroke="#0d1530" strokeOpacity="0.15" />
                </svg>
                <span>
                  {colour.label}
                  <code>{brand.colours[colour.role]}</code>
                </span>
              </li>
            ))}
          </ul>
          <p className="mock-field__label">{content.fontsLabel}</p>
          <ul className="branding__fonts">
            {content.fonts.map((font) => (
              <li key={font.role}>
                <svg viewBox="0 0 34 24" width="34" height="24">
                  <text x="0" y="19" fontSize="20" fontWeight="700" fontFamily={font.family} fill="#0d1530">
                    Aa
                  </text>
                </svg>
                <span>
                  {font.role}
                  <strong>{font.name}</strong>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <div className="branding__preview">
          <PhonePreview brand={brand} screen={content.phone} />
        </div>
      </div>
    </ScreenWindow>
  )
}
