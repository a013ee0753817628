import { Table as MantineTable } from '@mantine/core';
import { ButtonRow } from '../components/ButtonRow.tsx';
import type { SectionOf } from '../../shared/route-data.ts';
import classes from './Table.module.css';

export function Table({ section }: { section: SectionOf<'table'> }) {
  return (
    <>
      {/* Wide tables scroll sideways on phones; the region is focusable so keyboards can scroll it. */}
      <div className={classes.scroll} tabIndex={0} role="region" aria-label={section.caption}>
        <MantineTable striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md" className={classes.table}>
          <caption className={classes.caption}>{section.caption}</caption>
          <MantineTable.Thead>
            <MantineTable.Tr>
              {section.columns.map((column, position) => (
                <MantineTable.Th key={position} scope="col">
                  {column}
                </MantineTable.Th>
              ))}
            </MantineTable.Tr>
          </MantineTable.Thead>
          <MantineTable.Tbody>
            {section.rows.map((row, index) => (
              <MantineTable.Tr key={index}>
                {row.map((cell, column) =>
                  column === 0 ? (
                    <MantineTable.Th key={column} scope="row">
                      {cell}
                    </MantineTable.Th>
                  ) : (
                    <MantineTable.Td key={column}>{cell}</MantineTable.Td>
                  ),
                )}
              </MantineTable.Tr>
            ))}
          </MantineTable.Tbody>
        </MantineTable>
      </div>
      <ButtonRow buttons={section.buttons} justify="center" />
    </>
  );
}
