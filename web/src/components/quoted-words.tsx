/**
 * A participant's exact words between quotation marks. The marks are drawn for the eye and hidden from screen readers,
 * which read the words as they were said.
 */
export function QuotedWords({ text, markClassName, testId }: { text: string; markClassName: string; testId: string }) {
  return (
    <>
      <span className={markClassName} aria-hidden="true">
        “
      </span>
      <span data-testid={testId}>{text}</span>
      <span className={markClassName} aria-hidden="true">
        ”
      </span>
    </>
  );
}
