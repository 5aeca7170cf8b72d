import { useRef } from 'react'
import { t } from '#src/lib/i18n'
import { openConsentSettings, preloadConsentSettings, useConsent } from './consent-store'
import './consent-embed.css'

interface ConsentEmbedProps {
  /** Accessible title of the embedded frame. */
  title: string
  /** Third-party URL (for example a youtube-nocookie.com player). */
  src: string
  width: number
  height: number
}

/**
 * Third-party content that needs the `functional` group: a placeholder of the same size until it is
 * allowed, then the frame itself, without a reload.
 */
export function ConsentEmbed({ title, src, width, height }: ConsentEmbedProps) {
  const consent = useConsent()
  const allowed = consent.ready && consent.enabled.has('functional')
  const embedRef = useRef<HTMLDivElement>(null)
  // Allowing the video replaces the button that had focus: the player takes it, where the visitor was.
  const openSettings = () => openConsentSettings(() => embedRef.current?.querySelector('iframe') ?? null)
  return (
    <div ref={embedRef} className="consent-embed">
      {allowed ? (
        <iframe
          className="consent-embed__frame"
          src={src}
          title={title}
          width={width}
          height={height}
          loading="lazy"
          allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <div className="consent-embed__placeholder" role="group" aria-label={title}>
          <p lang="en">{t('consent.embedBlocked')}</p>
          <button type="button" className="button button--primary" onClick={openSettings} {...preloadConsentSettings}>
            {t('consent.embedEnable')}
          </button>
        </div>
      )}
    </div>
  )
}
