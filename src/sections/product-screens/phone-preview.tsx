import type { MockBrand, PhoneScreen } from './product-screen-types'

/** The player's phone, drawn in SVG so the client's colours come from the content (no inline style). */
export function PhonePreview({ brand, screen }: { brand: MockBrand; screen: PhoneScreen }) {
  const { primary, accent, background, text } = brand.colours
  const answersTop = 118 + screen.questionLines.length * 16
  return (
    <svg className="phone-preview" viewBox="0 0 180 340" width="180" height="340" aria-hidden="true">
      <rect width="180" height="340" rx="26" fill="#0d1530" />
      <rect x="7" y="7" width="166" height="326" rx="20" fill={background} />
      <path d="M7 27a20 20 0 0 1 20-20h126a20 20 0 0 1 20 20v41H7z" fill={primary} />
      <rect x="68" y="13" width="44" height="7" rx="3.5" fill="#0d1530" />
      <circle cx="30" cy="46" r="12" fill={accent} />
      <text x="30" y="49.5" textAnchor="middle" fontSize="9.5" fontWeight="800" fill={text}>
        {brand.initials}
      </text>
      <text x="49" y="50" fontSize="12" fontWeight="700" fill="#ffffff">
        {brand.name}
      </text>
      <text x="20" y="88" fontSize="9" fontWeight="600" fill={text}>
        {screen.progress}
      </text>
      <rect x="20" y="94" width="140" height="5" rx="2.5" fill={text} fillOpacity="0.12" />
      <rect x="20" y="94" width={140 * screen.done} height="5" rx="2.5" fill={accent} />
      {screen.questionLines.map((line, index) => (
        <text key={line} x="20" y={124 + index * 16} fontSize="12.5" fontWeight="800" fill={text}>
          {line}
        </text>
      ))}
      {screen.answers.map((answer, index) => {
        const chosen = index === screen.chosen
        const top = answersTop + index * 34
        return (
          <g key={answer}>
            <rect x="20" y={top} width="140" height="26" rx="9" fill={chosen ? accent : '#ffffff'} stroke={text} strokeOpacity={chosen ? 0 : 0.18} />
            <circle cx="33" cy={top + 13} r="4.5" fill={chosen ? text : 'none'} stroke={text} strokeOpacity={chosen ? 1 : 0.4} />
            <text x="44" y={top + 16.5} fontSize="10.5" fontWeight={chosen ? 800 : 500} fill={text}>
              {answer}
            </text>
          </g>
        )
      })}
      <rect x="20" y="280" width="140" height="30" rx="15" fill={primary} />
      <text x="90" y="299" textAnchor="middle" fontSize="11" fontWeight="800" fill="#ffffff">
        {screen.button}
      </text>
      <text x="90" y="324" textAnchor="middle" fontSize="8" fill={text} fillOpacity="0.6">
        {screen.footer}
      </text>
    </svg>
  )
}
