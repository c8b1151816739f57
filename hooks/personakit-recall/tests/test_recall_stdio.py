"""The recall plugin as installed, in the real server over real stdio, loaded through its entry point."""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client
from recall_testing import BULLETS, BULLETS_QUOTE, OTHERS, PARAPHRASE, TIMEOUT, environ, owner


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def parameters(folder: Path, **env: str) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable,
        args=["-m", "personakit_plugin", "--data-dir", str(folder), "serve"],
        env=environ(PERSONAKIT_PLUGINS="recall", **env),
    )


async def call(client: Client, tool: str, **arguments: Any) -> Any:
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, result.content
    return json.loads(result.content[0].text)


async def read_ids(client: Client, question: str) -> list[str]:
    return [memory["id"] for memory in (await call(client, "personakit_read", question=question))["memories"]]


@pytest.mark.anyio
async def test_a_paraphrase_is_found_over_stdio_and_a_reject_elsewhere_is_gone_at_the_next_read(
    tmp_path: Path,
) -> None:
    with anyio.fail_after(TIMEOUT):
        async with Client(parameters(tmp_path), read_timeout_seconds=TIMEOUT) as client:
            for text, quote, category in OTHERS:
                await call(client, "personakit_propose", text=text, quote=quote, category=category)
            stored = await call(
                client, "personakit_propose", text=BULLETS, quote=BULLETS_QUOTE, category="communication"
            )
            assert (await read_ids(client, PARAPHRASE))[0] == stored["id"]
            await anyio.to_thread.run_sync(owner, tmp_path, "reject", stored["id"])
            assert stored["id"] not in await read_ids(client, PARAPHRASE)


@pytest.mark.anyio
async def test_a_question_of_words_the_model_has_no_pieces_for_brings_nothing_over_stdio(
    tmp_path: Path,
) -> None:
    """An assistant asking in runes, emoji or punctuation alone is answered, with nothing: not every
    memory of other words the model has no pieces for, as when they all had the unknown token's vector."""
    with anyio.fail_after(TIMEOUT):
        async with Client(parameters(tmp_path), read_timeout_seconds=TIMEOUT) as client:
            for text in ("ሰላም ሰላም", "☕☕☕", "…!?", BULLETS):
                await call(client, "personakit_propose", text=text, quote=f"I said: {text}", category="other")
            for question in ("ᚠᚢᚦᚨᚱᚲ?", "🦜🪐🧿", "?!", "\x1b[2J\x07"):
                assert await call(client, "personakit_read", question=question) == {
                    "memories": [],
                    "withheld": 0,
                }
            assert len(await read_ids(client, PARAPHRASE)) == 1


@pytest.mark.anyio
async def test_initialize_and_tools_list_do_not_load_the_model(tmp_path: Path) -> None:
    # A model folder that does not exist: loading it says so on stderr, so the log shows when it was tried.
    missing = str(tmp_path / "no-model")
    with tempfile.TemporaryFile("w+", encoding="utf-8") as errlog, anyio.fail_after(TIMEOUT):
        stdio = stdio_client(parameters(tmp_path / "data", PERSONAKIT_RECALL_MODEL=missing), errlog=errlog)
        async with Client(stdio, read_timeout_seconds=TIMEOUT) as client:
            assert [tool.name for tool in (await client.list_tools()).tools] == [
                "personakit_read",
                "personakit_propose",
            ]
            await call(
                client, "personakit_propose", text="Drinks green tea", quote="tea please", category="other"
            )
            errlog.seek(0)
            assert "personakit-recall is off" not in errlog.read()
            assert len(await read_ids(client, "tea")) == 1  # the read goes on by words
        errlog.seek(0)
        assert "personakit-recall is off" in errlog.read()


def test_plugins_shows_the_plugin_and_its_model(tmp_path: Path) -> None:
    import subprocess

    done = subprocess.run(
        [sys.executable, "-m", "personakit_plugin", "plugins"],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        env=environ(PERSONAKIT_PLUGINS="recall"),
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, done.stderr
    assert "personakit_retrieve" in done.stdout
    assert "recall: model personakit-static (bundled)" in done.stdout


@pytest.mark.anyio
async def test_a_server_started_with_no_variable_loads_the_model_recorded_in_its_data_folder(
    tmp_path: Path,
) -> None:
    # As a desktop host starts it: nothing in its environment chooses a model; the data folder does.
    from test_bert import tiny_bert

    model = tiny_bert(tmp_path / "tiny-bert")
    data = tmp_path / "data"
    await anyio.to_thread.run_sync(owner, data, "recall-model", str(model))
    shutil.rmtree(model)  # gone since it was recorded: only a server that read the record fails to load it
    with tempfile.TemporaryFile("w+", encoding="utf-8") as errlog, anyio.fail_after(TIMEOUT):
        async with Client(
            stdio_client(parameters(data), errlog=errlog), read_timeout_seconds=TIMEOUT
        ) as client:
            await call(
                client, "personakit_propose", text="Drinks green tea", quote="tea please", category="other"
            )
            assert len(await read_ids(client, "tea")) == 1  # by words, as a model that cannot load leaves it
        errlog.seek(0)
        said = errlog.read()
    assert "personakit-recall is off" in said  # the bundled model, chosen by nothing, would have loaded
