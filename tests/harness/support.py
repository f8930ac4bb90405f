"""Helpers for the packaging tests: build a package once, serve a folder, keep the network out."""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

HARNESS = Path(__file__).resolve().parent
SCORM_RUNTIME = HARNESS.parent.parent / "node_modules" / "scorm-again" / "dist" / "scorm12.min.js"


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def served(directory: Path) -> Iterator[str]:
    """``directory`` over http://127.0.0.1 on a free port; yields the base URL (ending in /)."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def block_network(context: Any, allowed: tuple[str, ...]) -> list[str]:
    """Abort every request of ``context`` whose URL does not start with one of ``allowed``.

    Returns the list that collects the blocked URLs, for the test to assert empty.
    """
    blocked: list[str] = []

    def handle(route: Any) -> None:
        url = route.request.url
        if url.startswith(allowed):
            route.continue_()
        else:
            blocked.append(url)
            route.abort()

    context.route("**/*", handle)
    return blocked
