"""Shared fixtures: one strict build of the site per run, a local server, a browser.

What is made once is made once per *run*, not per worker: the strict build, the golden
vectors and the packages (offline zip, SCORM zip, embed site) live in a folder that every
pytest-xdist worker of the run shares, and the first worker to ask for one makes it under a
file lock while the others wait for it (:func:`made_once`, as pytest-xdist's documentation
advises for session fixtures that must run once). A failure is kept too, so every worker
reports the same build error instead of building again.

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
from filelock import FileLock
from hypothesis import settings

# Property tests check values, never time: a case that runs slowly on a busy machine (the
# browser tests share it) is not a failure. The run that CI and `make test` make draws the same
# cases every time (derandomized, no example database), so a pass is repeatable;
# HYPOTHESIS_PROFILE=explore draws fresh cases, ten times as many, to look for new failures.
settings.register_profile("course", deadline=None, derandomize=True, database=None)
settings.register_profile("explore", deadline=None, max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "course"))

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
def run_folder(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Path:
    """A folder that every worker of this run shares (each worker's temporary folders are
    made beside each other, under one parent per run)."""
    base = tmp_path_factory.getbasetemp()
    return base if worker_id == "master" else base.parent


def made_once(folder: Path, name: str, make: Callable[[Path], str]) -> Path:
    """``folder/name``, made by ``make`` (which writes it and returns an error text, "" when it
    went well) by the first worker that asks, under a file lock; every later call of any worker
    gets the same folder, or fails with the same error."""
    target, failed = folder / name, folder / f"{name}.failed"
    with FileLock(str(folder / f"{name}.lock")):
        if not target.exists() and not failed.exists():
            error = make(target)
            if error:
                failed.write_text(error, encoding="utf-8")
    if failed.exists():
        pytest.fail(f"{name} could not be made once for this run:\n{failed.read_text(encoding='utf-8')}")
    return target


def _build_into(site: Path) -> str:
    result = mkdocs_build(site)
    site.with_name("site.log").write_text(result.stderr, encoding="utf-8")
    return "" if result.returncode == 0 else result.stderr


@pytest.fixture(scope="session")
def built_site(run_folder: Path) -> Path:
    """The site, built once per run with ``mkdocs build --strict``."""
    return made_once(run_folder, "site", _build_into)


@pytest.fixture(scope="session")
def build_log(built_site: Path) -> str:
    """What the run's strict build wrote on stderr."""
    return built_site.with_name("site.log").read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def golden_folder(run_folder: Path) -> Path:
    """Every lab's golden vectors, written once per run (``python -m generator golden``)."""

    def write(folder: Path) -> str:
        result = subprocess.run(
            [sys.executable, "-m", "generator", "golden", "--out", str(folder)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
        )
        return "" if result.returncode == 0 else result.stderr

    return made_once(run_folder, "golden", write)


@pytest.fixture(scope="session")
def package_of(run_folder: Path, built_site: Path) -> Callable[[str], Path]:
    """``package_of(kind)``: the path of the run's ``kind`` package, made once per run: the
    offline zip from the run's build itself, the other two from their own configs."""
    from generator.course import package as packaging
    from generator.course.offline_bundle import write_offline_bundle

    def make(kind: str) -> Path:
        def write(folder: Path) -> str:
            folder.mkdir(parents=True)
            if kind == "offline":
                write_offline_bundle(built_site, folder / packaging.OUTPUTS[kind])
            else:
                packaging.package(kind, folder)
            return ""

        return made_once(run_folder, f"dist-{kind}", write) / packaging.OUTPUTS[kind]

    return make


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
