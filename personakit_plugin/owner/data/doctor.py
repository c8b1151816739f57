"""`personakit stats` and `personakit doctor`: what is in the data folder, and whether all is well.

Doctor looks without changing anything: it never creates the data folder or the database, and
opens the store only to look at it (`Config.look_only`), through what the store says of itself
(`core.store.Describes`): SQLite's file read-only, PostgreSQL's schema without migrating it.
Each finding is one line, `ok`, `warn` or `FAIL`, said as soon as its check has found it (`checks`);
any `FAIL` makes the command exit with status 1. `doctor --json` says them all as one object (`report`).

For the MCP hosts it reads each one's configuration files (`hosts/table.py` knows where they are and in
which format, JSON, JSON with comments or TOML; one it cannot parse is a FAIL) and starts every
entry that mentions personakit the way the host would: its command, args and env, over stdio
with the SDK's own client, which asks it to `initialize` and list its tools within
`PROBE_TIMEOUT` seconds, then stops it. It starts it with `PROBE_ENV` set, under which `personakit
serve` creates nothing (no data folder, no database, no reserve file: a folder that does not exist yet
is served empty) and serves `personakit_read` alone, so that nothing is taken in; an existing older
schema is still upgraded, as each start by the host would. A command that is not this PersonaKit (an
older one, a wrapper that drops the variable) may still make its folder.
"""

from __future__ import annotations

import json
import logging
import os
import shlex
import stat
import sys
import tempfile
import warnings
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anyio
import msgspec

from personakit_plugin.core.data_folder import exposures
from personakit_plugin.core.model import CATEGORIES, STATES, Memory
from personakit_plugin.owner.console import PROBE_ENV, view_in
from personakit_plugin.owner.display import printable
from personakit_plugin.owner.hosts.entry import entry_folder

if TYPE_CHECKING:
    from personakit_plugin.core.store import Describes, Description

OK, WARN, FAIL = "ok", "warn", "FAIL"
NAME = "personakit"


class Finding(msgspec.Struct, frozen=True):
    level: str
    message: str

    def line(self) -> str:
        return f"{self.level:<4}  {self.message}"


# -- stats ------------------------------------------------------------------------------------


class Kept(msgspec.Struct, frozen=True):
    """Where the memory is kept and the room it takes there, as its store says (`Describes`)."""

    backend: str | None
    """None when the store does not describe itself: then `bytes` is None too."""
    location: str
    bytes: int | None
    exists: bool = True
    """False when nothing is there yet: the store makes its data on first use."""

    @classmethod
    def of(cls, store: object) -> Kept:
        from personakit_plugin.core.store import Describes

        location = str(getattr(store, "location", "an unnamed store"))
        if not isinstance(store, Describes):
            return cls(None, location, None)
        said = store.describe()
        return cls(said.backend, said.location, sum(said.sizes.values()) if said.sizes else None, said.exists)

    def sentence(self) -> str:
        where = printable(self.location)
        if self.backend is None:
            return f"Kept at {where}; that store does not describe itself, so its size is not known."
        if not self.exists:
            return f"Nothing is kept yet; the memory will be kept in {self.backend} at {where}."
        if self.bytes is None:
            return f"Kept in {self.backend} at {where}."
        return f"Kept in {self.backend} at {where} ({self.bytes / 2**20:.1f} MiB)."


class Stats(msgspec.Struct, frozen=True):
    states: dict[str, int]
    categories: dict[str, int]
    """Memories not rejected, by category (a rejected memory keeps none)."""
    oldest_unreviewed: str | None
    oldest_unreviewed_created: float | None
    store: Kept | None = None


def stats(memories: Iterable[Memory], store: Kept | None = None) -> Stats:
    by_state = dict.fromkeys(STATES, 0)
    by_category = dict.fromkeys(CATEGORIES, 0)
    oldest: Memory | None = None
    for memory in memories:
        by_state[memory.state] = by_state.get(memory.state, 0) + 1
        if memory.state == "rejected":
            continue
        by_category[memory.category] = by_category.get(memory.category, 0) + 1
        if memory.state == "unconfirmed" and (
            oldest is None or (memory.created, memory.id) < (oldest.created, oldest.id)
        ):
            oldest = memory
    return Stats(
        by_state,
        by_category,
        oldest.id if oldest else None,
        oldest.created if oldest else None,
        store,
    )


def age(seconds: float) -> str:
    """A duration as the owner would say it: `3 days`, `1 hour`, `less than a minute`."""
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size:
            count = int(seconds // size)
            return f"{count} {unit}{'' if count == 1 else 's'}"
    return "less than a minute"


# -- doctor -----------------------------------------------------------------------------------


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def check_folder(folder: Path) -> Iterator[Finding]:
    if not folder.exists():
        yield Finding(WARN, f"The data folder {folder} does not exist yet; PersonaKit creates it on first use.")
        return
    if not folder.is_dir():
        yield Finding(FAIL, f"The data folder {folder} is not a folder.")
        return
    # What every PersonaKit command would tighten, or refuse, when it opens the folder (`data_folder`).
    found = exposures(folder)
    yield from (Finding(FAIL, exposure.sentence) for exposure in found)
    if any(not exposure.tightens for exposure in found):
        return  # another user's, or a link: nothing in it is looked at
    if folder not in {exposure.path for exposure in found}:
        yield Finding(OK, f"Data folder {folder} (mode {_mode(folder):04o}).")
    if not os.access(folder, os.W_OK | os.X_OK):
        yield Finding(FAIL, f"The data folder {folder} is not writable by you.")


# -- the store ----------------------------------------------------------------------------------


def check_store(folder: Path, environ: dict[str, str]) -> Iterator[Finding]:
    """The store the plugins open for `folder`, opened only to be looked at (`Config.look_only`) and
    checked through what it says of itself (`core.store.Describes`): whether it exists, is PersonaKit's,
    its schema, its own integrity check, its size. A store that cannot describe itself is said to be
    unchecked. Nothing is looked at in a folder that is not a folder, or not the owner's alone."""
    from personakit_plugin.core.kit import PersonaKit
    from personakit_plugin.core.plugins import PluginError, make_plugin_manager
    from personakit_plugin.core.store import Config, Describes, StoreError

    if folder.exists() and (not folder.is_dir() or any(not exposure.tightens for exposure in exposures(folder))):
        return  # `check_folder` said why
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # `check_plugins` reports them
            pm = make_plugin_manager(environ=environ)
    except PluginError:
        return  # `check_plugins` says which plugin
    try:
        kit = PersonaKit(pm, Config(data_dir=folder, environ=environ, create=False, look_only=True))
    except PluginError as exc:  # the store plugin failed to open it: the owner's terminal, the details too
        yield Finding(FAIL, exc.described(details=True))
        return
    except StoreError as exc:
        yield Finding(FAIL, printable(str(exc)))
        return
    try:
        store = kit.store
        if not isinstance(store, Describes):
            yield Finding(
                WARN,
                f"The store at {printable(store.location)} cannot be checked: it does not describe itself "
                "(it has no `describe` and `integrity`), so its schema, integrity and size are not checked.",
            )
            return
        yield from _store_findings(store)
        yield from _progress_findings(pm, kit)
    except StoreError as exc:
        yield Finding(FAIL, printable(str(exc)))
    finally:
        kit.close()


def _store_findings(store: Describes) -> Iterator[Finding]:
    said = store.describe()
    where = printable(said.location)
    if not said.exists:
        yield Finding(WARN, f"There is no {said.backend} database at {where} yet; it is created on first use.")
        return
    if not said.own:
        yield Finding(FAIL, f"{where} is not a PersonaKit database (schema version {said.schema}).")
        return
    if said.schema > said.schema_known:
        yield Finding(FAIL, f"Schema version {said.schema} is newer than this PersonaKit knows ({said.schema_known}).")
        return
    if said.schema < said.schema_known:
        yield Finding(WARN, f"Schema version {said.schema}; it is upgraded to {said.schema_known} when next opened.")
    else:
        yield Finding(OK, f"Schema version {said.schema}.")
    problems = store.integrity()
    if problems:
        yield Finding(FAIL, f"Integrity check failed: {printable('; '.join(problems[:3]))}.")
    else:
        yield Finding(OK, "Integrity check passed.")
    yield Finding(OK, f"{said.backend} store at {where}: {_holds(said)}.")
    if said.erasure_unfinished:
        yield Finding(
            WARN,
            "An erasure a reject started is not finished yet (another program held it up); "
            "the next PersonaKit command that writes finishes it.",
        )


def _progress_findings(pm: Any, kit: Any) -> Iterator[Finding]:
    """What each plugin says it keeps in this store (`PERSONAKIT_PROGRESS`), such as how far an index is built."""
    from personakit_plugin.core.plugins import progress_of

    for name, plugin in pm.list_name_plugin():
        said = progress_of(plugin, kit) if plugin is not None else None
        if said:
            yield Finding(OK, f"Plugin {printable(name)}: {printable(said)}.")


def _holds(said: Description) -> str:
    """What a store holds, as the owner reads it: `12 memories, 40 quotes, 9 decisions; 1.4 MiB`."""
    rows = ", ".join(f"{count:,} {table}" for table, count in said.counts.items())
    size = sum(said.sizes.values())
    return f"{rows or 'no rows counted'}; {size / 2**20:.1f} MiB" if said.sizes else rows or "no rows counted"


def check_plugins(environ: dict[str, str], folder: Path | None = None) -> Iterator[Finding]:
    """The plugins load (FAIL naming the one that does not, or a name set that is not installed);
    WARN for each first-result hook where one plugin may shadow another. What each says of itself is
    said for the data folder `folder` (the recall plugin's model chosen for it, say)."""
    from personakit_plugin.core.plugins import PluginError, hook_orders, make_plugin_manager, plugin_infos

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            pm = make_plugin_manager(environ=environ)
        except PluginError as exc:  # the owner's terminal: the details too
            yield Finding(FAIL, exc.described(details=True))
            return
    for warning in caught:
        yield Finding(WARN, str(warning.message).splitlines()[0])
    infos = plugin_infos(pm, folder)
    names = ", ".join(f"{info.name} {info.version or '(no version)'}" for info in infos)
    yield Finding(OK, f"Plugins loaded: {names}.")
    for info in infos:
        if info.detail:
            yield Finding(OK, f"Plugin {printable(info.name)}: {printable(info.detail)}.")
    for order in hook_orders(pm):
        if order.shadowed:
            first = order.plugins[0]
            yield Finding(
                WARN,
                f"{first} may shadow {', '.join(order.shadowed)} in {order.hook}: {first} is asked first and the "
                "rest only when it returns None; list them in PERSONAKIT_PLUGINS in the order you want.",
            )
    for info in infos:
        if "personakit_store" in info.hooks and not info.default:
            yield Finding(
                OK,
                f"Storage plugin {info.name} is loaded: where it is configured, the memory is kept there, "
                "and the store checks above are of the store it opens.",
            )


PROBE_TIMEOUT = 10.0
"""Seconds a host's command has to start and answer `initialize` and `tools/list`."""
STDERR_TAIL = 4000
"""How much of the end of a failed entry's stderr is kept to say why it failed, in characters."""
Launch = tuple[str, list[str], dict[str, str]]
"""An entry's command, args and env, as the host would start it."""


def host_configs(
    home: Path, cwd: Path, environ: Mapping[str, str], platform: str = sys.platform
) -> list[tuple[str, Path, str]]:
    """The MCP host configuration files that may exist on this machine: each host's own, where
    `personakit connect` writes, then those of a project in the current folder. Each with its host
    and its format (JSON, JSON with comments, TOML)."""
    from personakit_plugin.owner.hosts.table import JSON, JSONC, TOML, host_files

    found = [(host.title, path, host.format) for host, path in host_files(home, environ, platform)]
    return [
        *found,
        ("Claude Code", cwd / ".mcp.json", JSON),
        ("Cursor", cwd / ".cursor" / "mcp.json", JSONC),
        ("VS Code", cwd / ".vscode" / "mcp.json", JSONC),
        ("Zed", cwd / ".zed" / "settings.json", JSONC),
        ("Codex CLI", cwd / ".codex" / "config.toml", TOML),
        ("Gemini CLI", cwd / ".gemini" / "settings.json", JSONC),
    ]


def _entries(value: object) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every server in a configuration that is started by a command, with its name, wherever it is
    (`mcpServers`, `servers`, a project's `mcpServers` in Claude Code's file)."""
    if isinstance(value, dict):
        for key, inner in value.items():
            if isinstance(inner, dict) and isinstance(inner.get("command"), str):
                yield str(key), inner
            yield from _entries(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _entries(inner)


def _launch(entry: dict[str, Any]) -> Launch | str:
    """How the host starts the entry; or, when it cannot, why (a phrase)."""
    args, env = entry.get("args", []), entry.get("env") or {}
    if not isinstance(args, list) or not all(isinstance(arg, str) for arg in args):
        return "its args are not a list of strings"
    if not isinstance(env, dict):
        return "its env is not an object"
    return str(entry["command"]), args, {str(k): v if isinstance(v, str) else json.dumps(v) for k, v in env.items()}


def _leaves(error: BaseException) -> Iterator[BaseException]:
    if isinstance(error, BaseExceptionGroup):
        for inner in error.exceptions:
            yield from _leaves(inner)
    else:
        yield error


def _failure(error: BaseException, command: str, said: str, timeout: float) -> str:
    """Why starting a command failed, as a phrase, from what the client raised and the server's stderr."""
    from mcp.shared.exceptions import MCPError
    from mcp_types import CONNECTION_CLOSED

    leaf = next(_leaves(error))
    last = [line.strip() for line in said.splitlines() if line.strip()][-1:]
    tail = f" (its last words: {printable(last[0][:200])!r})" if last else ""
    if isinstance(leaf, TimeoutError):
        return f"gives no answer within {timeout:g} second{'' if timeout == 1 else 's'}{tail}"
    if isinstance(leaf, FileNotFoundError):
        bare = not os.path.isabs(command)
        return f"its command {command!r} is not found{' on PATH; give its full path' if bare else ''}"
    if isinstance(leaf, PermissionError):
        return f"its command {command!r} is not allowed to run (permission denied)"
    if isinstance(leaf, OSError):
        return f"its command {command!r} cannot be started ({leaf.strerror or leaf})"
    if isinstance(leaf, MCPError) and leaf.error.code == CONNECTION_CLOSED:
        return f"exits before answering{tail}"
    return f"does not answer as an MCP server ({printable(str(leaf))[:200]}){tail}"


async def _probe(launch: Launch, timeout: float) -> str | None:
    """Start the command as a host would (over stdio, with the SDK's own client), ask it to
    `initialize` and list its tools, then stop it. None when it is PersonaKit; else why not."""
    from mcp import Client, StdioServerParameters
    from mcp.client.stdio import stdio_client

    command, args, env = launch
    parameters = StdioServerParameters(command=command, args=args, env={**env, PROBE_ENV: "1"})
    with tempfile.TemporaryFile("w+", encoding="utf-8", errors="replace") as errlog:
        try:
            with anyio.fail_after(timeout):
                async with Client(stdio_client(parameters, errlog=errlog), read_timeout_seconds=timeout + 5) as client:
                    info = client.server_info
                    tools = [tool.name for tool in (await client.list_tools()).tools]
        except Exception as exc:
            errlog.seek(0)
            return _failure(exc, command, errlog.read()[-STDERR_TAIL:], timeout)
    if "personakit_read" not in tools:
        name = printable(info.name) if info else "a server"
        return f"answers over MCP but is not PersonaKit (it is {name!r}, with tools {', '.join(tools) or 'none'})"
    return None


def probe(launches: list[Launch], timeout: float = PROBE_TIMEOUT) -> list[str | None]:
    """Each command started at once (and stopped); for each, None when it is PersonaKit, else why not."""
    results: list[str | None] = [None] * len(launches)

    async def one(index: int) -> None:
        results[index] = await _probe(launches[index], timeout)

    async def every() -> None:
        async with anyio.create_task_group() as group:
            for index in range(len(launches)):
                group.start_soon(one, index)

    before = logging.root.manager.disable
    logging.disable(logging.CRITICAL)  # the SDK logs a server's bad output; the finding says it instead
    try:
        anyio.run(every)
    finally:
        logging.disable(before)
    return results


def _same_folder(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve() or (a.exists() and b.exists() and os.path.samefile(a, b))
    except OSError:
        return False


def _read_hosts(home: Path, cwd: Path, environ: Mapping[str, str]) -> Iterator[Finding | tuple[str, str, Any, Path]]:
    """Each configuration file that exists, parsed (host, where, value, path); a FAIL for one that cannot be."""
    from personakit_plugin.owner.hosts.connect import ConfigError, read_config

    seen: set[Path] = set()
    for host, path, format in host_configs(home, cwd, environ):
        if path in seen or not path.is_file():
            continue
        seen.add(path)
        try:
            _, config = read_config(path, host, format)
        except ConfigError as exc:
            yield Finding(FAIL, f"{exc}; {host} cannot use it either until it is fixed.")
            continue
        yield host, f"{host}'s configuration {path}", config, path


def _entry_findings(
    host: str, where: str, name: str, launch: Launch, why: str | None, folder: Path
) -> Iterator[Finding]:
    command, args, env = launch
    said = f"{where}: {name!r} ({shlex.join([command, *args])})"
    if why is not None:
        yield Finding(FAIL, f"{said} cannot start PersonaKit: {why}.")
        return
    view = view_in(args)
    theirs = entry_folder(args, env)
    yield Finding(
        OK,
        f"{said} starts PersonaKit. Its data folder: {theirs}."
        f"{' ' + view.sentence() if view else ''}{_recall_model(theirs, env)}",
    )
    if not _same_folder(theirs, folder):
        yield Finding(
            WARN,
            f"{said} uses the data folder {theirs}, not {folder}, the one checked here; "
            f"`personakit --data-dir {shlex.quote(str(theirs))} doctor` checks that one.",
        )
    if PROBE_ENV in env:
        yield Finding(
            WARN,
            f"{said} sets {PROBE_ENV} in its env, which only doctor's own check uses: its server offers the "
            "assistant no way to propose and keeps nothing; remove it from the entry.",
        )
    if host == "Claude Desktop" and not os.path.isabs(command):
        yield Finding(
            WARN,
            f"{said} names its command without a folder, and Claude Desktop does not see your shell's PATH; "
            "`personakit connect claude-desktop` writes the full path.",
        )


def _recall_model(folder: Path, env: Mapping[str, str]) -> str:
    """The recall model an entry's PersonaKit uses, as a sentence to add: the one its env sets, else the
    one recorded in its data folder, else the bundled one; nothing when none is chosen and the recall
    plugin is not installed here."""
    from personakit_plugin.core.settings import SettingsError
    from personakit_plugin.owner.commands.recall_model import chosen_sentence, plugin_installed

    try:
        said = chosen_sentence(folder, env, "its env")
    except SettingsError as exc:
        return f" Its recall model is not known: {printable(str(exc))}"
    if said.startswith("the plugin's bundled") and not plugin_installed():
        return ""
    return f" Its recall model (where the recall plugin is installed): {said}."


def check_hosts(
    home: Path, cwd: Path, environ: Mapping[str, str], folder: Path, timeout: float = PROBE_TIMEOUT
) -> Iterator[Finding]:
    """Each host configuration: FAIL when it cannot be read; each of its entries that mentions
    personakit started as the host would, FAIL when it does not answer as PersonaKit, WARN when it
    uses another data folder than `folder`; a host's own file without personakit is named, with the
    command that adds it."""
    from personakit_plugin.owner.hosts.table import HOSTS

    own_files = {host.locate(home, environ, sys.platform): name for name, host in HOSTS.items()}
    mentioned = False
    found: list[tuple[str, str, str, Launch | str]] = []
    for item in _read_hosts(home, cwd, environ):
        if isinstance(item, Finding):
            yield item
            continue
        host, where, config, path = item
        if NAME not in json.dumps(config).casefold():
            if path in own_files:
                name = own_files[path]
                yield Finding(
                    OK, f"{host} has a configuration without personakit; `personakit connect {name}` adds it."
                )
            continue
        mentioned = True
        entries = [(name, e) for name, e in _entries(config) if NAME in (name + json.dumps(e)).casefold()]
        if not entries:
            yield Finding(OK, f"{where} mentions personakit but starts no server with it; nothing to check.")
        found += [(host, where, name, _launch(entry)) for name, entry in entries]
    launches = list({json.dumps(launch): launch for *_, launch in found if not isinstance(launch, str)}.values())
    answers = dict(zip(map(json.dumps, launches), probe(launches, timeout), strict=True)) if launches else {}
    for host, where, name, launch in found:
        if isinstance(launch, str):
            yield Finding(FAIL, f"{where}: {name!r} cannot be started: {launch}.")
        else:
            yield from _entry_findings(host, where, name, launch, answers[json.dumps(launch)], folder)
    if not mentioned:
        yield Finding(WARN, "No MCP host configuration on this machine mentions personakit yet.")


CHECKS = ("folder", "store", "plugins", "hosts")
"""What doctor checks, in order: the name of each finding's check in `doctor --json`."""


def checks(
    folder: Path,
    environ: dict[str, str],
    home: Path | None = None,
    cwd: Path | None = None,
    commands_left_out: Sequence[str] = (),
) -> Iterator[tuple[str, Finding]]:
    """Each finding with the name of its check, as soon as that check has found it (a host entry that is
    slow to start holds back only the findings after it). `commands_left_out`: the command line's warning
    for each plugin whose commands it left out (`plugin_commands.left_out`), a WARN among the plugins'."""
    yield from (("folder", finding) for finding in check_folder(folder))
    yield from (("store", finding) for finding in check_store(folder, environ))
    yield from (("plugins", finding) for finding in check_plugins(environ, folder))
    yield from (("plugins", Finding(WARN, printable(warning))) for warning in commands_left_out)
    yield from (("hosts", finding) for finding in check_hosts(home or Path.home(), cwd or Path.cwd(), environ, folder))


def doctor(folder: Path, environ: dict[str, str], home: Path | None = None, cwd: Path | None = None) -> list[Finding]:
    return [finding for _, finding in checks(folder, environ, home, cwd)]


def report(folder: Path, found: Iterable[tuple[str, Finding]]) -> dict[str, Any]:
    """`doctor --json`: one object whose keys are stable (docs/commands-cli.md): `data_dir`, `ok` (no
    finding is a failure), `counts` of each level, and `findings` in order, each its `check`, `level`
    (`ok`, `warn` or `fail`) and `message` (the sentence a line says)."""
    findings = [
        {"check": check, "level": finding.level.lower(), "message": finding.message} for check, finding in found
    ]
    counts = {level: sum(1 for f in findings if f["level"] == level) for level in ("ok", "warn", "fail")}
    return {"data_dir": str(folder), "ok": counts["fail"] == 0, "counts": counts, "findings": findings}
