/** Headline figures, each value above its label (the label is the term, the value its description). */
export function FigureList({ items, className = '' }: { items: { value: string; label: string }[]; className?: string }) {
  return (
    <dl className={`figures ${className}`.trim()}>
      {items.map((item) => (
        <div key={item.label} className="figure">
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  )
}
