import { createLazyRoute } from '@tanstack/react-router'
import type { z } from 'zod'
import type { contactPageContent } from '#src/content-schema/page-schemas'
import { ContactForm } from '#src/features/contact-form/contact-form'
import { usePagePayload } from '#src/lib/payload'
import { PageIntro } from '#src/sections/page-intro/page-intro'

export const Route = createLazyRoute('/_site/contact')({ component: ContactPage })

type ContactContent = z.output<typeof contactPageContent>

function ContactPage() {
  const { page } = usePagePayload<ContactContent>('/contact')
  return (
    <>
      <PageIntro {...page} />
      <div className="container contact-page">
        <section className="contact-page__form" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">{page.formTitle}</h2>
          <ContactForm />
        </section>
        <aside className="contact-page__aside">
          {page.reassurance.map((item) => (
            <div key={item.title} className="contact-page__point">
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </div>
          ))}
        </aside>
      </div>
    </>
  )
}
