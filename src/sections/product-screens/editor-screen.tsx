import { PhonePreview } from './phone-preview'
import type { EditorScreenContent, MockBrand } from './product-screen-types'
import { ScreenWindow } from './screen-window'

/** The game editor: the steps, the question being written, the phone preview updated as one types. */
export function EditorScreen({ content, brand }: { content: EditorScreenContent; brand: MockBrand }) {
  return (
    <ScreenWindow window={content.window} caption={content.caption} variant="editor">
      <div className="editor">
        <ol className="editor__steps">
          {content.steps.map((step) => (
            <li key={step.label} className={step.current ? 'is-current' : step.done ? 'is-done' : undefined}>
              {step.label}
            </li>
          ))}
        </ol>
        <div className="editor__panel">
          <p className="editor__title">{content.panelTitle}</p>
          {content.fields.map((field) => (
            <div key={field.label} className="mock-field">
              <span className="mock-field__label">{field.label}</span>
              <span className="mock-field__input">{field.value}</span>
            </div>
          ))}
          <div className="mock-field">
            <span className="mock-field__label">{content.answersLabel}</span>
            <ul className="editor__answers">
              {content.answers.map((answer) => (
                <li key={answer.text} className={answer.correct ? 'is-correct' : undefined}>
                  {answer.text}
                </li>
              ))}
            </ul>
          </div>
          <p className="editor__settings">
            {content.settings.map((setting) => (
              <span key={setting}>{setting}</span>
            ))}
          </p>
        </div>
        <div className="editor__preview">
          <PhonePreview brand={brand} screen={content.phone} />
        </div>
      </div>
    </ScreenWindow>
  )
}
