// A small arithmetic evaluator for the calculator tool: a recursive-descent parser over numbers,
// + - * / % ^ (or **), parentheses, a few functions and constants. It never evaluates code.
//
//   expression := term (("+" | "-") term)*
//   term       := unary (("*" | "/" | "%") unary)*
//   unary      := ("+" | "-") unary | power
//   power      := primary (("^" | "**") unary)?        right-associative; -2^2 = -4
//   primary    := number | name | name "(" arguments ")" | "(" expression ")"

const maxLength = 1000;
const maxDepth = 100;

const constants: Record<string, number> = { pi: Math.PI, e: Math.E, tau: 2 * Math.PI };

const functions: Record<string, { arity: [number, number]; apply: (...args: number[]) => number }> = {
  sqrt: { arity: [1, 1], apply: Math.sqrt },
  cbrt: { arity: [1, 1], apply: Math.cbrt },
  abs: { arity: [1, 1], apply: Math.abs },
  round: { arity: [1, 1], apply: Math.round },
  floor: { arity: [1, 1], apply: Math.floor },
  ceil: { arity: [1, 1], apply: Math.ceil },
  sin: { arity: [1, 1], apply: Math.sin },
  cos: { arity: [1, 1], apply: Math.cos },
  tan: { arity: [1, 1], apply: Math.tan },
  asin: { arity: [1, 1], apply: Math.asin },
  acos: { arity: [1, 1], apply: Math.acos },
  atan: { arity: [1, 1], apply: Math.atan },
  exp: { arity: [1, 1], apply: Math.exp },
  ln: { arity: [1, 1], apply: Math.log },
  log: { arity: [1, 1], apply: Math.log },
  log10: { arity: [1, 1], apply: Math.log10 },
  log2: { arity: [1, 1], apply: Math.log2 },
  pow: { arity: [2, 2], apply: Math.pow },
  min: { arity: [1, 100], apply: Math.min },
  max: { arity: [1, 100], apply: Math.max },
};

export class ArithmeticError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArithmeticError";
  }
}

type Token = { kind: "number"; value: number } | { kind: "name"; value: string } | { kind: "op"; value: string };

export function evaluateArithmetic(expression: string): number {
  if (expression.length > maxLength) throw new ArithmeticError(`Expression longer than ${maxLength} characters`);
  const tokens = tokenize(expression);
  if (tokens.length === 0) throw new ArithmeticError("Empty expression");
  let position = 0;
  let depth = 0;

  const peek = () => tokens[position];
  const isOp = (value: string) => peek()?.kind === "op" && peek()?.value === value;
  const expectOp = (value: string) => {
    if (!isOp(value)) throw new ArithmeticError(`Expected "${value}" ${where()}`);
    position++;
  };
  const where = () => {
    const token = peek();
    return token ? `before "${token.value}"` : "at the end";
  };
  const nested = <T>(parse: () => T): T => {
    if (++depth > maxDepth) throw new ArithmeticError("Expression nested too deeply");
    try {
      return parse();
    } finally {
      depth--;
    }
  };

  const parseExpression = (): number =>
    nested(() => {
      let value = parseTerm();
      while (isOp("+") || isOp("-")) {
        const op = tokens[position++].value;
        const right = parseTerm();
        value = op === "+" ? value + right : value - right;
      }
      return value;
    });

  const parseTerm = (): number => {
    let value = parseUnary();
    while (isOp("*") || isOp("/") || isOp("%")) {
      const op = tokens[position++].value;
      const right = parseUnary();
      if ((op === "/" || op === "%") && right === 0) throw new ArithmeticError("Division by zero");
      value = op === "*" ? value * right : op === "/" ? value / right : value % right;
    }
    return value;
  };

  const parseUnary = (): number =>
    nested(() => {
      if (isOp("-")) {
        position++;
        return -parseUnary();
      }
      if (isOp("+")) {
        position++;
        return parseUnary();
      }
      return parsePower();
    });

  const parsePower = (): number => {
    const base = parsePrimary();
    if (isOp("^") || isOp("**")) {
      position++;
      return Math.pow(base, parseUnary());
    }
    return base;
  };

  const parsePrimary = (): number => {
    const token = peek();
    if (!token) throw new ArithmeticError("Unexpected end of expression");
    if (token.kind === "number") {
      position++;
      return token.value;
    }
    if (token.kind === "name") {
      position++;
      const name = token.value.toLowerCase();
      if (isOp("(")) return parseCall(name);
      if (Object.hasOwn(constants, name)) return constants[name];
      throw new ArithmeticError(`Unknown name "${token.value}"`);
    }
    if (isOp("(")) {
      position++;
      const value = parseExpression();
      expectOp(")");
      return value;
    }
    throw new ArithmeticError(`Unexpected "${token.value}"`);
  };

  const parseCall = (name: string): number => {
    const fn = Object.hasOwn(functions, name) ? functions[name] : undefined;
    if (!fn) throw new ArithmeticError(`Unknown function "${name}"`);
    expectOp("(");
    const args: number[] = [];
    if (!isOp(")")) {
      args.push(parseExpression());
      while (isOp(",")) {
        position++;
        args.push(parseExpression());
      }
    }
    expectOp(")");
    const [least, most] = fn.arity;
    if (args.length < least || args.length > most) {
      throw new ArithmeticError(`${name}() takes ${least === most ? least : `${least} to ${most}`} argument(s)`);
    }
    return fn.apply(...args);
  };

  const value = parseExpression();
  if (position < tokens.length) throw new ArithmeticError(`Unexpected "${tokens[position].value}"`);
  if (!Number.isFinite(value)) throw new ArithmeticError("The result is not a finite number");
  return value;
}

function tokenize(expression: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /\s*(?:(\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)|([A-Za-z_][A-Za-z0-9_]*)|(\*\*|[-+*/%^(),]))/y;
  let index = 0;
  while (index < expression.length) {
    if (/^\s*$/.test(expression.slice(index))) break;
    pattern.lastIndex = index;
    const match = pattern.exec(expression);
    if (!match) throw new ArithmeticError(`Unexpected character "${expression.slice(index).trimStart()[0]}"`);
    index = pattern.lastIndex;
    if (match[1] !== undefined) tokens.push({ kind: "number", value: Number(match[1]) });
    else if (match[2] !== undefined) tokens.push({ kind: "name", value: match[2] });
    else tokens.push({ kind: "op", value: match[3] });
  }
  return tokens;
}

/** The result as the tool reports it: 0.1 + 0.2 is "0.3", not "0.30000000000000004". */
export function formatNumber(value: number): string {
  return String(Number(value.toPrecision(15)));
}
