"""Shared fixtures: one strict build of the site per session, a local server, a browser.

The packages (offline zip, SCORM zip, embed site) are made once per session too, each when
a test first asks for it (``package_of``): the offline zip from the session's build itself,
the other two from their own configs.

Browser fixtures drive Debian's chromium through Playwright (never a downloaded browser)
and record every request and console message, so a test can assert that nothing left
the origin and nothing was logged as an error.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from hypothesis import settings

# Property tests check values, never time: a case that runs slowly on a busy machine (the
# browser tests share it) is not a failure.
settings.register_profile("course", deadline=None)
settings.load_profile("course")

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
LESSON_PAGE = "lessons/composition.html"  # the offline plugin turns off directory URLs
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def mkdocs_build(site_dir: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    """``mkdocs build --strict`` into ``site_dir``; the caller checks the result."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site_dir), *extra],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.fixture(scope="session")
def site_build(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """The one strict build of the session: the site directory and how the build went."""
    site = tmp_path_factory.mktemp("site")
    return site, mkdocs_build(site)


@pytest.fixture(scope="session")
def package_of(tmp_path_factory: pytest.TempPathFactory, built_site: Path) -> Callable[[str], Path]:
    """``package_of(kind)``: the path of the session's ``kind`` package, made on first use."""
    from generator.course import package as packaging
    from generator.course.offline_bundle import write_offline_bundle

    out = tmp_path_factory.mktemp("dist")
    made: dict[str, Path] = {}

    def make(kind: str) -> Path:
        if kind not in made:
            offline = kind == "offline"
            made[kind] = (
                write_offline_bundle(built_site, out / packaging.OUTPUTS[kind])
                if offline
                else packaging.package(kind, out)
            )
        return made[kind]

    return make


@pytest.fixture(scope="session")
def built_site(site_build: tuple[Path, subprocess.CompletedProcess[str]]) -> Path:
    """The site, built once with ``mkdocs build --strict``."""
    site, result = site_build
    assert result.returncode == 0, result.stderr
    return site


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    """The built site served over http://127.0.0.1 on a free port."""
    handler = functools.partial(_QuietHandler, directory=str(built_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not shutil.which(CHROMIUM):
        pytest.fail("Debian chromium is missing: run `make system-deps`")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@dataclass
class PageLog:
    """What a page did: every request URL, console errors and uncaught page errors."""

    requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)

    def foreign_requests(self, origin: str) -> list[str]:
        """Requests that left ``origin`` (for file:// pages: anything not file:// or data:)."""
        allowed = ("data:", "blob:", "about:", origin)
        return [url for url in self.requests if not url.startswith(allowed)]


@pytest.fixture
def new_page(browser: object) -> Iterator[object]:
    """A factory: ``page, log = new_page(**context_options)``; contexts close after the test."""
    contexts = []

    def make(**options: object) -> tuple[object, PageLog]:
        context = browser.new_context(**options)  # type: ignore[attr-defined]
        contexts.append(context)
        page = context.new_page()
        log = PageLog()
        page.on("request", lambda request: log.requests.append(request.url))
        page.on(
            "console",
            lambda message: log.console_errors.append(message.text) if message.type == "error" else None,
        )
        page.on("pageerror", lambda error: log.page_errors.append(str(error)))
        return page, log

    yield make
    for context in contexts:
        context.close()


@pytest.fixture(params=["http", "file"])
def lesson(request: pytest.FixtureRequest, built_site: Path) -> tuple[str, str]:
    """(URL of the lesson page, the origin every request must stay on), over http and file://."""
    if request.param == "file":
        return (built_site / LESSON_PAGE).as_uri(), "file://"
    site_url: str = request.getfixturevalue("site_url")
    return site_url + LESSON_PAGE, site_url
