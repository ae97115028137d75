/**
 * What the stepper writes beside a line of the script: the value the model's trace gives that line,
 * spelled as the Lua would hold it (numbers exact, a table in braces, nil, true / false).
 */
import type { DelayedScoreStep } from '../../model/protocol/delayed.ts';
import type { Reply } from '../../model/redis/reply.ts';
import { printable } from '../../model/printable.ts';

/** A Lua number, exact: the shortest text that reads back the same double (Lua's own tostring keeps 14 digits). */
export function luaNumber(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (value === Infinity) return 'inf';
  if (value === -Infinity) return '-inf';
  return Object.is(value, -0) ? '-0' : String(value);
}

function luaValue(value: Reply): string {
  if (value === null) return 'nil';
  if (typeof value === 'number') return luaNumber(value);
  if (typeof value === 'string') return `"${printable(value, '')}"`;
  return luaTable(value);
}

/** A reply as the script's table: `{}` when empty, else its elements in braces. */
export function luaTable(values: readonly Reply[]): string {
  return values.length === 0 ? '{}' : `{ ${values.map(luaValue).join(', ')} }`;
}

/** The value shown at a step's line. `delayedTimestamp` is the second value each return gives. */
export function stepValue(step: DelayedScoreStep, delayedTimestamp: number): string {
  switch (step.line) {
    case 'call':
      return `timestamp = ${luaNumber(step.value.timestamp)}, delay = ${luaNumber(step.value.delay)}`;
    case 'delayedTimestamp':
    case 'minScore':
    case 'maxScore':
      return `${step.line} = ${luaNumber(step.value)}`;
    case 'result':
      return `result = ${luaTable(step.value)}`;
    case 'result length':
      return `#result = ${step.value}: true (every number is true in Lua)`;
    case 'currentMaxScore':
      return `currentMaxScore = ${step.value === null ? 'nil' : luaNumber(step.value)}`;
    case 'has score':
    case 'band full':
      return String(step.value);
    case 'return floor':
    case 'return bump':
    case 'return ceiling':
      return `returns score ${luaNumber(step.value)}, ${luaNumber(delayedTimestamp)}`;
  }
}
