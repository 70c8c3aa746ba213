import { z } from 'zod';

/*
 * What text the portal accepts: no NUL, no lone surrogate, no control character,
 * and line breaks only in fields a person writes several lines in. PostgreSQL refuses NUL and invalid
 * UTF-16 outright, so one such character used to turn a whole request (or a whole telephony batch)
 * into a 500. The API applies `findTextProblem` to every request it validates with a contract schema,
 * so no endpoint can forget it; `safeText` is the same rule for schemas parsed outside that path.
 */

// C0 controls except tab/LF/CR, DEL and the C1 controls: matching them is the point of this rule.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAK_OR_TAB = /[\t\n\r]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const TEXT_MESSAGES = {
  nul: 'must not contain a NUL character',
  surrogate: 'must not contain an invalid character (a lone surrogate)',
  control: 'must not contain control characters',
  lineBreak: 'must be a single line',
  nesting: 'is nested too deeply',
} as const;

/** Why a string is refused, or null when it is fine. */
export function textProblem(value: string, options: { multiline?: boolean } = {}): string | null {
  if (value.includes('\u0000')) return TEXT_MESSAGES.nul;
  if (LONE_SURROGATE.test(value)) return TEXT_MESSAGES.surrogate;
  if (CONTROL.test(value)) return TEXT_MESSAGES.control;
  if (!options.multiline && LINE_BREAK_OR_TAB.test(value)) return TEXT_MESSAGES.lineBreak;
  return null;
}

const multilineSchemas = new WeakSet<z.core.$ZodType>();

/** Marks a string schema as one a person may type several lines into. Apply it last (zod clones on chaining). */
export function multiline<T extends z.core.$ZodType>(schema: T): T {
  multilineSchemas.add(schema);
  return schema;
}

/** A string schema with the text rule built in, for values parsed outside the API's request validation. */
export function safeText(schema: z.ZodString = z.string(), options: { multiline?: boolean } = {}) {
  return schema.superRefine((value, ctx) => {
    const problem = textProblem(value, options);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

type Def = Record<string, unknown> & { type: string };
const defOf = (schema: z.core.$ZodType) => schema._zod.def as unknown as Def;

/** The schemas a value at this place may be checked against: wrappers removed, unions spread out. */
function expand(schemas: z.core.$ZodType[]): { bases: z.core.$ZodType[]; multiline: boolean } {
  const bases: z.core.$ZodType[] = [];
  let isMultiline = false;
  const todo = [...schemas];
  const seen = new Set<z.core.$ZodType>();
  while (todo.length) {
    const s = todo.pop()!;
    if (seen.has(s)) continue;
    seen.add(s);
    if (multilineSchemas.has(s)) isMultiline = true;
    const def = defOf(s);
    switch (def.type) {
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'readonly':
      case 'catch':
      case 'nonoptional':
      case 'success':
        todo.push(def.innerType as z.core.$ZodType);
        break;
      case 'pipe':
        todo.push(def.in as z.core.$ZodType);
        break;
      case 'lazy':
        todo.push((def.getter as () => z.core.$ZodType)());
        break;
      case 'union':
        todo.push(...(def.options as z.core.$ZodType[]));
        break;
      case 'intersection':
        todo.push(def.left as z.core.$ZodType, def.right as z.core.$ZodType);
        break;
      default:
        bases.push(s);
    }
  }
  return { bases, multiline: isMultiline };
}

function childSchemas(bases: z.core.$ZodType[], key: string | number): z.core.$ZodType[] {
  const out: z.core.$ZodType[] = [];
  for (const s of bases) {
    const def = defOf(s);
    if (def.type === 'object') {
      // Own keys only: a body key such as `toString` would otherwise find Object.prototype's function.
      const shape = def.shape as Record<string, z.core.$ZodType>;
      const child = Object.hasOwn(shape, key) ? shape[key as string] : def.catchall;
      if (child) out.push(child as z.core.$ZodType);
    } else if (def.type === 'record') out.push(def.valueType as z.core.$ZodType);
    else if (def.type === 'array') out.push(def.element as z.core.$ZodType);
    else if (def.type === 'tuple') {
      const items = def.items as z.core.$ZodType[];
      const item = typeof key === 'number' && key < items.length ? items[key] : def.rest;
      if (item) out.push(item as z.core.$ZodType);
    }
  }
  return out;
}

// A value nested this deep matches no contract schema; refusing it early keeps the walk cheap.
const MAX_DEPTH = 32;

/**
 * The first string in `value` (object keys included) that breaks the text rule, with its path, walking
 * the schema alongside to know which fields are multi-line. A place the schema leaves `unknown` is
 * skipped: whoever parses it later checks it (the telephony batch checks each record on its own).
 */
export function findTextProblem(
  schema: z.core.$ZodType,
  value: unknown,
): { path: (string | number)[]; message: string } | null {
  const stack: { schemas: z.core.$ZodType[]; value: unknown; path: (string | number)[] }[] = [
    { schemas: [schema], value, path: [] },
  ];
  while (stack.length) {
    const { schemas, value: v, path } = stack.pop()!;
    const { bases, multiline: isMultiline } = expand(schemas);
    if (bases.length > 0 && bases.every((b) => ['unknown', 'any'].includes(defOf(b).type))) continue;
    if (typeof v === 'string') {
      const problem = textProblem(v, { multiline: isMultiline });
      if (problem) return { path, message: problem };
    } else if (v !== null && typeof v === 'object') {
      if (path.length >= MAX_DEPTH) return { path, message: TEXT_MESSAGES.nesting };
      const entries: [string | number, unknown][] = Array.isArray(v)
        ? v.map((item, i) => [i, item])
        : Object.entries(v as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i]!;
        const children = childSchemas(bases, key);
        if (typeof key === 'string') {
          const keyProblem = textProblem(key);
          const skipped =
            children.length > 0 && expand(children).bases.every((b) => defOf(b).type === 'unknown');
          if (keyProblem && !skipped) return { path: [...path, key], message: keyProblem };
        }
        stack.push({ schemas: children, value: item, path: [...path, key] });
      }
    }
  }
  return null;
}
