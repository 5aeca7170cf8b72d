import tippy from 'tippy.js'
import { MENU_TOOLTIP_PROPS } from './tooltip-config'

export interface MenuPopper {
  show(): void
  hide(): void
  destroy(): void
}

interface MenuPopperOptions {
  /** The menu item: the hover area and the element the panel is placed under. */
  item: HTMLElement
  /** The panel's wrapper, rendered by React inside the item. */
  popper: HTMLDivElement
  /** The panel itself, hidden while closed. */
  panel: HTMLElement
  onOpenChange(open: boolean): void
}

/**
 * Hands a dropdown's timing and placement to tippy.js, loaded on the first sign of intent
 * (docs/decisions/022-header-dropdowns.md). tippy positions the page's own panel (headless: no tippy
 * markup, no tippy stylesheet) and reports every show and hide, so the disclosure button stays right.
 */
export function attachMenuPopper({ item, popper, panel, onOpenChange }: MenuPopperOptions): MenuPopper {
  const instance = tippy(item, {
    ...MENU_TOOLTIP_PROPS,
    render: () => ({ popper }),
    onShow() {
      // Unhidden before tippy measures it; React's own render then agrees.
      panel.hidden = false
      onOpenChange(true)
    },
    onHide() {
      onOpenChange(false)
    },
    onHidden() {
      // tippy takes a hidden popper out of the document; React still owns it, so it goes back in place.
      if (!popper.isConnected) item.append(popper)
    },
  })
  return {
    show: () => instance.show(),
    hide: () => instance.hide(),
    destroy() {
      instance.destroy()
      if (!popper.isConnected) item.append(popper)
      // Back to the stylesheet's placement (and to the flow of the mobile menu).
      popper.removeAttribute('style')
      popper.removeAttribute('data-tippy-root')
      popper.removeAttribute('id')
    },
  }
}
