// One long-lived KaTeX renderer for the site build (see generator/katex_render.py).
//
// Started as `node katex_worker.mjs OPTIONS`: OPTIONS is the JSON object of KaTeX options
// (katex_render.OPTIONS, which is also part of each rendering's cache key).
// Protocol: one JSON object per line on stdin, {"tex": "...", "display": true|false};
// one JSON object per line on stdout, {"html": "..."} or {"error": "..."}, in the same order.
// KaTeX comes from the pinned npm package in node_modules, never from a network.
import { createInterface } from "node:readline";

import katex from "katex";

if (process.argv.length !== 3) {
  throw new Error("usage: node katex_worker.mjs OPTIONS_JSON");
}
const OPTIONS = JSON.parse(process.argv[2]);

function render(line) {
  const { tex, display } = JSON.parse(line);
  try {
    return { html: katex.renderToString(tex, { ...OPTIONS, displayMode: Boolean(display) }) };
  } catch (error) {
    return { error: String(error instanceof Error ? error.message : error) };
  }
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (line.trim() !== "") {
    process.stdout.write(`${JSON.stringify(render(line))}\n`);
  }
}
