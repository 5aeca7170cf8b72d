import { bank, type Bank, type Tone } from './bank'
import { clip, mentionsAny, sentences, words } from './text-match'

/**
 * What the visitor's "additional information" asks for: a tone for the game's wording, prizes to put in
 * front of players, and the rest (a product, an offer, a date) to build questions on.
 */
export interface ExtraInformation {
  tone: Tone
  /** Sentences about what can be won: shown in the introduction and the closing message. */
  prizes: string[]
  /** Sentences about a product, an offer, the business: turned into questions. */
  announcements: string[]
}

/** Long enough for a real sentence, short enough for a question or an answer. */
const SENTENCE_MAX = 200
const TONE_SENTENCE_MAX_WORDS = 8

export function readExtraInformation(text: string | undefined, source: Bank = bank): ExtraInformation {
  const { toneInstruction, tones, prize } = source.signals
  let tone: Tone = 'warm'
  const prizes: string[] = []
  const announcements: string[] = []
  for (const sentence of sentences(text ?? '')) {
    const fun = mentionsAny(sentence, tones.fun)
    const elegant = mentionsAny(sentence, tones.elegant)
    const isToneInstruction = mentionsAny(sentence, toneInstruction) || ((fun || elegant) && words(sentence).length <= TONE_SENTENCE_MAX_WORDS)
    if (isToneInstruction) {
      if (fun) tone = 'fun'
      else if (elegant) tone = 'elegant'
      continue
    }
    const clipped = withFinalStop(clip(sentence, SENTENCE_MAX))
    if (mentionsAny(sentence, prize)) prizes.push(clipped)
    else announcements.push(clipped)
  }
  return { tone, prizes, announcements }
}

/** A sentence shown on its own ends with punctuation, as the visitor would have written it. */
function withFinalStop(sentence: string): string {
  return /[.!?…»”"]$/.test(sentence) ? sentence : `${sentence}.`
}
