import { t } from '#src/lib/i18n'

interface ConsentEmbedProps {
  /** Accessible title of the embedded frame. */
  title: string
  /** Third-party URL (for example a youtube-nocookie.com player). */
  src: string
  width: number
  height: number
}

/** Third-party content that needs the `functional` cookie group: a placeholder until it is allowed. */
export function ConsentEmbed({ title }: ConsentEmbedProps) {
  return (
    <div className="consent-embed" role="group" aria-label={title}>
      <p>{t('consent.embedBlocked')}</p>
    </div>
  )
}
