// Usage: node probe.mjs <email> <password> <path> <width> <out.png> [js]
import { chromium } from 'playwright-core';
const [email, password, path, width, out, js] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const context = await browser.newContext({ viewport: { width: Number(width), height: 844 }, baseURL: 'http://127.0.0.1:5000' });
const page = await context.newPage();
page.on('pageerror', (e) => console.log('[pageerror]', e.message));
await page.goto('/login');
await page.getByLabel('Email').fill(email);
await page.getByLabel('Password').fill(password);
await page.getByRole('button', { name: 'Log in', exact: true }).click();
await page.waitForURL('**/projects');
await page.goto(path);
await page.waitForTimeout(2500);
if (js) console.log(JSON.stringify(await page.evaluate(js), null, 1));
await page.screenshot(process.env.CLIP ? { path: out, fullPage: true, clip: { x: 0, y: Number(process.env.CLIP.split(',')[0]), width: Number(width), height: Number(process.env.CLIP.split(',')[1]) } } : { path: out, fullPage: process.env.FULL === '1' });
await browser.close();
