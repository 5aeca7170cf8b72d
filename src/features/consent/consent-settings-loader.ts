type ConsentSettingsModule = typeof import('./consent-settings')

let loading: Promise<ConsentSettingsModule> | undefined

/** The settings dialog is its own chunk: nobody needs it at first paint (docs/decisions/026-consent-keyboard.md). */
export function loadConsentSettings(): Promise<ConsentSettingsModule> {
  loading ??= import('./consent-settings').catch((error: unknown) => {
    // The next intent or click tries again.
    loading = undefined
    throw error
  })
  return loading
}

function preload(): void {
  // A failed preload is retried when the dialog is actually opened.
  loadConsentSettings().catch(() => undefined)
}

/** Spread on every button that opens the dialog: the chunk starts loading on intent, before the click. */
export const preloadConsentSettings = { onPointerDown: preload, onFocus: preload, onMouseEnter: preload }
