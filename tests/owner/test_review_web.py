"""`personakit review --web`: the JSON API over real HTTP on 127.0.0.1, and the page in a real
headless chromium (installed by a session fixture when missing and we are root).

Every request goes to 127.0.0.1 only, with bounded timeouts.
"""

from __future__ import annotations

import fcntl
import http.client
import json
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest

from personakit_plugin.core.model import TEXT_LIMIT
from personakit_plugin.owner.display import when
from personakit_plugin.owner.review import web as review_web
from personakit_plugin.owner.review.shared import quote_key
from personakit_plugin.owner.review.web import MAX_BODY, SECURITY_HEADERS, TOKEN_HEADER, ReviewServer, serve_review

from ..conftest import (
    HOSTILE_CATEGORY,
    HOSTILE_ESCAPED,
    HOSTILE_QUOTE,
    HOSTILE_TEXT,
    WAITING_QUOTES,
    clean_environ,
    decide,
    folder_bytes,
    hidden_characters,
    opened,
    personakit_command,
    reader_holding,
    seed,
    seed_hostile,
    seed_waiting,
    skip_without_undo,
    stored,
)
from ..helpers.review import NO_PROXY, TIMEOUT, request, serving


@pytest.fixture
def memories(folder: Path) -> dict[str, str]:
    ids = seed(
        folder,
        ("Prefers tea over coffee", "tea, not coffee", "preferences"),
        ("Drinks decaf coffee after noon", "decaf after lunch", "preferences"),
        ("Writes Python at work", "I write Python all day", "tools"),
        ("Walks the dog at seven", "dog walk at 7", "background"),
    )
    names = dict(zip(["tea", "decaf", "python", "dog"], ids, strict=True))
    with opened(folder) as kit:
        kit.propose("Writes Python at work", "mostly Python 3.12", "tools")
    decide(folder, "approve", names["python"])
    decide(folder, "reject", names["decaf"])
    return names


@pytest.fixture
def server(folder: Path, memories: dict[str, str]) -> Iterator[ReviewServer]:
    with serving(folder) as server:
        yield server


def history(folder: Path) -> list[Any]:
    with opened(folder) as kit:
        return kit.store.history()


def states(folder: Path) -> dict[str, str]:
    with opened(folder) as kit:
        return {m.id: m.state for m in kit.store.memories()}


# -- the server ---------------------------------------------------------------------------


def test_bound_to_loopback_only_on_a_free_port(server: ReviewServer) -> None:
    host, port = server.socket.getsockname()[:2]
    assert host == "127.0.0.1"
    assert port == server.port and port > 0
    assert server.url == f"http://127.0.0.1:{port}/?token={server.token}"
    assert len(server.token) >= 40


def test_token_required_on_every_request(server: ReviewServer) -> None:
    for path in ["/", "/api/memories", "/api/memories?state=all", "/nowhere"]:
        assert request(server, path, token=None)[0] == 403
        assert request(server, path, token="wrong-" + server.token)[0] == 403
    status, answer = request(server, "/api/decide", {"id": "m_000000000000", "action": "approve"}, token=None)
    assert status == 403 and "token" in answer["error"]
    assert request(server, "/api/undo", {}, token=None)[0] == 403
    status, html = request(server, "/", token="query")
    assert status == 200 and "<title>PersonaKit" in html
    assert request(server, "/api/memories", token="query")[0] == 200
    assert request(server, "/api/memories", token="header")[0] == 200


def test_host_and_origin_are_checked(server: ReviewServer) -> None:
    port = server.port
    assert request(server, "/api/memories", headers={"Host": f"localhost:{port}"})[0] == 200
    assert request(server, "/api/memories", headers={"Host": f"127.0.0.1:{port}"})[0] == 200
    for host in [f"evil.example:{port}", "127.0.0.1", f"127.0.0.1:{port + 1}", f"localhost.evil.example:{port}"]:
        assert request(server, "/api/memories", headers={"Host": host})[0] == 403, host
    body = {"id": "m_000000000000", "action": "approve"}
    assert request(server, "/api/decide", body, headers={"Origin": "http://evil.example"})[0] == 403
    assert request(server, "/api/decide", body, headers={"Origin": f"http://127.0.0.1:{port}"})[0] == 404


def test_page_is_self_contained_and_locked_down(server: ReviewServer) -> None:
    url = f"http://127.0.0.1:{server.port}/?token={server.token}"
    with NO_PROXY.open(url, timeout=TIMEOUT) as response:
        html = response.read().decode()
        headers = response.headers
    assert "default-src 'none'" in headers["Content-Security-Policy"]
    assert headers["Referrer-Policy"] == "no-referrer"
    assert headers["Cache-Control"] == "no-store"
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", html), "no external resources"
    assert "innerHTML" not in html


def test_lists_memories_by_state_with_quotes_and_similar(server: ReviewServer, memories: dict[str, str]) -> None:
    status, answer = request(server, "/api/memories?state=unconfirmed")
    assert status == 200
    assert answer["counts"] == {
        "unconfirmed": 2,
        "approved": 1,
        "restricted": 0,
        "rejected": 1,
        "retired": 0,
        "waiting": 0,
    }
    assert [m["id"] for m in answer["memories"]] == [memories["dog"], memories["tea"]], "newest first"
    tea = answer["memories"][1]
    assert tea["text"] == "Prefers tea over coffee" and tea["category"] == "preferences"
    assert tea["quotes"] == ["tea, not coffee"] and tea["state"] == "unconfirmed"
    assert memories["decaf"] not in json.dumps(answer), "nothing of a rejected memory"
    status, similar = request(server, f"/api/similar?id={tea['id']}")
    assert status == 200 and similar["id"] == tea["id"]
    assert memories["decaf"] not in json.dumps(similar), "a rejected memory is never similar"
    assert request(server, "/api/similar?id=m_000000000000")[0] == 404

    python = request(server, "/api/memories?state=approved")[1]["memories"]
    assert [m["id"] for m in python] == [memories["python"]]
    assert python[0]["quotes"] == ["I write Python all day", "mostly Python 3.12"], "newest last"

    rejected = request(server, "/api/memories?state=rejected")[1]["memories"]
    assert rejected == [
        {"id": memories["decaf"], "text": None, "category": None, "state": "rejected", "quotes": []}
        | {"quote_keys": [], "pending": []}
        | {k: rejected[0][k] for k in ("created", "touched", "proposed", "proposed_by")}
    ]
    assert rejected[0]["proposed_by"].startswith("c_"), "the connection that proposed it, an id and no text"
    assert len(request(server, "/api/memories?state=all")[1]["memories"]) == 4
    assert request(server, "/api/memories?state=bogus")[0] == 400


def test_search_text_and_quotes(server: ReviewServer, memories: dict[str, str]) -> None:
    found = request(server, "/api/memories?state=all&q=PYTHON")[1]["memories"]
    assert [m["id"] for m in found] == [memories["python"]]
    found = request(server, "/api/memories?state=all&q=walk%20at")[1]["memories"]
    assert [m["id"] for m in found] == [memories["dog"]]
    assert request(server, "/api/memories?state=all&q=decaf")[1]["memories"] == []


def test_decisions_land_in_the_store(server: ReviewServer, folder: Path, memories: dict[str, str]) -> None:
    status, answer = request(server, "/api/decide", {"id": memories["tea"], "action": "approve", "shown": []})
    assert status == 200
    assert answer["decision"]["before"] == "unconfirmed" and answer["decision"]["after"] == "approved"
    assert states(folder)[memories["tea"]] == "approved"

    assert request(server, "/api/decide", {"id": memories["tea"], "action": "restrict"})[0] == 200
    assert states(folder)[memories["tea"]] == "restricted"

    body = {"id": memories["dog"], "action": "edit", "text": "Walks the dog at eight", "category": "Constraints"}
    status, answer = request(server, "/api/decide", body)
    assert status == 200 and answer["memory"]["text"] == "Walks the dog at eight"
    dog = stored(folder, memories["dog"])
    assert (dog.text, dog.category, dog.state) == (
        "Walks the dog at eight",
        "constraints",
        "unconfirmed",
    )

    status, answer = request(server, "/api/decide", {"id": memories["dog"], "action": "reject"})
    assert status == 200 and answer["memory"]["text"] is None
    dog = stored(folder, memories["dog"])
    assert dog.state == "rejected" and not dog.text and not dog.quotes


def test_bad_decisions_are_refused_with_a_sentence(
    server: ReviewServer, folder: Path, memories: dict[str, str]
) -> None:
    before = states(folder)
    cases = [
        ({"id": memories["tea"], "action": "delete"}, 400),
        ({"action": "approve"}, 400),
        ({"id": "m_000000000000", "action": "approve"}, 404),
        ({"id": memories["decaf"], "action": "approve"}, 409),
        ({"id": memories["tea"], "action": "approve"}, 400),  # without the quotes the page showed
        ({"id": memories["tea"], "action": "approve", "shown": "all of them"}, 400),
        ({"id": memories["tea"], "action": "approve", "shown": [1]}, 400),
        ({"id": memories["tea"], "action": "edit"}, 400),
        ({"id": memories["tea"], "action": "edit", "category": "hobbies"}, 409),
        ({"id": memories["tea"], "action": "edit", "text": "x" * 301}, 409),
        ({"id": memories["tea"], "action": "edit", "text": "password=hunter2hunter2"}, 409),
        ([1, 2], 400),
    ]
    for body, expected in cases:
        status, answer = request(server, "/api/decide", body)
        assert status == expected, (body, answer)
        assert answer["error"].endswith("."), answer
    assert states(folder) == before


def post_raw(server: ReviewServer, path: str, chunks: list[bytes], headers: dict[str, str]) -> tuple[int, Any, Any]:
    """POST `chunks` as they are (chunked when `headers` says so): (status, parsed JSON, headers)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=TIMEOUT)
    try:
        connection.putrequest("POST", path)
        for name, value in {TOKEN_HEADER: server.token, **headers}.items():
            connection.putheader(name, value)
        connection.endheaders()
        for chunk in chunks:
            connection.send(chunk)
        response = connection.getresponse()
        return response.status, json.loads(response.read()), response.headers
    finally:
        connection.close()


def test_a_body_over_64_kib_is_refused_however_it_is_sent(
    server: ReviewServer, folder: Path, memories: dict[str, str]
) -> None:
    before = states(folder)
    big = {"id": memories["tea"], "action": "approve", "shown": [], "padding": "x" * MAX_BODY}
    status, answer = request(server, "/api/decide", big)
    assert (status, answer) == (413, {"error": "The request is too large."})
    piece = b"x" * 8192
    chunked = [b"%x\r\n%s\r\n" % (len(piece), piece)] * 9 + [b"0\r\n\r\n"]
    status, answer, _ = post_raw(server, "/api/decide", chunked, {"Transfer-Encoding": "chunked"})
    assert (status, answer) == (413, {"error": "The request is too large."}), "no Content-Length, still counted"
    body = json.dumps(
        {"id": memories["tea"], "action": "approve", "shown": [], "padding": "x" * (MAX_BODY - 100)}
    ).encode()
    status, answer, _ = post_raw(server, "/api/decide", [body], {"Content-Length": str(len(body))})
    assert status == 200 and len(body) <= MAX_BODY, "up to the limit is fine"
    assert states(folder) == before | {memories["tea"]: "approved"}


def test_every_answer_carries_the_security_headers(server: ReviewServer) -> None:
    answers = {
        "refused": post_raw(server, "/api/undo", [b"{}"], {TOKEN_HEADER: "wrong", "Content-Length": "2"}),
        "too large": post_raw(server, "/api/undo", [], {"Content-Length": str(MAX_BODY + 1)}),
        "not JSON": post_raw(server, "/api/undo", [b"{"], {"Content-Length": "1"}),
        "nothing here": post_raw(server, "/nowhere", [b"{}"], {"Content-Length": "2"}),
        "a GET path": post_raw(server, "/api/memories", [b"{}"], {"Content-Length": "2"}),
    }
    assert {what: status for what, (status, _, _) in answers.items()} == {
        "refused": 403,
        "too large": 413,
        "not JSON": 400,
        "nothing here": 404,
        "a GET path": 404,
    }
    for what, (_, answer, headers) in answers.items():
        assert answer["error"].endswith("."), what
        for name, value in SECURITY_HEADERS.items():
            assert headers[name] == value, (what, name)
        assert headers["Content-Type"] == "application/json; charset=utf-8", what
    assert answers["refused"][2]["Connection"] == "close", "a refused client is not kept connected"


def test_decisions_go_to_the_store_one_at_a_time(server: ReviewServer, memories: dict[str, str]) -> None:
    """The store is blocking SQLite called from worker threads: the API's lock keeps its calls apart."""
    store = server.api.kit.store
    decide_in_store = store.decide
    inside, overlapped = [0], []
    guard = threading.Lock()

    def slow_decide(*args: Any, **kwargs: Any) -> Any:
        with guard:
            inside[0] += 1
            overlapped.append(inside[0] > 1)
        time.sleep(0.05)
        try:
            return decide_in_store(*args, **kwargs)
        finally:
            with guard:
                inside[0] -= 1

    store.decide = slow_decide  # type: ignore[method-assign]
    try:
        bodies = [{"id": memories[name], "action": "restrict"} for name in ("tea", "dog")] * 3
        results: list[int] = []
        threads = [
            threading.Thread(target=lambda b=b: results.append(request(server, "/api/decide", b)[0])) for b in bodies
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(TIMEOUT)
    finally:
        del store.decide
    assert sorted(results) == [200] * 6 and len(overlapped) == 6
    assert not any(overlapped), "two decisions ran in the store at once"


def test_the_server_says_nothing_of_its_requests(
    capfd: pytest.CaptureFixture[str], server: ReviewServer, memories: dict[str, str]
) -> None:
    """A request line in a log would print the token (uvicorn's access log is off). `capfd` comes first, so
    that it captures from before the server starts."""
    capfd.readouterr()
    assert request(server, "/api/memories", token="query")[0] == 200
    assert request(server, "/api/decide", {"id": memories["tea"], "action": "approve", "shown": []})[0] == 200
    assert request(server, "/nowhere", token="query")[0] == 404
    out, err = capfd.readouterr()
    assert server.token not in out + err and "GET" not in out + err


def test_undo(server: ReviewServer, folder: Path, memories: dict[str, str]) -> None:
    skip_without_undo(folder)
    assert request(server, "/api/decide", {"id": memories["tea"], "action": "approve", "shown": []})[0] == 200
    status, answer = request(server, "/api/undo", {})
    assert status == 200
    assert answer["undone"]["id"] == memories["tea"] and answer["undone"]["action"] == "approve"
    assert answer["memory"]["state"] == "unconfirmed"
    assert states(folder)[memories["tea"]] == "unconfirmed"

    assert request(server, "/api/decide", {"id": memories["tea"], "action": "reject"})[0] == 200
    status, answer = request(server, "/api/undo", {})
    assert status == 409 and "cannot be undone" in answer["error"]
    assert states(folder)[memories["tea"]] == "rejected"


def test_a_decision_that_changes_nothing_says_so_and_is_not_recorded(
    server: ReviewServer, folder: Path, memories: dict[str, str]
) -> None:
    python, tea = memories["python"], memories["tea"]
    with opened(folder) as kit:
        before = kit.store.history()
    status, answer = request(server, "/api/decide", {"id": python, "action": "approve", "shown": []})
    assert status == 200 and answer["unchanged"] == f"{python} is already approved; nothing changed."
    assert answer["decision"]["seq"] == 0 and answer["memory"]["state"] == "approved"
    status, answer = request(server, "/api/decide", {"id": tea, "action": "edit", "category": "preferences"})
    assert status == 200 and answer["unchanged"] == f"{tea} already has that text and category; nothing changed."
    status, answer = request(server, "/api/decide", {"id": tea, "action": "restrict"})
    assert status == 200 and "unchanged" not in answer
    with opened(folder) as kit:
        assert [(d.memory_id, d.action) for d in kit.store.history()] == [
            *((d.memory_id, d.action) for d in before),
            (tea, "restrict"),
        ]
    assert request(server, "/api/undo", {})[1]["undone"]["id"] == tea
    status, answer = request(server, "/api/undo", {})  # next is the reject of decaf: no edit or approve between
    assert status == 409 and "cannot be undone" in answer["error"]


@pytest.mark.system
def test_the_command_prints_the_address_serves_and_says_what_stands_when_it_stops(
    folder: Path, memories: dict[str, str], tmp_path: Path
) -> None:
    """Ctrl-C on the terminal that started `review --web`: the summary the terminal review says (what stands,
    an undone approve not counted), on stderr beside the address; standard output, a pipe here, stays empty."""
    env = clean_environ(HOME=str(tmp_path / "home"), BROWSER="false")
    env.pop("DISPLAY", None)
    process = subprocess.Popen(
        personakit_command("--data-dir", folder, "review", "--web", "--no-browser"),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    try:
        assert process.stderr is not None and process.stdout is not None
        ready, _, _ = select.select([process.stderr], [], [], TIMEOUT)
        assert ready, "no address printed"
        line = process.stderr.readline().decode()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/\?token=([\w-]+)", line)
        assert match, line
        with NO_PROXY.open(match.group(0), timeout=TIMEOUT) as response:
            assert response.status == 200
        url = f"http://127.0.0.1:{match.group(1)}/api/memories?state=all&token={match.group(2)}"
        with NO_PROXY.open(url, timeout=TIMEOUT) as response:
            assert len(json.loads(response.read())["memories"]) == 4

        server = cast(ReviewServer, SimpleNamespace(port=int(match.group(1)), token=match.group(2)))  # for `request`
        for memory_id in (memories["tea"], memories["dog"]):
            shown = [quote_key(quote) for quote in stored(folder, memory_id).quotes]
            assert request(server, "/api/decide", {"id": memory_id, "action": "approve", "shown": shown})[0] == 200
        assert request(server, "/api/undo", {})[1]["undone"]["id"] == memories["dog"]
        assert request(server, "/api/decide", {"id": memories["python"], "action": "restrict"})[0] == 200
        assert "unchanged" in request(server, "/api/decide", {"id": memories["python"], "action": "restrict"})[1]
        process.send_signal(signal.SIGINT)
        assert process.wait(TIMEOUT) == 130
        said = process.stderr.read().decode()
        assert said.endswith(
            "\nThe review page has stopped. Reviewed: 1 approved, 1 restricted. 1 memory still waits for you.\n"
        ), said
        assert process.stdout.read() == b""
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(5)


# -- a real browser -----------------------------------------------------------------------


@pytest.fixture(scope="session")
def chromium() -> str:
    """Debian's chromium; installed with apt-get when missing and we are root, else the test is skipped."""
    path = shutil.which("chromium")
    if path is None and hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        try:
            subprocess.run(
                "apt-get update && apt-get install -y chromium",
                shell=True,
                check=True,
                capture_output=True,
                timeout=900,
                env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"},
            )
        except (subprocess.SubprocessError, OSError) as exc:
            pytest.skip(f"chromium is missing and `apt-get install -y chromium` failed: {exc}")
        path = shutil.which("chromium")
    if path is None:
        pytest.skip("chromium is missing; install it (apt-get install -y chromium) to run the browser tests")
    return path


# Headless chromium has no pointing device, so it matches `(hover: none)` as a touch screen does; these
# settings give it the mouse of a desktop (a touch screen is then emulated over DevTools where wanted).
MOUSE = "--blink-settings=primaryHoverType=2,availableHoverTypes=2,primaryPointerType=4,availablePointerTypes=4"


def browser(chromium: str, profile: Path, *args: str) -> list[str]:
    return [
        chromium,
        "--headless",
        MOUSE,
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        f"--user-data-dir={profile}",
        *args,
    ]


@pytest.mark.system
def test_the_page_renders_the_memories(chromium: str, server: ReviewServer, tmp_path: Path) -> None:
    done = subprocess.run(
        browser(chromium, tmp_path / "profile", "--virtual-time-budget=5000", "--dump-dom", server.url),
        capture_output=True,
        encoding="utf-8",
        timeout=90,
    )
    dom = done.stdout
    assert "Walks the dog at seven" in dom and "Prefers tea over coffee" in dom, done.stderr[-2000:]
    assert "“dog walk at 7”" in dom and "“tea, not coffee”" in dom
    assert dom.index("Walks the dog at seven") < dom.index("Prefers tea over coffee"), "newest first"
    assert "Writes Python at work" not in dom and "decaf" not in dom, "only the unconfirmed ones at first"
    assert dom.count('class="card') == 2


@pytest.mark.system
def test_the_page_shows_nothing_without_the_token(chromium: str, server: ReviewServer, tmp_path: Path) -> None:
    url = f"http://127.0.0.1:{server.port}/"
    done = subprocess.run(
        browser(chromium, tmp_path / "profile", "--virtual-time-budget=3000", "--dump-dom", url),
        capture_output=True,
        encoding="utf-8",
        timeout=90,
    )
    assert "Prefers tea" not in done.stdout and "token is missing" in done.stdout


# Put the pipe ends on fds 3 and 4, where chromium looks for them, then become chromium.
LAUNCH = (
    "import os, sys; os.dup2(int(sys.argv[1]), 3); os.dup2(int(sys.argv[2]), 4); os.execvp(sys.argv[3], sys.argv[3:])"
)


class DevTools:
    """Chromium driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`: commands
    on its fd 3, answers on its fd 4, each a JSON message ending in a NUL byte)."""

    def __init__(self, chromium: str, profile: Path) -> None:
        to_r, to_w = os.pipe()
        from_r, from_w = os.pipe()
        # The ends the browser keeps, moved above 9 so that neither is 3 or 4 already.
        high = fcntl.fcntl(to_r, fcntl.F_DUPFD_CLOEXEC, 10), fcntl.fcntl(from_w, fcntl.F_DUPFD_CLOEXEC, 10)
        os.close(to_r)
        os.close(from_w)
        to_r, from_w = high
        command = browser(chromium, profile, "--remote-debugging-pipe", "about:blank")
        self.process = subprocess.Popen(
            [sys.executable, "-c", LAUNCH, str(to_r), str(from_w), *command],
            pass_fds=(to_r, from_w),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(to_r)
        os.close(from_w)
        self.writer, self.reader = to_w, from_r
        self.buffer = b""
        self.last = 0
        self.session: str | None = None

    def call(self, method: str, params: dict[str, Any] | None = None, *, page: bool = True) -> dict[str, Any]:
        self.last += 1
        message: dict[str, Any] = {"id": self.last, "method": method, "params": params or {}}
        if page and self.session:
            message["sessionId"] = self.session
        os.write(self.writer, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + TIMEOUT
        while True:
            while b"\0" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\0", 1)
                answer = json.loads(raw)
                if answer.get("id") == self.last:
                    if "error" in answer:
                        raise AssertionError(f"{method}: {answer['error']}")
                    result: dict[str, Any] = answer.get("result", {})
                    return result
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.reader], [], [], left)[0]:
                raise AssertionError(f"chromium did not answer {method} in time")
            chunk = os.read(self.reader, 1 << 16)
            if not chunk:
                raise AssertionError("chromium closed the DevTools pipe")
            self.buffer += chunk

    def open(self, url: str) -> None:
        target = self.call("Target.createTarget", {"url": url}, page=False)["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True}, page=False)[
            "sessionId"
        ]

    def js(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise AssertionError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def until(self, expression: str, what: str) -> Any:
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            value = self.js(expression)
            if value:
                return value
            time.sleep(0.05)
        raise AssertionError(f"{what}: {expression} stayed false; the page shows {self.js('document.body.innerText')}")

    def press(self, key: str) -> None:
        code = 13 if key == "Enter" else ord(key.upper())
        text = "\r" if key == "Enter" else key
        self.call(
            "Input.dispatchKeyEvent", {"type": "keyDown", "key": key, "text": text, "windowsVirtualKeyCode": code}
        )
        self.call("Input.dispatchKeyEvent", {"type": "keyUp", "key": key, "windowsVirtualKeyCode": code})

    def screenshot(self, path: Path, width: int = 1000, height: int = 800) -> None:
        """The page as the owner sees it, as a PNG (look at it when the page changes)."""
        import base64

        self.call(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
        )
        path.write_bytes(base64.b64decode(self.call("Page.captureScreenshot", {"format": "png"})["data"]))

    def emulate(self, width: int, height: int, *, touch: bool = False) -> None:
        """A viewport of `width` x `height` CSS pixels; with `touch`, a phone's: a touch screen, no mouse
        (for good: turning touch off again leaves no mouse either, so a desktop comes first)."""
        self.call(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": touch},
        )
        if touch:
            self.call("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})

    def capture(self, path: Path) -> None:
        """The viewport as it is, as a PNG."""
        import base64

        path.write_bytes(base64.b64decode(self.call("Page.captureScreenshot", {"format": "png"})["data"]))

    def close(self) -> None:
        try:
            self.call("Browser.close", page=False)
            self.process.wait(10)
        except (AssertionError, OSError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait(5)
        finally:
            os.close(self.writer)
            os.close(self.reader)


CARDS = "[...document.querySelectorAll('.card')].map(c => c.dataset.id).join(' ')"
SELECTED = "document.querySelector('.card.selected')?.dataset.id"


def until_state(folder: Path, memory_id: str, state: str) -> None:
    deadline = time.monotonic() + TIMEOUT
    while states(folder).get(memory_id) != state:
        assert time.monotonic() < deadline, f"{memory_id} never became {state}"
        time.sleep(0.05)


@pytest.mark.system
def test_the_page_reviews_with_the_keyboard(
    chromium: str, server: ReviewServer, folder: Path, memories: dict[str, str], tmp_path: Path
) -> None:
    dog, tea = memories["dog"], memories["tea"]
    tools = DevTools(chromium, tmp_path / "profile")
    try:
        tools.open(server.url)
        tools.until(f"{CARDS} === '{dog} {tea}'", "the unconfirmed memories, newest first")
        tools.js("window.asked = []; window.confirm = (m) => { window.asked.push(m); return true; }")
        assert tools.js(SELECTED) == dog

        tools.press("a")
        until_state(folder, dog, "approved")
        tools.until(f"{CARDS} === '{tea}'", "the approved memory leaves the queue")

        tools.press("u")
        until_state(folder, dog, "unconfirmed")
        tools.until(f"{CARDS} === '{dog} {tea}'", "undo brings it back")
        assert "Undid approve" in tools.js("document.getElementById('status').textContent")

        tools.press("j")
        assert tools.js(SELECTED) == tea
        tools.press("k")
        assert tools.js(SELECTED) == dog
        tools.press("j")
        tools.press("x")
        until_state(folder, tea, "rejected")
        asked = tools.js("window.asked")
        assert len(asked) == 1 and "cannot be undone" in asked[0]
        tools.until(f"{CARDS} === '{dog}'", "the rejected memory leaves the queue")

        tools.press("e")
        tools.until("document.activeElement?.tagName === 'TEXTAREA'", "the editor opens with the text focused")
        tools.js(
            "document.activeElement.value = 'Walks the dog at eight';"
            "document.querySelector('.edit select').value = 'constraints'"
        )
        tools.press("Enter")
        tools.until("document.body.innerText.includes('Walks the dog at eight')", "the edit shows")
        edited = stored(folder, dog)
        assert (edited.text, edited.category) == ("Walks the dog at eight", "constraints")

        tools.press("r")
        until_state(folder, dog, "restricted")
        tools.press("4")
        tools.until(f"{CARDS} === '{dog}'", "the restricted tab")
        tools.press("6")
        tools.until(f"{CARDS}.split(' ').length === 4", "every memory")
        tools.js("const s = document.getElementById('search'); s.value = 'python'; s.dispatchEvent(new Event('input'))")
        tools.until(f"{CARDS} === '{memories['python']}'", "the search")
        assert tools.js("document.querySelector('.card .quotes').innerText").startswith("“mostly Python 3.12”")
        decided = len(history(folder))
        tools.press("a")  # approved already (the page offers no button for it): it says so, and records nothing
        said = f"{memories['python']} is already approved; nothing changed."
        tools.until(f"{STATUS}.textContent === {json.dumps(said)} && {STATUS}.className === ''", "nothing changed")
        assert len(history(folder)) == decided
    finally:
        tools.close()


@pytest.mark.parametrize("display", [None, ":0"])
def test_opens_the_browser_only_with_a_display(
    folder: Path, memories: dict[str, str], monkeypatch: pytest.MonkeyPatch, display: str | None
) -> None:
    import webbrowser

    opened_urls: list[str] = []

    def fake_open(url: str, *args: object, **kwargs: object) -> bool:
        opened_urls.append(url)
        return True

    monkeypatch.setattr(webbrowser, "open", fake_open)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    if display is None:
        monkeypatch.delenv("DISPLAY", raising=False)
    else:
        monkeypatch.setenv("DISPLAY", display)
    urls: list[str] = []

    def ready(server: ReviewServer) -> None:
        urls.append(server.url)
        threading.Thread(target=server.shutdown).start()

    with opened(folder) as kit:
        serve_review(kit, open_browser=True, ready=ready)
        if sys.platform.startswith("linux"):
            assert len(opened_urls) == (0 if display is None else 1)
        serve_review(kit, open_browser=False, ready=ready)
        assert len(opened_urls) <= 1


def test_the_browser_is_given_a_private_file_not_the_token(
    folder: Path, memories: dict[str, str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A browser started with the tokened address on its command line would show the token to every
    local user (`ps`); it is given a private file that forwards to the address instead."""
    import webbrowser

    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr("tempfile.tempdir", None)
    monkeypatch.setenv("DISPLAY", ":0")
    launched: list[tuple[str, int, int, str]] = []

    def fake_open(url: str, *args: object, **kwargs: object) -> bool:
        path = Path(url.removeprefix("file://"))
        launched.append((url, path.stat().st_mode, path.parent.stat().st_mode, path.read_text(encoding="utf-8")))
        return True

    monkeypatch.setattr(webbrowser, "open", fake_open)
    servers: list[ReviewServer] = []

    def ready(server: ReviewServer) -> None:
        servers.append(server)
        threading.Thread(target=server.shutdown).start()

    with opened(folder) as kit:
        serve_review(kit, open_browser=True, ready=ready)
    ((url, mode, folder_mode, html),) = launched
    token = servers[0].token
    assert url.startswith("file:///") and token not in url
    assert mode & 0o777 == 0o600 and folder_mode & 0o777 == 0o700
    assert servers[0].url in html and "location.replace" in html and 'http-equiv="refresh"' in html
    assert not Path(url.removeprefix("file://")).parent.exists(), "removed when the review ends"


@pytest.mark.system
def test_the_redirect_file_takes_the_browser_to_the_review(chromium: str, server: ReviewServer, tmp_path: Path) -> None:
    from personakit_plugin.owner.review.web import redirect_file

    path = redirect_file(server.url)
    try:
        done = subprocess.run(
            browser(chromium, tmp_path / "profile", "--virtual-time-budget=5000", "--dump-dom", path.as_uri()),
            capture_output=True,
            encoding="utf-8",
            timeout=90,
        )
    finally:
        shutil.rmtree(path.parent)
    assert "Walks the dog at seven" in done.stdout, done.stderr[-2000:]


# -- stored text cannot drive the page ------------------------------------------------------------


def test_the_api_writes_hidden_characters_as_json_escapes(folder: Path) -> None:
    memory = seed_hostile(folder)
    with serving(folder) as server:
        url = f"http://127.0.0.1:{server.port}/api/memories?state=all&token={server.token}"
        with NO_PROXY.open(url, timeout=TIMEOUT) as response:
            raw = response.read().decode()
    assert hidden_characters(raw) == []
    (shown,) = json.loads(raw)["memories"]
    assert (shown["id"], shown["text"], shown["quotes"], shown["category"]) == (
        memory,
        HOSTILE_TEXT,
        [HOSTILE_QUOTE],
        HOSTILE_CATEGORY,
    )


@pytest.mark.system
def test_the_page_shows_hidden_characters_escaped(chromium: str, folder: Path, tmp_path: Path) -> None:
    memory = seed_hostile(folder)
    (similar,) = seed(folder, ("Uses \u202eevil\u202c text: fake, red and erased", "tools \x9b2J daily", "tools"))
    decide(folder, "approve", similar)
    with serving(folder) as server:
        tools = DevTools(chromium, tmp_path / "profile")
        try:
            tools.open(server.url)
            tools.until(f"{CARDS} === '{memory}'", "the hostile memory")
            tools.until("!!document.querySelector('.similar li')", "its similar memory, asked for as the card shows")
            shown = tools.js(
                "['status', 'tabs', 'list'].map(id => document.getElementById(id).textContent).join('\\n')"
            )
            assert hidden_characters(shown) == [], "no control, bidi or format character is in the page's text"
            for part in HOSTILE_ESCAPED:
                assert part in shown, part
            assert "tools\\x1b[2K\\u202e" in shown, "the category too"
            assert "Uses \\u202eevil\\u202c text: fake, red and erased" in shown, "and a similar memory"
            assert tools.js("document.querySelectorAll('.card .esc').length") >= 10, "each one marked"
            tools.screenshot(tmp_path / "hostile.png")
            tools.press("e")
            tools.until("document.activeElement?.tagName === 'TEXTAREA'", "the editor")
            value = tools.js("document.activeElement.value")
            assert hidden_characters(value) == [] and "\\u202eevil\\u202c" in value
        finally:
            tools.close()
    assert (tmp_path / "hostile.png").stat().st_size > 1000


@pytest.mark.slow
def test_a_reject_the_store_cannot_finish_is_an_error_not_a_success(
    server: ReviewServer, folder: Path, memories: dict[str, str]
) -> None:
    tea = memories["tea"]
    with reader_holding(folder):
        status, answer = request(server, "/api/decide", {"id": tea, "action": "reject"})
        assert status == 409 and "erase" in answer["error"] and "decision" not in answer, answer
        assert request(server, "/api/memories?state=all")[1]["unfinished"] == [tea]
    status, answer = request(server, "/api/decide", {"id": tea, "action": "reject"})
    assert status == 200, answer
    assert request(server, "/api/memories?state=all")[1]["unfinished"] == []
    assert b"tea, not coffee" not in b"".join(p.read_bytes() for p in folder.iterdir() if p.is_file())
    status, answer = request(server, "/api/decide", {"id": tea, "action": "approve"})
    assert status == 409 and answer["error"].endswith("."), answer


@pytest.mark.system
@pytest.mark.slow
def test_the_page_shows_an_unfinished_reject_as_an_error_and_finishes_it(
    chromium: str, server: ReviewServer, folder: Path, memories: dict[str, str], tmp_path: Path
) -> None:
    dog = memories["dog"]
    status_of = "document.getElementById('status')"
    tools = DevTools(chromium, tmp_path / "profile")
    try:
        tools.open(server.url)
        tools.until(f"{SELECTED} === '{dog}'", "the newest memory selected")
        tools.js("window.confirm = () => true")
        with reader_holding(folder):
            tools.press("x")
            tools.until(f"{status_of}.className === 'error'", "the store's sentence, as an error")
        said = tools.js(f"{status_of}.textContent")
        assert "erase" in said and "are erased." not in said and "→" not in said, said
        tools.until("!document.getElementById('unfinished').hidden", "the unfinished erasure is shown")
        assert "not yet erased" in tools.js("document.getElementById('unfinished').textContent")
        tools.screenshot(tmp_path / "unfinished.png")
        tools.js("document.querySelector('#unfinished button').click()")
        tools.until(f"{status_of}.textContent.startsWith('Erased')", "finishing the erasure")
        tools.until("document.getElementById('unfinished').hidden", "nothing left unfinished")
        assert states(folder)[dog] == "rejected"
    finally:
        tools.close()


# -- quotes waiting for the owner ---------------------------------------------------------------------


def test_waiting_quotes_are_listed_and_kept_or_dropped(folder: Path) -> None:
    waiting = seed_waiting(folder)
    old, first, second = WAITING_QUOTES
    with serving(folder) as server:
        status, answer = request(server, "/api/memories?state=waiting")
        assert status == 200 and answer["counts"]["waiting"] == 1
        (shown,) = answer["memories"]
        assert (shown["id"], shown["quotes"], shown["pending"]) == (waiting, [old, first, second], [first, second])
        assert request(server, "/api/memories?state=unconfirmed")[1]["memories"] == []

        status, answer = request(server, "/api/decide", {"id": waiting, "action": "accept-quote", "quote": second})
        assert status == 200 and answer["memory"]["pending"] == [first]
        with opened(folder) as kit:
            assert kit.read("notebook", 7).memories[0].evidence == [second, old]

        for body, expected in [
            ({"id": waiting, "action": "accept-quote", "quote": old}, 409),
            ({"id": waiting, "action": "drop-quote"}, 400),
            ({"id": waiting, "action": "drop-quote", "quote": 3}, 400),
            ({"id": "m_000000000000", "action": "drop-quote", "quote": first}, 404),
        ]:
            status, answer = request(server, "/api/decide", body)
            assert status == expected and answer["error"].endswith("."), (body, answer)
        assert stored(folder, waiting).pending == (first,)

        status, answer = request(server, "/api/decide", {"id": waiting, "action": "drop-quote", "quote": first})
        assert status == 200 and answer["memory"]["quotes"] == [old, second] and answer["memory"]["pending"] == []
        assert first.encode() not in folder_bytes(folder)
        status, answer = request(server, "/api/undo", {})
        assert status == 409 and "cannot be undone" in answer["error"]
        assert request(server, "/api/memories?state=waiting")[1]["counts"]["waiting"] == 0


def test_an_approve_confirms_only_the_quotes_the_page_showed(folder: Path) -> None:
    """The page listed the memory with its quote; the assistant added another before the owner clicked
    Approve. The approve names the quotes shown (`quote_keys`): the other one waits."""
    (memory,) = seed(folder, ("Writes to the landlord often", "I mail him every week", "other"))
    late = "my new address is jo@example.org"
    with serving(folder) as server:
        (listed,) = request(server, "/api/memories?state=unconfirmed")[1]["memories"]
        assert listed["quote_keys"] == [quote_key("I mail him every week")]
        seed(folder, ("Writes to the landlord often", late, "other"))
        body = {"id": memory, "action": "approve", "shown": listed["quote_keys"]}
        status, answer = request(server, "/api/decide", body)
        assert status == 200 and answer["memory"]["pending"] == [late], answer
        waiting = request(server, "/api/memories?state=waiting")[1]
        assert waiting["counts"]["waiting"] == 1 and [m["id"] for m in waiting["memories"]] == [memory]
    with opened(folder) as kit:
        assert kit.read("landlord", 7).memories[0].evidence == ["I mail him every week"]


@pytest.mark.system
def test_the_page_approves_only_the_quotes_it_showed(chromium: str, folder: Path, tmp_path: Path) -> None:
    (memory,) = seed(folder, ("Writes to the landlord often", "I mail him every week", "other"))
    late = "my new address is jo@example.org"
    status = "document.getElementById('status').textContent"
    with serving(folder) as server:
        tools = DevTools(chromium, tmp_path / "profile")
        try:
            tools.open(server.url)
            tools.until(f"{CARDS} === '{memory}'", "the unconfirmed memory")
            seed(folder, ("Writes to the landlord often", late, "other"))  # after the page showed it
            tools.press("a")
            until_state(folder, memory, "approved")
            tools.until(f"{status}.includes('1 quote still waits for you')", "the approve says a quote waits")
            assert stored(folder, memory).pending == (late,)
            tools.press("2")
            tools.until(f"{CARDS} === '{memory}'", "the waiting tab")
            marked = "[...document.querySelectorAll('.quotes li.waiting')].map(li => li.textContent).join(' | ')"
            assert tools.js(marked) == f"waiting for you “{late}”KeepDrop"
        finally:
            tools.close()


@pytest.mark.system
def test_the_page_shows_waiting_quotes_with_keep_and_drop(chromium: str, folder: Path, tmp_path: Path) -> None:
    waiting = seed_waiting(folder)
    (unconfirmed,) = seed(folder, ("Reads on the train", "I read on the train", "background"))
    old, first, second = WAITING_QUOTES
    status = "document.getElementById('status').textContent"
    marked = "[...document.querySelectorAll('.quotes li.waiting')].map(li => li.textContent).join(' | ')"
    with serving(folder) as server:
        tools = DevTools(chromium, tmp_path / "profile")
        try:
            tools.open(server.url)
            tools.until(f"{CARDS} === '{unconfirmed}'", "the unconfirmed memory first")
            assert "Quotes wait for you under 1 approved memory (press 2)" in tools.js(status)
            assert tools.js("document.querySelectorAll('.quotes li.waiting').length") == 0
            assert "Quotes waiting1" in tools.js("document.getElementById('tabs').textContent")
            tools.press("2")
            tools.until(f"{CARDS} === '{waiting}'", "the waiting tab")
            assert tools.js(marked) == f"waiting for you “{second}”KeepDrop | waiting for you “{first}”KeepDrop"
            assert tools.js("document.querySelectorAll('.quotes li').length") == 3
            assert "Approve" not in tools.js("document.querySelector('.card .actions').textContent")
            tools.screenshot(tmp_path / "waiting.png")

            footer = "document.querySelector('footer').textContent.replace(/\\s+/g, ' ')"
            assert "y/d keep/drop a waiting quote" in tools.js(footer)  # the keys of the terminal review too
            tools.press("y")
            tools.until(f"{status}.startsWith('Kept the quote')", "kept")
            assert stored(folder, waiting).pending == (first,)
            tools.js("window.confirm = () => true")
            tools.js("document.querySelector('.quotes li.waiting button.reject').click()")
            tools.until(f"{status}.startsWith('Dropped the quote')", "dropped")
            memory = stored(folder, waiting)
            assert (memory.quotes, memory.pending) == ((old, second), ())
            tools.until("document.querySelector('.empty')?.textContent === 'No quote is waiting for you.'", "done")
        finally:
            tools.close()


# -- as a person sees it: a phone, a desktop, and a review that has stopped ----------------------------

STOPPED = "The review has stopped; run personakit review --web again."
TOUCH = "matchMedia('(hover: none), (pointer: coarse)').matches"
STATUS = "document.getElementById('status')"
# Where the page's parts are, in the viewport: a box outside it is cut off or needs a sideways scroll.
LAYOUT = """(() => {
  const parts = "header, nav button, #search, #undo, #status, .card, .card button, .card .chip, .card code, "
    + ".quotes li, .similar li, .text";
  const outside = [...document.querySelectorAll(parts)]
    .filter((node) => node.getClientRects().length)
    .map((node) => [node, node.getBoundingClientRect()])
    .filter(([, box]) => box.left < -0.5 || box.right > innerWidth + 0.5)
    .map(([node, box]) => node.tagName + "." + node.className + ": " + Math.round(box.left) + " to "
      + Math.round(box.right) + " " + node.textContent.slice(0, 40));
  return {
    scroll: document.scrollingElement.scrollWidth, width: innerWidth, outside,
    footer: getComputedStyle(document.querySelector("footer")).display,
    hints: [...document.querySelectorAll("kbd")].filter((node) => node.getClientRects().length).length,
    touch: matchMedia("(hover: none), (pointer: coarse)").matches,
    search: document.getElementById("search").placeholder, status: document.getElementById("status").textContent,
  };
})()"""
LONG_REVIEW = (
    "Prefers code reviews that start with the single most important problem, name the file and the line, "
    "and keep style nits for a separate list at the end"
)
LINK = "https://example.com/team/guidelines/code-review/the-most-important-problem-first-then-the-nits"


TABS = "document.querySelectorAll('#tabs button')"


def looked_at(
    tools: DevTools, device: str, width: int, touch: bool, tab: int, first: str, path: Path
) -> dict[str, Any]:
    """Open tab `tab` (from 1) on the emulated `device`, wait until it shows `first` first, save a screenshot
    at `path`; where the page's parts are (LAYOUT)."""
    tools.js(f"{TABS}[{tab - 1}].click()")
    tools.until(f"{CARDS}.startsWith('{first}') && innerWidth === {width} && {TOUCH} === {str(touch).lower()}", device)
    tools.until(f"{STATUS}.textContent", "the status line")
    # The page hears of a new pointer through a media query's change event, which comes a frame after
    # `matches` turns: the search box's key hint may still be the old one here, for a moment, not for good.
    hinted = "!" if touch else ""
    tools.until(
        f"{hinted}document.getElementById('search').placeholder.includes('( / )')", f"{device}: the search hint"
    )
    layout: dict[str, Any] = tools.js(LAYOUT)
    tools.capture(path)
    return layout


@pytest.mark.system
def test_the_page_fits_a_phone_and_a_desktop(chromium: str, folder: Path, tmp_path: Path) -> None:
    waiting = seed_waiting(folder)
    _, _, dog = seed(
        folder,
        (LONG_REVIEW, f"start with what matters most, as {LINK} says", "work-style"),
        (f"Prefers code reviews in small batches, the most important problem first ({LINK})", "small", "work-style"),
        ("Walks the dog at seven", "dog walk at 7", "background"),
    )
    with serving(folder) as server:
        tools = DevTools(chromium, tmp_path / "profile")
        try:
            tools.open(server.url)
            tools.until(f"{CARDS}.startsWith('{dog}')", "the review")
            for device, width, height, touch in [("desktop", 1280, 800, False), ("phone", 390, 844, True)]:
                tools.emulate(width, height, touch=touch)
                for tab, first in [(1, dog), (2, waiting)]:
                    layout = looked_at(tools, device, width, touch, tab, first, tmp_path / f"{device}-{tab}.png")
                    assert layout["scroll"] <= layout["width"] == width, f"{device}: the page scrolls sideways"
                    assert layout["outside"] == [], f"{device}: parts outside the viewport"
                    assert layout["touch"] == touch
                    assert layout["footer"] == ("none" if touch else "block"), f"{device}: the keyboard footer"
                    assert (layout["hints"] == 0) == touch, f"{device}: key hints on the buttons"
                    assert ("( / )" in layout["search"]) != touch
                    if tab == 1:
                        assert layout["status"].startswith("3 unconfirmed, newest first."), layout["status"]
                        assert ("press 2" in layout["status"]) != touch, layout["status"]
                looked_at(tools, device, width, touch, 1, dog, tmp_path / f"{device}-1.png")
                tools.emulate(width, tools.js("document.scrollingElement.scrollHeight"), touch=touch)
                tools.capture(tmp_path / f"{device}-whole.png")  # the whole page, as if scrolled through
        finally:
            tools.close()
    for name in ("desktop-1", "desktop-2", "desktop-whole", "phone-1", "phone-2", "phone-whole"):
        assert (tmp_path / f"{name}.png").stat().st_size > 5000, name


@pytest.mark.system
def test_the_page_says_when_the_review_has_stopped(
    chromium: str, folder: Path, memories: dict[str, str], tmp_path: Path
) -> None:
    dog, tea = memories["dog"], memories["tea"]
    env = clean_environ(HOME=str(tmp_path / "home"), BROWSER="false")
    env.pop("DISPLAY", None)
    process = subprocess.Popen(
        personakit_command("--data-dir", folder, "review", "--web", "--no-browser"),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=env,
    )
    try:
        assert process.stderr is not None
        assert select.select([process.stderr], [], [], TIMEOUT)[0], "no address printed"
        match = re.search(r"http://127\.0\.0\.1:\d+/\?token=[\w-]+", process.stderr.readline().decode())
        assert match
        before = states(folder)
        tools = DevTools(chromium, tmp_path / "profile")
        try:
            tools.open(match.group(0))
            tools.until(f"{CARDS} === '{dog} {tea}'", "the review")
            process.send_signal(signal.SIGINT)
            assert process.wait(TIMEOUT) == 130
            tools.js("window.confirm = () => true")
            for key in ["a", "u", "x", "2", "e"]:
                tools.js(f"{STATUS}.textContent = ''")
                tools.press(key)
                if key == "e":
                    tools.until("document.activeElement?.tagName === 'TEXTAREA'", "the editor")
                    tools.js("document.activeElement.value = 'Walks the dog at eight'")
                    tools.press("Enter")
                tools.until(f"{STATUS}.textContent === '{STOPPED}' && {STATUS}.className === 'error'", key)
            tools.capture(tmp_path / "stopped.png")
            assert "Failed to fetch" not in tools.js("document.body.innerText")
        finally:
            tools.close()
        assert "The review page has stopped." in process.stderr.read().decode()
        assert states(folder) == before
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(5)


def test_the_page_shows_times_in_the_one_format_of_every_owner_view(server: ReviewServer) -> None:
    """The same `display.when` as the command line and the terminal review, with the time zone: the
    server formats it, so the page cannot drift into a format of the browser's own."""
    status, answer = request(server, "/api/memories?state=all")
    assert status == 200 and answer["memories"]
    for memory in answer["memories"]:
        assert memory["proposed"] == when(memory["created"]) and " UTC" in memory["proposed"]
    page = (Path(review_web.__file__).parent / "page.html").read_text(encoding="utf-8")
    assert "toLocale" not in page and "new Date" not in page
    assert "memory.proposed" in page


def test_the_page_states_the_text_limit_of_the_model(server: ReviewServer) -> None:
    status, page = request(server, "/")
    assert status == 200 and f'maxlength: "{TEXT_LIMIT}"' in page and "{{" not in page


# -- a flood from one connection --------------------------------------------------------------

FLOOD = ("flood-client", "9.9")
"""The client that floods, as it names itself."""
FLOODED = 55
"""More than a page (`review_web.PAGE`) of its proposals."""


def seed_flood(folder: Path) -> tuple[list[str], str]:
    """`FLOODED` proposals from one connection of `FLOOD`, then one from a calmer client; (the flood's ids,
    the calm one's id)."""
    flood = seed(
        folder,
        *((f"Flood memory {n} about zeppelins", f"zeppelins, {n} times", "other") for n in range(FLOODED)),
        client=FLOOD,
    )
    (calm,) = seed(folder, ("Prefers tea over coffee", "tea please", "preferences"), client=("calm-client", "1.0"))
    return flood, calm


def test_the_list_comes_a_page_at_a_time_and_filters_on_who_proposed(folder: Path) -> None:
    flood, calm = seed_flood(folder)
    with serving(folder) as server:
        first = request(server, "/api/memories?state=unconfirmed")[1]
        assert len(first["memories"]) == review_web.PAGE and first["matching"] == FLOODED + 1
        assert first["memories"][0]["id"] == calm and "similar" not in first["memories"][0], "similar: asked per card"
        rest = request(server, f"/api/memories?state=unconfirmed&offset={review_web.PAGE}")[1]["memories"]
        assert {m["id"] for m in first["memories"] + rest} == {*flood, calm} and len(
            rest
        ) == FLOODED + 1 - review_web.PAGE
        (connection,) = [c for c in first["connections"] if c["named"].startswith("flood-client 9.9 (c_")]
        assert connection["waiting"] == FLOODED and connection["proposed"] == FLOODED

        chosen = request(server, f"/api/memories?state=unconfirmed&by={connection['id']}&limit=100")[1]
        assert chosen["matching"] == FLOODED and {m["proposed_by"] for m in chosen["memories"]} == {connection["id"]}
        by_name = request(server, "/api/memories?state=unconfirmed&by=flood-client&since=2000-01-01T00:00")[1]
        assert by_name["matching"] == FLOODED
        assert request(server, "/api/memories?state=unconfirmed&by=flood-client&until=2000-01-01")[1]["matching"] == 0
        for bad in ["by=nobody", "by=flood-client&since=soon", "offset=-1", "limit=many"]:
            status, answer = request(server, f"/api/memories?state=unconfirmed&{bad}")
            assert status == 400 and answer["error"].endswith("."), (bad, answer)


def test_reject_all_of_one_connection_erases_them_once_if_the_page_saw_them_all(folder: Path) -> None:
    flood, calm = seed_flood(folder)
    with serving(folder) as server:
        before = states(folder)
        body = {"action": "reject", "by": "flood-client", "count": FLOODED - 1}
        status, answer = request(server, "/api/decide-many", body)
        assert (
            status == 409
            and f"{FLOODED} memories match now, not {FLOODED - 1}; nothing was rejected" in answer["error"]
        )
        for wrong in [{**body, "action": "approve"}, {**body, "by": 7}, {**body, "count": "all"}, {"action": "reject"}]:
            assert request(server, "/api/decide-many", wrong)[0] == 400, wrong
        assert states(folder) == before, "nothing changed"
        status, answer = request(server, "/api/decide-many", {**body, "count": FLOODED})
        assert status == 200 and answer == {"decided": FLOODED, "action": "reject"}
    now = states(folder)
    assert {now[i] for i in flood} == {"rejected"} and now[calm] == "unconfirmed"
    assert b"zeppelins" not in folder_bytes(folder), "erased from every file"
    assert sum(d.action == "reject" for d in history(folder)) == FLOODED


@pytest.mark.system
def test_the_page_decides_without_listing_again_and_rejects_all_of_one_connection(
    chromium: str, folder: Path, tmp_path: Path
) -> None:
    flood, calm = seed_flood(folder)
    with serving(folder) as server:
        tools = DevTools(chromium, tmp_path / "profile")
        try:
            tools.open(server.url)
            tools.until(f"{CARDS}.split(' ').length === {review_web.PAGE}", "the first page")
            tools.until(f"document.getElementById('more').textContent.includes('of {FLOODED + 1}')", "more to show")
            listings = "performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/memories')).length"
            listed = tools.js(listings)
            tools.press("a")
            until_state(folder, calm, "approved")
            tools.until(f"!{CARDS}.includes('{calm}')", "the approved card leaves the list")
            assert tools.js(listings) == listed, "a decision lists nothing again"

            tools.js(
                "const by = document.getElementById('by');"
                "by.value = [...by.options].find((o) => o.textContent.startsWith('flood-client')).value;"
                "by.dispatchEvent(new Event('change'))"
            )
            tools.until("!document.getElementById('bulk').hidden", "reject all and restrict all")
            assert tools.js("document.getElementById('reject-all').textContent") == f"Reject all {FLOODED}"
            assert "proposed by flood-client 9.9 (c_" in tools.js(f"{STATUS}.textContent")
            assert "by flood-client 9.9 (c_" in tools.js("document.querySelector('.card .meta').textContent")
            tools.screenshot(tmp_path / "filter.png")
            tools.js("window.asked = []; window.confirm = (m) => { window.asked.push(m); return true; }")
            tools.js("document.getElementById('reject-all').click()")
            tools.until(f"{STATUS}.textContent === '{FLOODED} memories rejected.'", "said")
            (asked,) = tools.js("window.asked")
            assert asked.startswith(f"Reject all {FLOODED} memories proposed by flood-client 9.9 (c_")
            assert "cannot be undone" in asked
            tools.until("!!document.querySelector('.empty')", "nothing left from it")
        finally:
            tools.close()
    assert {states(folder)[i] for i in flood} == {"rejected"}
    assert (tmp_path / "filter.png").stat().st_size > 1000
