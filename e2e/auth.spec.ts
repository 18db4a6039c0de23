import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";

test("signs up through the form, lands on the chatflows list, signs out and back in", async ({ page }) => {
  const email = `form-${randomUUID()}@example.test`;
  const password = "correct horse battery";

  await page.goto("/signup");
  await page.getByLabel("Name").fill("Ada");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign up" }).click();

  await expect(page).toHaveURL(/\/chatflows$/);
  await expect(page.getByRole("heading", { name: "Chatflows", exact: true })).toBeVisible();
  await expect(page.getByTestId("workspace-name")).toHaveText("Ada's workspace");
  await expect(page.getByTestId("empty-state")).toContainText("No chatflows yet");

  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("menu")).toContainText(email);
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("wrong password!");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Wrong email or password")).toBeVisible();

  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/chatflows$/);
});

test("sends visitors without a session to the login page", async ({ page }) => {
  await page.goto("/tools");
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
});
