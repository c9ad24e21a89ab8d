import { chromium } from "playwright-core";
import { startAppServer } from "../test-support/app-server";
const server = await startAppServer({ DATABASE_URL: process.env.DATABASE_URL!, DATABASE_READ_URL: "", BETTER_AUTH_SECRET: "x".repeat(40) });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const out = "/work/notes/shots-main";
try {
  for (const [w, h] of [[390, 844], [1280, 800]]) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h }, locale: "es-ES" });
    await ctx.addCookies([{ name: "planazo_cookies", value: "aceptadas", url: server.url }]);
    const page = await ctx.newPage();
    await page.goto(`${server.url}/?municipio=Ans%C3%B3&lat=42.75785&lng=-0.82947`);
    await page.screenshot({ path: `${out}/home-anso-${w}.png` });
    await page.getByText("Recibir por correo").click();
    await page.screenshot({ path: `${out}/home-anso-abierto-${w}.png` });
    await page.goto(`${server.url}/planes/huesca/anso`);
    await page.screenshot({ path: `${out}/pueblo-anso-${w}.png` });
    await page.screenshot({ path: `${out}/pueblo-anso-full-${w}.png`, fullPage: true });
    await page.goto(`${server.url}/planes/las-palmas/tinajo`);
    await page.screenshot({ path: `${out}/pueblo-tinajo-${w}.png` });
    await page.goto(`${server.url}/widget`);
    await page.screenshot({ path: `${out}/widget-${w}.png`, fullPage: true });
    await ctx.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
