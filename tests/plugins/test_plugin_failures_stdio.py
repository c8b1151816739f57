"""A misbehaving plugin, installed for real and loaded by `python -m personakit_plugin serve` over real
stdio: a mask whose label carries the masked text (or is long, or holds digits, or repeats a word of
what it masks) fails the read closed; a plugin that raises with the owner's words in its message, or a
refusal hook that returns them, leaves them out of the server's log (stderr), which names the plugin,
the hook and the exception's type; with `PERSONAKIT_LOG_DETAILS=1` the log warns and has the details
(contract: "Plugins at the boundary")."""

from __future__ import annotations

import subprocess
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.client.stdio import stdio_client

from ..conftest import clean_environ, personakit_command, stdio_parameters, structured
from ..helpers import installed as fakes

install = fakes.install

pytestmark = [pytest.mark.anyio, pytest.mark.system]

READ_FAILED = "PersonaKit could not answer this read: a plugin failed; the owner can see why in the server's log."
PROPOSE_FAILED = "PersonaKit could not take this proposal: a plugin failed; the owner can see why in the server's log."
ADDRESS = "ann.falconer@example.org"

LEAKY = f"""
from personakit_plugin import hookimpl
from personakit_plugin.core.redaction import Mask

ADDRESS = {ADDRESS!r}


@hookimpl
def personakit_redact(text):
    start = text.find(ADDRESS)
    if start < 0:
        return []
    end = start + len(ADDRESS)
    if "alpha" in text:
        return [Mask(start, end, "email:" + ADDRESS)]  # the address in the label
    if "bravo" in text:
        return [Mask(start, end, "a label far longer than any short name")]
    if "charlie" in text:
        return [Mask(start, end, "email two")] if "spelled" in text else [Mask(start, end, "email 2")]
    if "delta" in text:
        return [Mask(start, end, "falconer")]  # plain and short, but a word of what it masks
    if "echo" in text:
        raise RuntimeError(f"cannot redact quote {{text!r}}")
    return []


@hookimpl
def personakit_refuse(text, quote):
    return {{"why": quote}} if "foxtrot" in text else None
"""

QUOTES = {
    "alpha": f"alpha: write to {ADDRESS} about the Zanzibar falcons",
    "bravo": f"bravo: write to {ADDRESS} about the Zanzibar falcons",
    "charlie": f"charlie: write to {ADDRESS} about the Zanzibar falcons",
    "delta": f"delta: write to {ADDRESS} about the Zanzibar falcons",
    "echo": f"echo: ask <@U024BE7LH> about PRJ-1234 at {ADDRESS}",
}


def _server(tmp_path: Path, install: Callable[..., str], **env: str) -> tuple[Any, Path]:
    """How to start the real server with the leaky plugin installed, and where its stderr goes."""
    install("fake-leaky", LEAKY)
    folder = tmp_path / "data"
    parameters = stdio_parameters(
        folder,
        "serve",
        env={"PYTHONPATH": str(tmp_path / "installed"), "PERSONAKIT_PLUGINS": "fake-leaky", "COLUMNS": "500", **env},
    )
    log = tmp_path / "stderr.txt"
    return parameters, log


async def _serve(parameters: Any, log: Path, calls: Callable[[Client], Awaitable[None]]) -> str:
    """Run `calls` against the server, then its stderr, white space collapsed."""
    with log.open("w") as errlog:
        async with Client(stdio_client(parameters, errlog=errlog), read_timeout_seconds=20.0) as client:
            await calls(client)
    return " ".join(log.read_text().split())  # the SDK's log handler may wrap long lines


async def _propose_each(client: Client) -> None:
    for word, quote in QUOTES.items():
        stored = structured(await client.call_tool("personakit_propose", {"text": f"Writes {word}", "quote": quote}))
        assert stored["stored"] is True


def assert_generic(result: Any, sentence: str) -> None:
    assert result.is_error is True
    assert [block.text for block in result.content] == [sentence]


async def test_a_label_that_is_not_a_plain_short_name_fails_the_read_closed(
    tmp_path: Path, install: Callable[..., str]
) -> None:
    """A label with the address, a long one, one with a digit, one repeating a word of the address:
    each read is the fixed sentence; a plain label that shares nothing passes; no log line holds
    the address."""
    parameters, log = _server(tmp_path, install)

    async def calls(client: Client) -> None:
        await _propose_each(client)
        for word in ("alpha", "bravo", "charlie", "delta"):
            assert_generic(await client.call_tool("personakit_read", {"question": word}), READ_FAILED)
        control = structured(await client.call_tool("personakit_propose", {
            "text": "Writes charlie spelled", "quote": f"charlie spelled: {ADDRESS} about the Zanzibar falcons"
        }))  # fmt: skip
        assert control["stored"] is True
        shown = structured(await client.call_tool("personakit_read", {"question": "spelled"}))
        assert shown["memories"][0]["evidence"] == ["charlie spelled: [email two] about the Zanzibar falcons"]

    stderr = await _serve(parameters, log, calls)
    assert "'fake-leaky' returned a mask whose label is not a plain short name from personakit_redact" in stderr
    assert "'fake-leaky' returned a mask whose label shares a word with the text it masks" in stderr
    assert stderr.count("failed: PersonaKit plugin 'fake-leaky' returned a mask") == 4, stderr
    assert "falconer" not in stderr and "example.org" not in stderr and "Zanzibar" not in stderr, stderr


async def test_a_plugins_failure_leaves_the_owners_words_out_of_the_log(
    tmp_path: Path, install: Callable[..., str]
) -> None:
    """A redaction hook raising with the quote in its message, a refusal hook returning the quote:
    the assistant gets the fixed sentence; stderr names the plugin, the hook and the type, and holds
    neither the quote nor the memory's text."""
    parameters, log = _server(tmp_path, install)

    async def calls(client: Client) -> None:
        await _propose_each(client)
        assert_generic(await client.call_tool("personakit_read", {"question": "echo"}), READ_FAILED)
        refused = {"text": "Writes foxtrot", "quote": "foxtrot: the Zanzibar falcons"}
        assert_generic(await client.call_tool("personakit_propose", refused), PROPOSE_FAILED)

    stderr = await _serve(parameters, log, calls)
    assert (
        "personakit_read failed: PersonaKit plugin 'fake-leaky' failed in personakit_redact (RuntimeError)." in stderr
    )
    assert "personakit_propose failed: PersonaKit plugin 'fake-leaky' returned dict from personakit_refuse" in stderr
    for said in ("U024BE7LH", "PRJ-1234", "cannot redact", "falconer", "Zanzibar", "foxtrot:", "Writes"):
        assert said not in stderr, (said, stderr)
    assert "PERSONAKIT_LOG_DETAILS" not in stderr


async def test_with_the_owners_opt_in_the_log_warns_and_has_the_details(
    tmp_path: Path, install: Callable[..., str]
) -> None:
    parameters, log = _server(tmp_path, install, PERSONAKIT_LOG_DETAILS="1")

    async def calls(client: Client) -> None:
        await _propose_each(client)
        assert_generic(await client.call_tool("personakit_read", {"question": "echo"}), READ_FAILED)

    stderr = await _serve(parameters, log, calls)
    assert "PERSONAKIT_LOG_DETAILS is set" in stderr and "can contain what the owner said" in stderr
    assert stderr.index("PERSONAKIT_LOG_DETAILS is set") < stderr.index("personakit_read failed")
    assert "(RuntimeError: cannot redact quote " in stderr and "PRJ-1234" in stderr
    assert "Traceback (most recent call last)" in stderr


def test_the_owners_commands_show_the_details_and_serve_logs_them_only_when_asked(
    tmp_path: Path, install: Callable[..., str]
) -> None:
    """A plugin that fails to load: `personakit plugins` tells the owner why on their terminal; `serve`,
    whose stderr a host keeps as a log, names the plugin and the type, the text only with the opt-in."""
    install("fake-broken", "raise RuntimeError('no such library: ann.falconer')\n")
    env = clean_environ(PYTHONPATH=str(tmp_path / "installed"), PERSONAKIT_PLUGINS="fake-broken")

    def run(*args: str, **more: str) -> str:
        done = subprocess.run(
            personakit_command("--data-dir", tmp_path / "data", *args),
            capture_output=True, text=True, timeout=60, env={**env, **more}, stdin=subprocess.DEVNULL,
        )  # fmt: skip
        assert done.returncode == 1 and done.stdout == "", done
        return done.stderr

    said = "personakit: PersonaKit plugin 'fake-broken' failed to load (RuntimeError"
    assert run("plugins") == f"{said}: no such library: ann.falconer).\n"
    assert run("serve") == f"{said}).\n"
    warning, error = run("serve", PERSONAKIT_LOG_DETAILS="1").splitlines()
    assert "PERSONAKIT_LOG_DETAILS is set" in warning and error == f"{said}: no such library: ann.falconer)."
