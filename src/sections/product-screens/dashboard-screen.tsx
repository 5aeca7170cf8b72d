import type { DashboardScreenContent } from './product-screen-types'
import { ScreenWindow } from './screen-window'

/** 12 345 → « 12 345 », the same in the prerender and in every browser. */
const thousands = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f')

const CHART = { width: 320, height: 120, top: 8, bottom: 22, left: 6, right: 6 }

/** Participations per day as an area chart; the dates under it are every third day's. */
function ParticipationsChart({ days }: { days: DashboardScreenContent['days'] }) {
  const max = Math.max(...days.map((day) => day.participations)) * 1.1
  const innerWidth = CHART.width - CHART.left - CHART.right
  const innerHeight = CHART.height - CHART.top - CHART.bottom
  const points = days.map((day, index) => ({
    x: CHART.left + (innerWidth * index) / Math.max(1, days.length - 1),
    y: CHART.top + innerHeight * (1 - day.participations / max),
  }))
  const line = points.map((point) => `${point.x.toFixed(1)} ${point.y.toFixed(1)}`).join('L')
  const base = CHART.top + innerHeight
  const last = points[points.length - 1]
  return (
    <svg className="dashboard__chart" viewBox={`0 0 ${CHART.width} ${CHART.height}`} width={CHART.width} height={CHART.height}>
      {[0.25, 0.5, 0.75].map((share) => (
        <path key={share} d={`M${CHART.left} ${CHART.top + innerHeight * share}H${CHART.width - CHART.right}`} stroke="#d3dbec" strokeDasharray="3 4" />
      ))}
      <path d={`M${CHART.left} ${base}L${line}L${CHART.width - CHART.right} ${base}Z`} fill="#ffb020" fillOpacity="0.22" />
      <path d={`M${line}`} fill="none" stroke="#e08a00" strokeWidth="2.5" strokeLinejoin="round" strokeLinecap="round" />
      {last ? <circle cx={last.x} cy={last.y} r="4" fill="#ffffff" stroke="#e08a00" strokeWidth="2.5" /> : null}
      {points.map((point, index) =>
        index % 3 === 0 ? (
          <text key={index} x={point.x} y={CHART.height - 6} fontSize="9" fill="#4a5675" textAnchor={index === 0 ? 'start' : 'middle'}>
            {days[index]?.date}
          </text>
        ) : null,
      )}
    </svg>
  )
}

/** The statistics dashboard of a game, mid-campaign; every figure is also given as text in a table. */
export function DashboardScreen({ content }: { content: DashboardScreenContent }) {
  const data = (
    <details className="product-screen__data">
      <summary>{content.tableToggle}</summary>
      <p>{content.chartSummary}</p>
      <ul>
        {content.kpis.map((kpi) => (
          <li key={kpi.label}>
            {kpi.value} {kpi.label} ({kpi.note})
          </li>
        ))}
        {content.sources.map((source) => (
          <li key={source.label}>
            {content.sourcesTitle} : {source.label}, {source.share} %
          </li>
        ))}
      </ul>
      <table>
        <caption>{content.tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{content.tableHeaders[0]}</th>
            <th scope="col">{content.tableHeaders[1]}</th>
          </tr>
        </thead>
        <tbody>
          {content.days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{day.date}</th>
              <td>{thousands(day.participations)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  )
  return (
    <ScreenWindow window={content.window} caption={content.caption} variant="dashboard" after={data}>
      <div className="dashboard">
        <dl className="dashboard__kpis">
          {content.kpis.map((kpi) => (
            <div key={kpi.label}>
              <dt>{kpi.label}</dt>
              <dd>{kpi.value}</dd>
              <dd className="dashboard__note">{kpi.note}</dd>
            </div>
          ))}
        </dl>
        <div className="dashboard__panel">
          <p className="dashboard__title">{content.chartTitle}</p>
          <ParticipationsChart days={content.days} />
        </div>
        <div className="dashboard__panel">
          <p className="dashboard__title">{content.sourcesTitle}</p>
          <ul className="dashboard__sources">
            {content.sources.map((source) => (
              <li key={source.label}>
                <span>{source.label}</span>
                <svg viewBox="0 0 100 8" width="100" height="8" preserveAspectRatio="none">
                  <rect width="100" height="8" rx="4" fill="#e7ecf7" />
                  <rect width={source.share} height="8" rx="4" fill="#12306e" />
                </svg>
                <strong>{source.share} %</strong>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </ScreenWindow>
  )
}
