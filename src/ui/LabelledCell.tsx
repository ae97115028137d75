/**
 * One cell of a row-shaped list: its text, preceded by a label only screen readers hear (the
 * column header is not there for them in a flat list), with the full text as a tooltip.
 */
export function LabelledCell({
  label,
  className,
  children,
  title,
}: {
  label: string;
  className?: string;
  children: string;
  title?: string;
}) {
  return (
    <span className={className} title={title ?? children} data-number={label}>
      <span className="visually-hidden">{label}: </span>
      {children}
    </span>
  );
}
