import type { ReactNode } from 'react'
import type { WindowContent } from './product-screen-types'
import './product-screens.css'

/**
 * A window of the Ludora application around a mock-up. The mock-up is a picture (aria-hidden): its
 * caption says what it shows, and the data that matter are given again as text where they are shown.
 */
export function ScreenWindow({ window, caption, variant, children, after }: { window: WindowContent; caption: string; variant: string; children: ReactNode; after?: ReactNode }) {
  return (
    <figure className={`product-screen product-screen--${variant}`}>
      <div className="screen" aria-hidden="true">
        <div className="screen__bar">
          <span className="screen__dots" />
          <span className="screen__address">{window.address}</span>
        </div>
        <div className="screen__head">
          <strong>{window.title}</strong>
          <span className="screen__status">{window.status}</span>
        </div>
        {children}
      </div>
      {after}
      <figcaption className="product-screen__caption">{caption}</figcaption>
    </figure>
  )
}
