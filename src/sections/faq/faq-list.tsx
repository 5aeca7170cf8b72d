import './faq-list.css'

export interface FaqContent {
  title: string
  items: { question: string; answer: string }[]
}

/** Questions and answers as native disclosure widgets: keyboard and screen reader friendly, no script. */
export function FaqList({ title, items }: FaqContent) {
  return (
    <section className="faq" aria-labelledby="faq-title">
      <h2 id="faq-title">{title}</h2>
      {items.map((item) => (
        <details key={item.question} className="faq__item">
          <summary>{item.question}</summary>
          <p>{item.answer}</p>
        </details>
      ))}
    </section>
  )
}
