// One long-lived KaTeX renderer for the site build (see generator/katex_render.py).
//
// Protocol: one JSON object per line on stdin, {"tex": "...", "display": true|false};
// one JSON object per line on stdout, {"html": "..."} or {"error": "..."}, in the same order.
// KaTeX comes from the pinned npm package in node_modules, never from a network.
import { createInterface } from "node:readline";

import katex from "katex";

const OPTIONS = {
  output: "htmlAndMathml",
  throwOnError: true,
  // Non-standard input (Hangul outside \text{}, a stray \\ in display math) is an error
  // too, so every formula on the site is plain LaTeX that KaTeX lays out as written.
  strict: "error",
  trust: false,
};

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
