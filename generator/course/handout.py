"""The handout: each lesson as a PDF, Chromium's print of its built page (``make handout``).

A handout is what the browser's print gives a reader (``print.css``, ``print.js``): every
stepper step, every worked solution and table view open, the lab's results and charts
without its inputs, the quiz's questions without their buttons. The handout adds the quiz's
answer key at its end (``html.cl-handout``). Debian's chromium prints, driven by Playwright;
each page is opened from disk (``file://``), so no server and no network take part. A page
is printed once its images are decoded and each lab has drawn its charts; a chart or image
that cannot be shown stops the handout, naming the page.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
_PREPARE = """async () => {
  document.documentElement.classList.add('cl-handout');
  window.dispatchEvent(new Event('beforeprint'));
  await Promise.all([...document.images].map(async (image) => {
    image.loading = 'eager';
    try { await image.decode(); } catch (error) { throw new Error('an image did not load: ' + image.src); }
  }));
}"""
_CHARTED = (
    "() => [...document.querySelectorAll('[data-lab]')].every((lab) => lab.hasAttribute('data-lab-charted'))"
)
_FOOTER = (
    '<div style="width: 100%; font-size: 8px; text-align: center; color: #555">'
    '<span class="title"></span> · <span class="pageNumber"></span> / <span class="totalPages"></span></div>'
)


class HandoutError(RuntimeError):
    """A page could not be printed whole; the message names it."""


def write_handouts(site_dir: Path, pages: Sequence[str], out: Path, chromium: str = CHROMIUM) -> list[Path]:
    """Print each of ``pages`` (site paths) of the built site to ``out/<name>.pdf``, A4."""
    from playwright.sync_api import Error, sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    written = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1000, "height": 1400})
            for site_path in pages:
                try:
                    page.goto((site_dir / site_path).resolve().as_uri(), wait_until="load")
                    page.emulate_media(media="print")
                    page.evaluate(_PREPARE)
                    page.wait_for_function(_CHARTED, timeout=30_000)
                    target = out / f"{Path(site_path).stem}.pdf"
                    page.pdf(
                        path=str(target),
                        format="A4",
                        print_background=True,
                        margin={"top": "14mm", "bottom": "16mm", "left": "12mm", "right": "12mm"},
                        display_header_footer=True,
                        header_template="<span></span>",
                        footer_template=_FOOTER,
                    )
                except Error as error:
                    raise HandoutError(f"{site_path}: {error.message.splitlines()[0]}") from error
                written.append(target)
        finally:
            browser.close()
    return written
