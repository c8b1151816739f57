"""`personakit connect` and `disconnect` leave every byte outside PersonaKit's entry as it was.

Each host gets a file written the way its owners write it (comments, trailing commas, another
server on one line, tabs, CRLF, a byte-order mark); the tests compare the bytes before, after
connect, after a second connect and after disconnect, through the command line in-process. A
property test draws JSON-with-comments files of every layout and checks the same.

Where connect+disconnect cannot give the original back, a test says so: when connect had to make the
servers' object (or the file), disconnect leaves it, empty.
"""

from __future__ import annotations

import difflib
import json
import os
import stat
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from personakit_plugin.owner.hosts.connect import Change, plan, plan_removal, server_entry
from personakit_plugin.owner.hosts.json_edit import member, parse, strip_jsonc
from personakit_plugin.owner.hosts.table import HOSTS, JSONC, TOML

from ..helpers import cli, hosts

environment, run, home, config_path = cli.environment, cli.run, hosts.home, hosts.config_path
PYTHON = os.path.abspath(sys.executable)
ENTRY = {"command": PYTHON, "args": ["-m", "personakit_plugin", "serve"]}


def value_of(host: str, data: bytes) -> Any:
    text = data.decode("utf-8-sig")
    if HOSTS[host].format == TOML:
        return tomllib.loads(text)
    return json.loads(strip_jsonc(text)[0] if HOSTS[host].format == JSONC else text)


def insertions(before: bytes, after: bytes) -> list[bytes]:
    """What `after` adds to `before`, asserting that it only adds (nothing of `before` changed or gone)."""
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    ops = matcher.get_opcodes()
    assert all(op in ("equal", "insert") for op, *_ in ops), [
        (op, before[i1:i2], after[j1:j2]) for op, i1, i2, j1, j2 in ops
    ]
    return [after[j1:j2] for op, _, _, j1, j2 in ops if op == "insert"]


def expected_entry(host: str) -> dict[str, Any]:
    return {**({"type": "stdio"} if HOSTS[host].typed else {}), **ENTRY}


# -- a realistic file of each host --------------------------------------------------------------

FILES = {
    "claude-desktop": (
        '{\n  "mcpServers": {\n'
        '    "github": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"]},\n'
        '    "fs": {\n      "command": "npx",\n'
        '      "args": ["-y", "@modelcontextprotocol/server-filesystem", "/home/me"]\n'
        '    }\n  },\n  "globalShortcut": "Ctrl+Space"\n}'
    ),
    "claude-code": (
        '{\n  "numStartups": 34,\n  "projects": {\n    "/home/me/x": {\n'
        '      "mcpServers": {"local": {"command": "npx"}},\n'
        '      "allowedTools": []\n    }\n  },\n  "mcpServers": {\n    "memory": {"type": "stdio", "command": "npx", '
        '"args": ["-y", "@modelcontextprotocol/server-memory"], "env": {}}\n  },\n  "tipsHistory": {"a": 1}\n}\n'
    ),
    "cursor": '{\r\n    "mcpServers": {\r\n        "linear": { "url": "https://mcp.linear.app/sse" }\r\n    }\r\n}\r\n',
    "vscode": (
        '\ufeff{\n\t// Servers for every workspace\n\t"servers": {\n\t\t"github": {"type": "http", "url": '
        '"https://api.githubcopilot.com/mcp/"}, // the hosted one\n\t\t/* playwright, later */\n\t},\n'
        '\t"inputs": [\n\t\t{"type": "promptString", "id": "token", "password": true,},\n\t],\n}\n'
    ),
    "windsurf": (
        '{\n  "mcpServers": {\n    "figma": {\n      "serverUrl": "https://mcp.figma.com/sse"\n    },\n'
        '    "git": {"command": "uvx", "args": ["mcp-server-git"], "disabled": true}\n  }\n}\n'
    ),
    "zed": (
        "// Zed settings\n//\n// For information on how to configure Zed, see the Zed\n// documentation: "
        'https://zed.dev/docs/configuring-zed\n{\n  "theme": "One Dark",\n  "vim_mode": true, // yes\n'
        '  "context_servers": {\n    "postgres": {\n      "command": "pg-mcp",\n      "args": [],\n'
        '      "env": {"DATABASE_URL": "postgresql://localhost/db"},\n    },\n  },\n}\n'
    ),
    "codex": (
        '# Codex\r\nmodel = "gpt-5-codex"\r\napproval_policy = "on-request"\r\n\r\n[mcp_servers.context7]\r\n'
        'command = "npx"\r\nargs = [\r\n  "-y",  # always the latest\r\n  "@upstash/context7-mcp",\r\n]\r\n\r\n'
        "[mcp_servers.context7.env]\r\nDEBUG = '1'\r\n\r\n"
        '# profiles below\r\n[profiles.fast]\r\nmodel = "o4-mini"\r\n'
    ),
    "gemini": (
        '{\n  // set by /theme\n  "theme": "Dracula",\n  "mcpServers": {\n    "git": {"command": "uvx", "args": '
        '["mcp-server-git"]}\n  },\n  "selectedAuthType": "gemini-api-key"\n}\n'
    ),
    "lm-studio": (
        '{\n  "mcpServers": {\n    "hf-mcp-server": {\n      "url": "https://huggingface.co/mcp",\n'
        '      "headers": {\n        "Authorization": "Bearer <YOUR_HF_TOKEN>"\n      }\n    }\n  }\n}'
    ),
}


def test_every_host_has_a_realistic_file():
    assert set(FILES) == set(HOSTS)


def write_bytes(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def host_file(host: str) -> tuple[Path, bytes]:
    """The host's realistic file written where connect finds it: its path and its bytes."""
    path, original = config_path(host), FILES[host].encode("utf-8")
    write_bytes(path, original)
    return path, original


@pytest.mark.parametrize("host", list(FILES))
def test_connect_adds_the_entry_and_nothing_else(run, host):
    path, original = host_file(host)

    run("connect", host).ok()

    after = path.read_bytes()
    added = b"".join(insertions(original, after))
    assert b"personakit" in added
    expected = value_of(host, original)
    expected[HOSTS[host].key]["personakit"] = expected_entry(host)
    assert value_of(host, after) == expected
    if b"\r\n" in original:
        assert after.count(b"\r\n") == after.count(b"\n")


@pytest.mark.parametrize("host", list(FILES))
def test_a_second_connect_then_disconnect_gives_the_original_bytes_back(run, host):
    path, original = host_file(host)
    run("connect", host).ok()
    connected = path.read_bytes()

    assert run("connect", host).ok().endswith("; nothing changed, nothing was written.\n")
    assert path.read_bytes() == connected

    out = run("disconnect", host).ok()

    assert path.read_bytes() == original
    assert out.startswith(
        f"Removed personakit from {HOSTS[host].title}'s configuration {path}: it is byte for byte what it was "
        "before connect.\n"
    )
    assert "The file as it was is kept in " in out


def test_crlf_stays_crlf_and_tabs_stay_tabs(run):
    path, _ = host_file("cursor")

    run("connect", "cursor").ok()

    text = path.read_bytes().decode()
    assert text.count("\n") == text.count("\r\n")
    assert '\r\n        "personakit": {\r\n            "command": ' in text


def test_a_one_line_entry_of_another_server_stays_one_line(run):
    path, _ = host_file("claude-desktop")

    run("connect", "claude-desktop").ok()

    assert (
        '    "github": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"]},\n' in path.read_text()
    )


def test_a_vscode_file_with_comments_and_trailing_commas_gains_the_entry_after_its_last_server(run):
    path, _ = host_file("vscode")

    run("connect", "vscode").ok()

    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf{\n\t// Servers for every workspace\n")
    assert (
        '"https://api.githubcopilot.com/mcp/"}, // the hosted one\n\t\t"personakit": {\n\t\t\t"type": "stdio",\n'
        f'\t\t\t"command": {json.dumps(PYTHON)},\n\t\t\t"args": ["-m", "personakit_plugin", "serve"]\n\t\t}},\n'
        "\t\t/* playwright, later */\n"
    ) in data.decode("utf-8-sig")


def test_codex_gains_a_table_after_its_other_servers(run):
    path, _ = host_file("codex")

    run("connect", "codex").ok()

    text = path.read_bytes().decode()
    assert (
        "DEBUG = '1'\r\n\r\n[mcp_servers.personakit]\r\n"
        f'command = {json.dumps(PYTHON)}\r\nargs = ["-m", "personakit_plugin", "serve"]\r\n\r\n# profiles below\r\n'
    ) in text


# -- an entry already there: only what PersonaKit sets changes ------------------------------------------


OLD_ENTRY = (
    '{\n  "mcpServers": {\n    // mine\n    "personakit": {\n      "command": "/old/venv/bin/python", // moved since\n'
    '      "args": ["-m", "personakit_plugin", "serve"],\n      "env": {"LANG": "C"}\n    }\n  }\n}\n'
)


def test_an_old_entry_keeps_its_env_and_comments(run):
    path = config_path("gemini")
    write_bytes(path, OLD_ENTRY.encode())

    out = run("connect", "gemini", "--read-only").ok()

    assert out.startswith("Updated the personakit entry in Gemini CLI's configuration")
    assert path.read_text() == OLD_ENTRY.replace("/old/venv/bin/python", PYTHON).replace(
        '"serve"]', '"serve", "--read-only"]'
    )


def test_an_old_codex_entry_keeps_its_other_keys_and_sub_tables(run):
    path = config_path("codex")
    old = (
        '[mcp_servers.personakit]\ncommand = "personakit" # on PATH\nargs = ["serve"]\nstartup_timeout_sec = 20\n\n'
        '[mcp_servers.personakit.env]\nLANG = "C"\n'
    )
    write_bytes(path, old.encode())

    run("connect", "codex").ok()

    assert path.read_text() == old.replace('"personakit" #', f"{json.dumps(PYTHON)} #").replace(
        'args = ["serve"]', 'args = ["-m", "personakit_plugin", "serve"]'
    )
    run("disconnect", "codex").ok()
    assert path.read_text() == ""


def test_an_http_entry_is_replaced_by_the_stdio_one(run):
    path = config_path("lm-studio")
    write_bytes(path, b'{"mcpServers": {"personakit": {"url": "http://127.0.0.1:8765/mcp"}, "x": {"url": "u"}}}')

    run("connect", "lm-studio").ok()

    assert path.read_text() == '{"mcpServers": {"personakit": ' + json.dumps(ENTRY) + ', "x": {"url": "u"}}}'


# -- what disconnect leaves, and when it does nothing -----------------------------------------------------


def test_disconnect_leaves_the_servers_object_it_did_not_know_it_made(run):
    path = config_path("zed")
    original = b'{\n  "theme": "One Dark"\n}\n'
    write_bytes(path, original)

    run("connect", "zed").ok()
    (path.parent / "settings.json.personakit-connect.json").unlink()  # connected by an older PersonaKit, say
    run("disconnect", "zed").ok()

    assert path.read_bytes() == b'{\n  "theme": "One Dark",\n  "context_servers": {}\n}\n'


def test_disconnect_of_a_fresh_file_removes_it(run):
    run("connect", "windsurf").ok()
    run("disconnect", "windsurf").ok()

    assert not config_path("windsurf").exists()


@pytest.mark.parametrize("host", ["cursor", "codex"])
def test_disconnect_without_an_entry_says_so_and_changes_nothing(run, home, host):
    path, _ = host_file(host)
    before = sorted(p.name for p in path.parent.iterdir())

    out = run("disconnect", host).ok()

    assert out == f"{HOSTS[host].title}'s configuration {path} has no personakit entry; nothing changed.\n"
    assert path.read_bytes() == FILES[host].encode()
    assert sorted(p.name for p in path.parent.iterdir()) == before


def test_disconnect_without_a_file_makes_none(run):
    out = run("disconnect", "claude-code").ok()

    assert out == f"Claude Code's configuration {config_path('claude-code')} does not exist; nothing to remove.\n"
    assert not config_path("claude-code").exists()


def test_disconnect_dry_run_shows_the_diff_and_writes_nothing(run):
    path, _ = host_file("cursor")
    run("connect", "cursor").ok()
    connected = path.read_bytes()

    out = run("disconnect", "cursor", "--dry-run").ok()

    assert path.read_bytes() == connected
    assert '-        "personakit": {' in out and "\nNothing written (--dry-run). Removed personakit from " in out


@pytest.mark.parametrize("command", ["connect", "disconnect"])
def test_a_codex_file_it_cannot_parse_is_left_alone(run, command):
    path = config_path("codex")
    write_bytes(path, b"[mcp_servers.personakit\ncommand = 1\n")

    done = run(command, "codex")

    assert done.code == 1 and done.out == ""
    assert done.err.startswith(f"personakit: Codex CLI's configuration {path} is not valid TOML (")
    assert done.err.endswith(f"; fix or move it, then run {command} again.\n") and done.err.count("\n") == 1
    assert path.read_bytes() == b"[mcp_servers.personakit\ncommand = 1\n"
    assert [p.name for p in path.parent.iterdir()] == ["config.toml"]


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_disconnect_keeps_the_mode_and_a_backup_of_the_file_as_it_was(run):
    path, _ = host_file("windsurf")
    run("connect", "windsurf").ok()
    os.chmod(path, 0o640)
    connected = path.read_bytes()

    run("disconnect", "windsurf").ok()

    first, backup = sorted(path.parent.glob("mcp_config.json.personakit-backup-*"))
    assert first.read_bytes() == FILES["windsurf"].encode() and backup.read_bytes() == connected
    assert stat.S_IMODE(backup.stat().st_mode) == 0o640 and stat.S_IMODE(path.stat().st_mode) == 0o640
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]


def test_disconnect_is_a_command_with_the_hosts_connect_knows(run):
    out = run("disconnect", "--help").ok()

    assert "claude-desktop, claude-code, cursor, vscode, windsurf, zed, codex, gemini, lm-studio" in out
    assert "\n  disconnect " in run("--help").ok()


def test_an_entry_written_another_way_is_refused_with_what_to_add(run, home):
    path = config_path("codex")
    inline = b'[mcp_servers]\npersonakit = { command = "personakit", args = ["serve"] }\n'
    write_bytes(path, inline)

    done = run("connect", "codex")

    assert done.code == 1 and path.read_bytes() == inline
    assert "is written in a way PersonaKit cannot change in place; nothing changed: give the table " in done.err
    assert f'[mcp_servers.personakit] these keys yourself: command = {json.dumps(PYTHON)}, args = ["-m", ' in done.err
    assert done.err.count("\n") == 1


# -- every layout of JSON with comments -----------------------------------------------------------------------


@st.composite
def jsonc_files(draw: st.DrawFn) -> tuple[str, bool]:
    """A VS Code file of any layout, and whether it has a `servers` object."""
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    unit = draw(st.sampled_from(["  ", "    ", "\t"]))
    names = draw(st.lists(st.sampled_from(["github", "fs", "a b", "ünï", "x"]), unique=True, max_size=3))
    servers = {name: {"command": "npx", "args": [name]} for name in names}
    top: dict[str, Any] = {"inputs": []}
    if draw(st.booleans()):
        top = {"servers": servers, **top} if draw(st.booleans()) else {**top, "servers": servers}
    return draw_object(draw, top, unit, "", newline), "servers" in top


def draw_object(draw: st.DrawFn, value: dict[str, Any], unit: str, indent: str, newline: str) -> str:
    one_line = draw(st.booleans()) if indent else False
    comma = "," if draw(st.booleans()) else ""
    comment = draw(st.sampled_from(["", " // note", " /* note */"]))
    parts = []
    for key, inner in value.items():
        text = draw_object(draw, inner, unit, indent + unit, newline) if isinstance(inner, dict) else json.dumps(inner)
        parts.append(f"{json.dumps(key, ensure_ascii=False)}: {text}")
    if not parts:
        return "{" + (comment.strip() if comment.startswith(" /*") else "") + "}"
    if one_line:
        return "{" + ", ".join(parts) + comma + "}"
    inner_indent = indent + unit
    lines = [f"{inner_indent}{part}" for part in parts]
    body = ("," + comment + newline).join(lines) if comment else ("," + newline).join(lines)
    return "{" + newline + body + comma + (" // last" if comment else "") + newline + indent + "}"


def connected_then_disconnected(name: str, path: Path, text: str) -> tuple[Change, bytes]:
    """Connect `name` through a file holding `text` (checked to gain only the entry), then disconnect:
    the change, and the bytes disconnect would write."""
    host = HOSTS[name]
    path.write_bytes(text.encode("utf-8"))
    entry = server_entry(host, PYTHON, None, False)
    change = plan(host, path, entry)
    insertions(change.before, change.after)
    expected = value_of(name, change.before)
    expected.setdefault(host.key, {})["personakit"] = entry
    assert value_of(name, change.after) == expected
    path.write_bytes(change.after)
    return change, plan_removal(host, path).after


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(jsonc_files())
def test_any_layout_gains_only_the_entry_and_loses_it_again(tmp_path, drawn):
    text, had_servers = drawn

    change, removed = connected_then_disconnected("vscode", tmp_path / "mcp.json", text)

    if had_servers:
        assert removed == change.before
    else:
        assert value_of("vscode", removed) == {**value_of("vscode", change.before), "servers": {}}


# -- TOML the scanner must not misread ---------------------------------------------------------------------


def test_a_header_inside_a_multi_line_string_is_not_a_table(run):
    path = config_path("codex")
    original = (
        b'notes = """\n[mcp_servers.personakit]\ncommand = "not this one"\n"""\n'
        b"literal = '''\n[mcp_servers.x]'''\n\n[mcp_servers.other]\ncommand = 'uvx'\n"
    )
    write_bytes(path, original)

    run("connect", "codex").ok()

    assert value_of("codex", path.read_bytes())["notes"] == '[mcp_servers.personakit]\ncommand = "not this one"\n'
    assert value_of("codex", path.read_bytes())["mcp_servers"]["personakit"] == ENTRY
    run("disconnect", "codex").ok()
    assert path.read_bytes() == original


def test_a_toml_file_without_a_last_newline_gains_one_and_nothing_else(run):
    path = config_path("codex")
    write_bytes(path, b'model = "o3"')

    run("connect", "codex").ok()
    assert path.read_bytes().startswith(b'model = "o3"\n\n[mcp_servers.personakit]\n')
    run("disconnect", "codex").ok()

    assert path.read_bytes() == b'model = "o3"'


def test_an_empty_object_is_drawn_as_a_new_file_is(run):
    path = config_path("gemini")
    write_bytes(path, b"{}\n")

    run("connect", "gemini").ok()

    assert path.read_bytes() == (Path(__file__).parents[2] / "examples" / "gemini.settings.json").read_bytes().replace(
        b"/ABSOLUTE/PATH/TO/python", PYTHON.encode()
    )


def test_the_unit_of_indentation_is_the_top_members_not_a_comments(run):
    path = config_path("zed")
    write_bytes(path, b'/*\n   * mine\n */\n{\n\t"theme": "One Dark"\n}\n')

    run("connect", "zed").ok()

    assert b'"theme": "One Dark",\n\t"context_servers": {\n\t\t"personakit": {\n\t\t\t"command": ' in path.read_bytes()


# -- every layout of TOML ------------------------------------------------------------------------------------

TOML_PIECES = [
    "# a comment{nl}",
    "{nl}",
    'model = "o3"{nl}',
    "flag = true # trailing{nl}",
    'notes = """{nl}[mcp_servers.personakit]{nl}not = "a table"{nl}"""{nl}',
    "path = 'C:\\Users\\me' {nl}",
    'list = [{nl}  "a", # one{nl}  ["b", "]"],{nl}]{nl}',
    'inline = {{ a = 1, b = "}}" }}{nl}',
    "[mcp_servers.other]{nl}command = 'npx'{nl}",
    '[mcp_servers.other.env]{nl}KEY = "v"{nl}',
    '[profiles.fast]{nl}model = "o4-mini"{nl}',
    '[[skills]]{nl}name = "x"{nl}',
]


@st.composite
def toml_files(draw: st.DrawFn) -> str:
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    pieces = draw(st.lists(st.sampled_from(TOML_PIECES), max_size=8))
    text = "".join(piece.format(nl=newline) for piece in pieces)
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        assume(False)  # a table drawn twice, or a key: not a file Codex reads
    return text


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(toml_files())
def test_any_toml_layout_gains_only_the_table_and_loses_it_again(tmp_path, text):
    change, removed = connected_then_disconnected("codex", tmp_path / "config.toml", text)

    assert removed == change.before


@st.composite
def files_with_an_old_entry(draw: st.DrawFn) -> str:
    """A VS Code file of any layout whose personakit entry starts another Python, with keys of its own."""
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    unit = draw(st.sampled_from(["  ", "\t"]))
    old: dict[str, Any] = {"command": "/old/bin/python"}
    if draw(st.booleans()):
        old["args"] = ["serve"]
    extra = {"env": {"LANG": "C"}, "disabled": False}
    for key in draw(st.lists(st.sampled_from(sorted(extra)), unique=True)):
        old[key] = extra[key]
    names = draw(st.lists(st.sampled_from(["github", "fs"]), unique=True))
    servers = {name: {"command": "npx"} for name in names}
    at = draw(st.integers(0, len(names)))
    servers = {**dict(list(servers.items())[:at]), "personakit": old, **dict(list(servers.items())[at:])}
    return draw_object(draw, {"servers": servers}, unit, "", newline)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(files_with_an_old_entry())
def test_an_old_entry_of_any_layout_changes_only_inside_itself(tmp_path, text):
    host = HOSTS["vscode"]
    path = tmp_path / "mcp.json"
    path.write_bytes(text.encode("utf-8"))
    entry = server_entry(host, PYTHON, None, False)
    old = value_of("vscode", text.encode())["servers"]["personakit"]

    change = plan(host, path, entry)

    servers = member(parse(text), "servers")
    span = member(servers.value, "personakit").value  # type: ignore[union-attr]
    before, after = change.before.decode(), change.after.decode()
    assert after.startswith(before[: span.start]) and after.endswith(before[span.end :])
    assert value_of("vscode", change.after)["servers"]["personakit"] == {**old, **entry}
    others = {k: v for k, v in value_of("vscode", change.after)["servers"].items() if k != "personakit"}
    assert others == {k: v for k, v in value_of("vscode", change.before)["servers"].items() if k != "personakit"}
    assert change.replaced
