import { defineNode } from "../define";
import { ArithmeticError, evaluateArithmetic, formatNumber } from "./arithmetic";

export const calculator = defineNode({
  name: "calculator",
  label: "Calculator",
  version: 1,
  category: "Tools",
  description: "Evaluates arithmetic for an agent: + - * / % ^, parentheses, sqrt, log, sin, min, max…",
  baseClasses: ["Calculator", "Tool", "StructuredTool", "Runnable"],
  inputs: {},
  init() {
    return {
      name: "calculator",
      description:
        "Useful for getting the result of a math expression. The input is an arithmetic expression, " +
        "e.g. (3 + 4) * 2 ^ 3 or sqrt(16) / 2.",
      inputSchema: {
        type: "object",
        properties: { input: { type: "string", description: "The arithmetic expression" } },
        required: ["input"],
      },
      execute: async (input: Record<string, unknown>) => {
        const expression = String(input.input ?? input.expression ?? "");
        try {
          return formatNumber(evaluateArithmetic(expression));
        } catch (error) {
          if (error instanceof ArithmeticError) return `Error: ${error.message}`;
          throw error;
        }
      },
    };
  },
});
