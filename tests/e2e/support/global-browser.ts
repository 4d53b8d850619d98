import { readFileSync } from 'node:fs';
import { chromium, type LaunchOptions } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the one Chromium every browser test file connects to (launching one per file cost seconds each under load) */
    chromiumWsEndpoint: string;
  }
}

/**
 * Chromium's address bar renders its popups as WebUI pages: every window gets two renderer processes of its own
 * (chrome://omnibox-popup.top-chrome/ and its AI-mode twin), and Playwright opens a window for every page. A headless
 * run never shows them, yet they cost about as much CPU as the app's own page: 20 signed-in loads of /phonehome took
 * 65 CPU-s with them and 47 without.
 */
const UNSHOWN_BROWSER_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * Chromium keeps a renderer process launched ahead for the next page, but a process serves one browser context only
 * and every test opens contexts of its own: the spare was launched, then thrown away when the next context came. In
 * alternating runs (12 signed-in loads of /phonehome each, three pairs) a load took 0.98 CPU-s without it and 1.10
 * with it, and a bare context with a blank page 0.27 against 0.31.
 */
const NO_SPARE_RENDERER = ['SpareRendererForSitePerProcess'];

/**
 * Chromium keeps only the last --disable-features it is given, and Playwright passes its own list (features that break
 * automation): the features above are added to that list, read off a first launch, which then gives way to the joined
 * one.
 */
async function launchOptions(): Promise<LaunchOptions> {
  const probe = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const commandLine = readFileSync(`/proc/${probe.process().pid}/cmdline`, 'utf8').split('\0');
  await probe.close();
  const playwrights = commandLine.find((arg) => arg.startsWith('--disable-features='));
  const disabled = [
    ...(playwrights?.slice('--disable-features='.length).split(',') ?? []),
    ...UNSHOWN_BROWSER_UI,
    ...NO_SPARE_RENDERER,
  ];
  return {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--disable-features=${disabled.join(',')}`],
    ignoreDefaultArgs: playwrights ? [playwrights] : [],
  };
}

/** Global setup of the e2e project: one Chromium server for the whole run, closed at its end. */
export default async function setup(project: TestProject) {
  const server = await chromium.launchServer(await launchOptions());
  project.provide('chromiumWsEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
  };
}
