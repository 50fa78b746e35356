/**
 * Fills a kind's Profile table (`.part-table`): its caption, a row of column headings, then a row
 * per entry whose first cell names the row. The kinds' parts (screens/profile-<kind>.js) share it.
 */
export function fillPartTable(table, caption, headings, rows) {
  const cell = (tag, text, scope) => {
    const element = document.createElement(tag);
    element.textContent = text;
    if (scope) element.scope = scope;
    return element;
  };
  const head = document.createElement('tr');
  head.append(...headings.map((heading) => cell('th', heading, 'col')));
  const body = rows.map(([name, ...values]) => {
    const row = document.createElement('tr');
    row.append(cell('th', name, 'row'), ...values.map((value) => cell('td', value)));
    return row;
  });
  table.replaceChildren(cell('caption', caption), head, ...body);
}
