/** The first three header cells every live order shows: position, driver, and the time or gap column. */
export function LeadingHeaders({ timeLabel, numericClassName }: { timeLabel: string; numericClassName?: string }) {
  return (
    <>
      <th scope="col">
        <abbr title="Position">Pos</abbr>
      </th>
      <th scope="col">Driver</th>
      <th scope="col" className={numericClassName}>
        {timeLabel}
      </th>
    </>
  );
}
