/**
 * A quiz learning object (issue 4): one radio group per question (`<fieldset>` + `<legend>`),
 * 'Enviar respostas' checks that every question is answered (else an alert names what is
 * missing and focus moves to the first unanswered question), then reports
 * `{ answers: { questionId: optionId } }` through `onSubmit` — the `end` body's `data`
 * (spec §7). Once finished the answers are shown read-only with the server's grade
 * (`result`) when it has arrived; `readOnly` (preview) never submits.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { Quiz, QuizAnswers, QuizResult } from '../../services/contract';
import { QuizMessages as Q } from './messages';

export interface QuizFormProps {
  quiz: Quiz;
  /** Answers given and accepted for sending; the form is then read-only. */
  onSubmit: (data: QuizAnswers) => void;
  /** The learning object is already finished (server, or an `end` waiting in the outbox). */
  finished: boolean;
  /** The server's grade of the finished quiz, when known. */
  result: QuizResult | null;
  /** Preview: the questions can be answered but nothing is sent. */
  readOnly?: boolean;
}

export function QuizForm({ quiz, onSubmit, finished, result, readOnly = false }: QuizFormProps) {
  const intl = useIntl();
  const baseId = useId();
  const [answers, setAnswers] = useState<Record<string, string>>(() => result?.answers ?? {});
  const [missing, setMissing] = useState<number>(0);
  const [sent, setSent] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const locked = finished || sent;
  const shown = result?.answers ?? answers;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (locked || readOnly) return;
    const unanswered = quiz.questions.filter((q) => !answers[q.id]);
    setMissing(unanswered.length);
    if (unanswered.length > 0) {
      form.current?.querySelector<HTMLInputElement>(`input[name="${baseId}-${unanswered[0]!.id}"]`)?.focus();
      return;
    }
    setSent(true);
    onSubmit({ answers });
  };

  return (
    <form ref={form} className="quiz" onSubmit={submit} noValidate>
      <p className="muted">{intl.formatMessage(readOnly ? Q.previewHint : Q.hint)}</p>
      {quiz.questions.map((question, index) => (
        <fieldset key={question.id} className="quiz-question" disabled={locked}>
          <legend>
            <span className="quiz-number">{intl.formatMessage(Q.questionNumber, { n: index + 1 })}</span>{' '}
            {question.text}
          </legend>
          {question.options.map((option) => (
            <label key={option.id} className="quiz-option">
              <input
                type="radio"
                name={`${baseId}-${question.id}`}
                value={option.id}
                checked={shown[question.id] === option.id}
                onChange={() => {
                  setAnswers((current) => ({ ...current, [question.id]: option.id }));
                  if (missing > 0)
                    setMissing(quiz.questions.filter((q) => q.id !== question.id && !answers[q.id]).length);
                }}
              />{' '}
              {option.text}
            </label>
          ))}
        </fieldset>
      ))}
      {missing > 0 && (
        <p role="alert" className="notice notice-error">
          {intl.formatMessage(Q.missing, { count: missing })}
        </p>
      )}
      {!locked && !readOnly && (
        <button type="submit" className="button button-primary">
          {intl.formatMessage(Q.submit)}
        </button>
      )}
      <p role="status" className="quiz-result">
        {result
          ? intl.formatMessage(Q.result, { correct: result.correct, total: result.total })
          : locked && !readOnly
            ? intl.formatMessage(Q.sent)
            : ''}
      </p>
    </form>
  );
}
