// Slips in where a line stands: a tab before it, a field written twice in one group, a field name
// without its colon, a list dash too many or too few, and an indentation that matches no open level.
// Each names the slip and gives the line as it should be typed, indented like the lines it goes with.
import {
  allowedIndents,
  describeParent,
  opensBlock,
  plural,
  readLine,
  spaces,
  typeLine,
  type Detector,
  type Line,
} from './yaml-line-shape.ts';

export const tab: Detector = (lines, stop) => {
  const line = lines.slice(0, stop + 1).find((l) => /^ *\t/.test(l.text));
  if (!line) return undefined;
  const fixed = readLine(line.text.replace(/^[ \t]+/, ''), line.number);
  const index = line.number - 1;
  const allowed = allowedIndents(lines, index);
  const above = lines
    .slice(0, index)
    .reverse()
    .find((l) => !l.blank);
  const indent = above
    ? opensBlock(above)
      ? above.content + 2
      : above.dash && !fixed.dash
        ? above.content
        : above.indent
    : 0;
  const target = allowed.has(indent) || (above && opensBlock(above)) ? indent : 0;
  return {
    line: line.number,
    col: line.text.indexOf('\t') + 1,
    message: `this line is indented with a tab. YAML only accepts spaces before a line. Write it as ${typeLine(spaces(target) + fixed.text.trim())}.`,
  };
};
export const duplicate: Detector = (lines, _stop, codes) => {
  if (!codes.has('DUPLICATE_KEY')) return undefined;
  for (const line of lines) {
    if (!line.key) continue;
    for (let i = line.number; i < lines.length; i++) {
      const other = lines[i];
      if (other.blank) continue;
      if (other.content < line.content || (other.dash && other.indent <= line.indent && other.content <= line.content))
        break;
      if (other.content === line.content && !other.dash && other.key === line.key) {
        return {
          line: other.number,
          col: other.content + 1,
          message: `"${line.key}" is written twice in the same group, on line ${line.number} and on line ${other.number}. Keep the one you want and delete the other.`,
        };
      }
    }
  }
  return undefined;
};

export const lostColon: Detector = (lines, stop) => {
  for (const line of lines.slice(Math.max(0, stop - 1), stop + 2)) {
    if (line.blank || line.key !== undefined) continue;
    const words = /^([A-Za-z_][\w-]*)(?: +(.*))?$/.exec(line.text.slice(line.content).trimEnd());
    if (!words) continue;
    const index = line.number - 1;
    const neighbours = [...lines.slice(0, index).reverse(), ...lines.slice(index + 1)].filter(
      (l) => !l.blank && l.content === line.content && l.key !== undefined,
    );
    if (
      !neighbours.length &&
      !(
        index > 0 &&
        lines
          .slice(0, index)
          .reverse()
          .find((l) => !l.blank && opensBlock(l))
      )
    )
      continue;
    const fixed = `${line.text.slice(0, line.content)}${words[1]}:${words[2] ? ` ${words[2]}` : ''}`;
    return {
      line: line.number,
      col: line.content + words[1].length + 1,
      message: `a colon is missing after the field name "${words[1]}". Write it as ${typeLine(fixed)}.`,
    };
  }
  return undefined;
};

/** The nearest line above at the same or a lower indentation (skipping deeper lines). */
function siblingAbove(lines: Line[], line: Line): Line | undefined {
  for (let i = line.number - 2; i >= 0; i--) {
    const other = lines[i];
    if (other.blank || other.indent > line.indent) continue;
    return other.indent === line.indent ? other : undefined;
  }
  return undefined;
}

export const listOrField: Detector = (lines, stop) => {
  for (const line of lines.slice(Math.max(0, stop - 1), stop + 1)) {
    if (line.blank) continue;
    const sibling = siblingAbove(lines, line);
    if (!sibling) continue;
    if (line.dash && !sibling.dash && sibling.key !== undefined) {
      const fixed = `${spaces(line.indent)}${line.text.slice(line.content)}`;
      return {
        line: line.number,
        col: line.indent + 1,
        message: `this line starts a list item with "- ", but the lines around it are fields, not a list. Remove the dash: ${typeLine(fixed)}.`,
      };
    }
    if (!line.dash && sibling.dash && line.key !== undefined) {
      const item = lines
        .slice(sibling.number - 1, line.number - 1)
        .filter((l) => l.content === sibling.content && l.key)
        .map((l) => l.key);
      const message = item.includes(line.key)
        ? `this line is a field, but the lines around it are list items, each starting with "- ". If it starts a new item, write it as ${typeLine(`${spaces(line.indent)}- ${line.text.trim()}`)}.`
        : `this line is a field, but the lines around it are list items, each starting with "- ". If it belongs to the item above, indent it like that item's fields: ${typeLine(`${spaces(sibling.content)}${line.text.trim()}`)}.`;
      return { line: line.number, col: line.indent + 1, message };
    }
  }
  return undefined;
};

export const indentation: Detector = (lines, stop) => {
  for (const line of lines.slice(stop, stop + 2)) {
    if (!line || line.blank) continue;
    const index = line.number - 1;
    const above = lines
      .slice(0, index)
      .reverse()
      .find((l) => !l.blank);
    if (!above || (opensBlock(above) && line.indent > above.content)) continue;
    const allowed = allowedIndents(lines, index);
    if (allowed.has(line.indent)) continue;
    // The level of the line above (or its fields), else the nearest open level.
    const levels = [...allowed.keys()];
    const preferred = [above.dash && !line.dash ? above.content : above.indent].filter((n) => allowed.has(n));
    const target = preferred[0] ?? levels.sort((a, b) => Math.abs(a - line.indent) - Math.abs(b - line.indent))[0];
    const owner = allowed.get(target);
    const more = line.indent > target ? 'more' : 'less';
    return {
      line: line.number,
      col: 1,
      message: `this line is indented ${plural(line.indent, 'space')}, ${more} than the lines it goes with, which use ${target}. It probably belongs to ${describeParent(owner)}. Write it as ${typeLine(spaces(target) + line.text.trim())}.`,
    };
  }
  return undefined;
};
