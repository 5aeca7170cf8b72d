// Derived from the schema that checks the mock-ups of content/pages/application.json
// (src/content-schema/product-screens-schema.ts).
import type { z } from 'zod'
import type { brandingScreen, dashboardScreen, editorScreen, mockBrand, phoneScreen } from '#src/content-schema/product-screens-schema'

/** The client whose game the mock-ups show: its name, monogram and palette (SVG fills, hex values). */
export type MockBrand = z.output<typeof mockBrand>
/** One screen of the player's phone, as the game shows it (question lines are pre-broken for the SVG). */
export type PhoneScreen = z.output<typeof phoneScreen>
export type EditorScreenContent = z.output<typeof editorScreen>
export type WindowContent = EditorScreenContent['window']
export type BrandingScreenContent = z.output<typeof brandingScreen>
export type DashboardScreenContent = z.output<typeof dashboardScreen>
