/** The client whose game the mock-ups show: its name, monogram and palette (SVG fills, hex values). */
export interface MockBrand {
  name: string
  initials: string
  colours: { primary: string; accent: string; background: string; text: string }
}

/** One screen of the player's phone, as the game shows it (question lines are pre-broken for the SVG). */
export interface PhoneScreen {
  progress: string
  /** 0 to 1: how far the progress bar is filled. */
  done: number
  questionLines: string[]
  answers: string[]
  chosen: number
  button: string
  footer: string
}

export interface WindowContent {
  address: string
  title: string
  status: string
}

export interface EditorScreenContent {
  caption: string
  window: WindowContent
  steps: { label: string; done?: boolean; current?: boolean }[]
  panelTitle: string
  fields: { label: string; value: string }[]
  answersLabel: string
  answers: { text: string; correct?: boolean }[]
  settings: string[]
  phone: PhoneScreen
}

export interface BrandingScreenContent {
  caption: string
  window: WindowContent
  logoLabel: string
  logoFile: string
  coloursLabel: string
  colours: { label: string; role: keyof MockBrand['colours'] }[]
  fontsLabel: string
  fonts: { role: string; name: string; family: string }[]
  phone: PhoneScreen
}

export interface DashboardScreenContent {
  caption: string
  window: WindowContent
  kpis: { label: string; value: string; note: string }[]
  chartTitle: string
  /** Read by screen readers in place of the chart; the table below gives every value. */
  chartSummary: string
  days: { date: string; participations: number }[]
  sourcesTitle: string
  sources: { label: string; share: number }[]
  tableToggle: string
  tableCaption: string
  tableHeaders: [string, string]
}

export interface ProductScreensContent {
  brand: MockBrand
  editor: EditorScreenContent
  branding: BrandingScreenContent
  dashboard: DashboardScreenContent
}
