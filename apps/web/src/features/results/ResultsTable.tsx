import { useId, type ReactNode } from 'react';
import styles from './ResultsTable.module.css';

export type Column<Row> = {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Numbers and times line up on the end edge. */
  numeric?: boolean;
  /** The cell that names its row (the driver): a <th scope="row">. */
  rowHeader?: boolean;
};

type ResultsTableProps<Row> = {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
};

/** What a cell shows for a time or lap that does not exist (spec: fastest lap "-"). */
export const NO_VALUE = '-';

/**
 * A classification: the first two columns (position, driver) stay put while a narrow screen scrolls the rest
 * sideways inside the card, never the page. The scroller is focusable so keyboards can scroll it too.
 */
export function ResultsTable<Row>({ caption, columns, rows, rowKey }: ResultsTableProps<Row>) {
  const captionId = useId();
  return (
    <div className={styles.scroller} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table}>
        <caption id={captionId} className="visually-hidden">
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" data-numeric={column.numeric}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, index) =>
                column.rowHeader ? (
                  <th key={index} scope="row">
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={index} data-numeric={column.numeric}>
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
