/**
 * A quiz learning object: one radio group per question (`<fieldset>` + `<legend>`),
 * 'Enviar respostas' checks that every question is answered (else an alert names what is
 * missing and focus moves to the first unanswered question), then reports
 * `{ answers: { questionId: optionId } }` through `onSubmit` — the `end` body's `data`
 * (docs/product.md §7). Once finished the answers are shown read-only with the server's grade
 * (`result`) when it has arrived; `readOnly` (preview) never submits.
 * Feedback and second chance: with the grade, each question says 'Resposta certa' /
 * 'Resposta errada' (its group's description), the score, whether it passed and the attempts;
 * when the platform allows another attempt (`result.can_retry`) and the quiz is not completed,
 * 'Tentar novamente' calls `onRetake` (the viewer opens a new attempt: a new start and end).
 * Once no attempt is left the platform may send the right answers (`result.correct_answers`): a
 * question answered wrong then says which option was right, in its description ('Resposta
 * errada. Resposta correta: …') and beside that option ('Resposta correta'), in text.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { Quiz, QuizAnswers, QuizResult } from '../../services/contract/lms';
import { QuizMessages as Q } from './quiz-messages';

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
  /** The platform counts the quiz as completed (passed, or no attempt left): no new attempt. */
  completed?: boolean;
  /** Starts a new attempt; 'Tentar novamente' is offered only with it. */
  onRetake?: () => void;
}

export function QuizForm({
  quiz,
  onSubmit,
  finished,
  result,
  readOnly = false,
  completed = false,
  onRetake,
}: QuizFormProps) {
  const intl = useIntl();
  const baseId = useId();
  const [answers, setAnswers] = useState<Record<string, string>>(() => result?.answers ?? {});
  const [missing, setMissing] = useState<number>(0);
  const [sent, setSent] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // A graded attempt is shown as it was sent; a new one starts with 'Tentar novamente'.
  const locked = finished || sent || result !== null;
  const shown = result?.answers ?? answers;
  /** true right, false wrong, null not graded (no result, or a server without per-question grading). */
  const feedbackOf = (questionId: string): boolean | null => result?.questions[questionId] ?? null;
  /** The right option of a question answered wrong, when the platform has shown it. */
  const revealedOf = (question: Quiz['questions'][number]) => {
    if (feedbackOf(question.id) !== false) return null;
    const id = result?.correct_answers?.[question.id];
    return question.options.find((option) => option.id === id) ?? null;
  };
  const canRetake = Boolean(result?.can_retry) && !completed && !readOnly && onRetake !== undefined;

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
      {quiz.questions.map((question, index) => {
        const revealed = revealedOf(question);
        return (
          <fieldset
            key={question.id}
            className="quiz-question"
            disabled={locked}
            aria-describedby={feedbackOf(question.id) === null ? undefined : `${baseId}-${question.id}-feedback`}
          >
            <legend>
              <span className="quiz-number">{intl.formatMessage(Q.questionNumber, { n: index + 1 })}</span>{' '}
              {question.text}
            </legend>
            {feedbackOf(question.id) !== null && (
              <p
                id={`${baseId}-${question.id}-feedback`}
                className={feedbackOf(question.id) ? 'quiz-feedback quiz-right' : 'quiz-feedback quiz-wrong'}
              >
                <span aria-hidden="true">{feedbackOf(question.id) ? '✓ ' : '✗ '}</span>
                {feedbackOf(question.id)
                  ? intl.formatMessage(Q.right)
                  : revealed
                    ? intl.formatMessage(Q.wrongWithAnswer, { answer: revealed.text })
                    : intl.formatMessage(Q.wrong)}
              </p>
            )}
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
                {revealed?.id === option.id && (
                  <>
                    {' '}
                    <span className="badge badge-success">
                      <span aria-hidden="true">✓ </span>
                      {intl.formatMessage(Q.correctOption)}
                    </span>
                  </>
                )}
              </label>
            ))}
          </fieldset>
        );
      })}
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
        {result ? (
          <>
            {intl.formatMessage(Q.result, { correct: result.correct, total: result.total })}
            {outcomeText(intl, result) && ` ${outcomeText(intl, result)}`}
          </>
        ) : locked && !readOnly ? (
          intl.formatMessage(Q.sent)
        ) : (
          ''
        )}
      </p>
      {canRetake && (
        <button type="button" className="button button-primary" onClick={onRetake}>
          {intl.formatMessage(Q.retake)}
        </button>
      )}
    </form>
  );
}

/** What a graded attempt means: passed, another attempt allowed, or no attempt left (with the count). */
function outcomeText(intl: ReturnType<typeof useIntl>, result: QuizResult): string {
  if (result.passed === null || result.pass_score === null) return '';
  const pass = result.pass_score;
  const attempts =
    result.max_attempts === null
      ? intl.formatMessage(Q.attempt, { attempts: result.attempts })
      : intl.formatMessage(Q.attemptsOf, { attempts: result.attempts, max: result.max_attempts });
  if (result.passed) return intl.formatMessage(Q.passed, { pass });
  if (result.can_retry) return `${intl.formatMessage(Q.notPassed, { pass })} ${attempts}`;
  return `${intl.formatMessage(Q.noAttemptsLeft, { pass })} ${attempts}`;
}
