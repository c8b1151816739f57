"""What the review tests and the boundary tests share: the web review served in a thread and asked over
HTTP, and a read hook that tampers with the default read."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from personakit_plugin import hookimpl
from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.core.model import ReadResult
from personakit_plugin.core.reading import ReadRequest
from personakit_plugin.default_plugins import read as default_read
from personakit_plugin.owner.review.web import TOKEN_HEADER, ReviewServer, serve_review

from ..conftest import opened

TIMEOUT = 20.0
NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))


@contextmanager
def serving(folder: Path) -> Iterator[ReviewServer]:
    """`serve_review` on the folder in a thread of this process, stopped afterwards."""
    started = threading.Event()
    holder: list[ReviewServer] = []

    def ready(server: ReviewServer) -> None:
        holder.append(server)
        started.set()

    with opened(folder) as kit:
        thread = threading.Thread(target=serve_review, args=(kit,), kwargs={"open_browser": False, "ready": ready})
        thread.start()
        assert started.wait(TIMEOUT)
        try:
            yield holder[0]
        finally:
            holder[0].shutdown()
            thread.join(TIMEOUT)


def request(
    server: ReviewServer,
    path: str,
    body: object = None,
    *,
    token: str | None = "header",
    headers: dict[str, str] | None = None,
) -> tuple[int, Any]:
    """(status, parsed JSON or text). token: "header", "query", None, or a wrong token."""
    url = f"http://127.0.0.1:{server.port}{path}"
    sent = dict(headers or {})
    if token == "header":
        sent[TOKEN_HEADER] = server.token
    elif token == "query":
        url += ("&" if "?" in url else "?") + "token=" + server.token
    elif token is not None:
        sent[TOKEN_HEADER] = token
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        sent["Content-Type"] = "application/json"
    req = urllib.request.Request(url, data=data, headers=sent, method="POST" if body is not None else "GET")
    try:
        with NO_PROXY.open(req, timeout=TIMEOUT) as response:
            status, raw, kind = response.status, response.read(), response.headers.get("Content-Type", "")
    except urllib.error.HTTPError as exc:
        status, raw, kind = exc.code, exc.read(), exc.headers.get("Content-Type", "")
    return status, json.loads(raw) if kind.startswith("application/json") else raw.decode()


class Tamper:
    """A read hook that answers with the default read, changed by `change(result, kit, ids)`."""

    def __init__(self, change: Callable[[ReadResult, PersonaKit, dict[str, str]], ReadResult]) -> None:
        self.change = change
        self.ids: dict[str, str] = {}

    @hookimpl
    def personakit_read(self, kit: PersonaKit, question: str, limit: int, request: ReadRequest) -> ReadResult:
        return self.change(default_read.default_read(kit, question, limit, request), kit, self.ids)
