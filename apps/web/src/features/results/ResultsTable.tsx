import { useId, type ReactNode } from 'react';
import { ProvisionalNote } from '../../lib/ui/Provisional';
import styles from './ResultsTable.module.css';

/** Where a column goes on a phone, where each row becomes a compact card. */
export type PhonePlace =
  /** Top right, beside the driver's name: the figure a row is read for (race time, gap). */
  | 'lead'
  /** On the line below the name, after its label (omitted for a value that names itself, such as the team). */
  | { label?: string };

export type Column<Row> = {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Numbers and times line up on the end edge. */
  numeric?: boolean;
  /** The cell that names its row (the driver): a <th scope="row">. */
  rowHeader?: boolean;
  /** Every column but the position and the driver says where it goes on a phone. */
  phone?: PhonePlace;
};

type ResultsTableProps<Row> = {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
};

/** What a cell shows for a time or lap that does not exist (docs/product.md, Results: fastest lap "-"). */
export const NO_VALUE = '-';

/**
 * A classification. From the sm breakpoint up, a table whose first two columns (position, driver) stay put while a
 * narrower window scrolls the rest sideways inside the card, never the page; on a phone each row is a compact card:
 * the position, the driver with the lead figure beside, and the other columns labelled on the lines below, so
 * nothing needs a swipe. The roles are spelled out because a table laid out as cards loses them in some browsers.
 */
export function ResultsTable<Row>({ caption, columns, rows, rowKey }: ResultsTableProps<Row>) {
  const captionId = useId();
  return (
    <div className={styles.scroller} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table} role="table">
        <caption id={captionId} className="visually-hidden">
          {caption}
        </caption>
        <thead className={styles.head}>
          <tr role="row">
            {columns.map((column, index) => (
              <th key={index} scope="col" role="columnheader" data-numeric={column.numeric}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} role="row" className={styles.row}>
              {columns.map((column, index) =>
                column.rowHeader ? (
                  <th key={index} scope="row" role="rowheader" className={styles.driver}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={index} role="cell" data-numeric={column.numeric} {...phoneAttributes(column.phone)}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function phoneAttributes(place: PhonePlace | undefined) {
  if (place === undefined) return { className: styles.position };
  if (place === 'lead') return { className: styles.lead };
  return { className: styles.detail, 'data-label': place.label };
}

type SprintPart = { title: string; provisional: boolean; table: ReactNode };

/** A round's classification and, on a sprint weekend, the sprint's one below it, each under its session's title. */
export function WithSprintPart({ title, table, sprint }: { title: string; table: ReactNode; sprint: SprintPart | null }) {
  if (!sprint) return table;
  return (
    <>
      <h3 className={styles.sessionTitle}>{title}</h3>
      {table}
      <h3 className={styles.sessionTitle}>{sprint.title}</h3>
      {sprint.provisional && <ProvisionalNote />}
      {sprint.table}
    </>
  );
}
