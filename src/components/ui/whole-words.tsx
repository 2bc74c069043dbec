/**
 * A name whose hyphenated words ('check-up', a queue called 'front-desk') never break at their
 * hyphen on a narrow screen: each such word moves to the next line whole. The text read and found
 * is the name as it is.
 */
export function WholeWords({ text }: { text: string }) {
  return text.split(/(\s+)/).map((part, index) =>
    part.includes('-') ? (
      <span key={index} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}
