import { describe, expect, it } from "vitest";
import { evaluateArithmetic, formatNumber } from "./arithmetic";

describe("evaluateArithmetic", () => {
  it.each([
    ["1 + 2 * 3", 7],
    ["(1 + 2) * 3", 9],
    ["10 / 4", 2.5],
    ["10 % 4", 2],
    ["2 ^ 3 ^ 2", 512],
    ["2 ** 10", 1024],
    ["-2 ^ 2", -4],
    ["2 ^ -1", 0.5],
    ["--3", 3],
    ["+4 - -1", 5],
    ["1.5e3 + .5", 1500.5],
    ["sqrt(16) + abs(-2)", 6],
    ["max(1, 7, 3) - min(4, 2)", 5],
    ["pow(2, 8)", 256],
    ["round(2.5) + floor(1.9) + ceil(1.1)", 6],
    ["log10(1000)", 3],
    ["ln(e)", 1],
    ["2 * pi", 2 * Math.PI],
    ["  ( ( 3 ) )  ", 3],
  ])("computes %s", (expression, expected) => {
    expect(evaluateArithmetic(expression)).toBeCloseTo(expected, 12);
  });

  it.each([
    ["", "Empty expression"],
    ["1 +", "Unexpected end of expression"],
    ["(1 + 2", 'Expected ")" at the end'],
    ["1 + 2)", 'Unexpected ")"'],
    ["1 / 0", "Division by zero"],
    ["5 % 0", "Division by zero"],
    ["foo + 1", 'Unknown name "foo"'],
    ["alert(1)", 'Unknown function "alert"'],
    ["sqrt(1, 2)", "sqrt() takes 1 argument(s)"],
    ["1; process.exit()", 'Unexpected character ";"'],
    ["constructor.constructor('x')()", 'Unexpected character "."'],
    ["constructor + 1", 'Unknown name "constructor"'],
    ["toString(1)", 'Unknown function "tostring"'],
    ["hasOwnProperty(1)", 'Unknown function "hasownproperty"'],
    ["10 ^ 400", "The result is not a finite number"],
    ["2 3", 'Unexpected "3"'],
  ])("rejects %j with %j", (expression, message) => {
    expect(() => evaluateArithmetic(expression)).toThrow(message);
  });

  it("refuses expressions nested deeper than its limit instead of overflowing the stack", () => {
    expect(() => evaluateArithmetic("(".repeat(150) + "1" + ")".repeat(150))).toThrow("Expression nested too deeply");
    expect(() => evaluateArithmetic("-".repeat(200) + "1")).toThrow("Expression nested too deeply");
  });

  it("refuses overlong input", () => {
    expect(() => evaluateArithmetic("1+".repeat(600) + "1")).toThrow("Expression longer than 1000 characters");
  });
});

describe("formatNumber", () => {
  it("hides binary floating-point noise", () => {
    expect(formatNumber(0.1 + 0.2)).toBe("0.3");
    expect(formatNumber(42)).toBe("42");
    expect(formatNumber(-1 / 3)).toBe("-0.333333333333333");
  });
});
