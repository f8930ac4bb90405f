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
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Browser

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


def write_handouts(
    site_dir: Path, pages: Sequence[str], out: Path, browser: Browser | None = None
) -> list[Path]:
    """Print each of ``pages`` (site paths) of the built site to ``out/<name>.pdf``, A4, in
    ``browser`` (a Playwright chromium; none: Debian's, started and closed here)."""
    if browser is None:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            own = playwright.chromium.launch(executable_path=CHROMIUM, args=_ARGS)
            try:
                return write_handouts(site_dir, pages, out, own)
            finally:
                own.close()
    from playwright.sync_api import Error

    out.mkdir(parents=True, exist_ok=True)
    written = []
    page = browser.new_page(viewport={"width": 1000, "height": 1400})
    try:
        for site_path in pages:
            target = out / f"{Path(site_path).stem}.pdf"
            try:
                page.goto((site_dir / site_path).resolve().as_uri(), wait_until="load")
                page.emulate_media(media="print")
                page.evaluate(_PREPARE)
                page.wait_for_function(_CHARTED, timeout=30_000)
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
        page.close()
    return written
