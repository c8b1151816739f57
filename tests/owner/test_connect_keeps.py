"""`personakit connect` keeps what an entry says, `disconnect` gives the file back byte for byte, and
`connect --json` says what was done: the installed `personakit` script, run as the owner runs it, on
real files in the test's own home (`hosts.home`) for every host PersonaKit knows."""

from __future__ import annotations

import json
import os
import re
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from personakit_plugin.core.data_folder import default_data_dir
from personakit_plugin.owner.hosts.json_edit import strip_jsonc
from personakit_plugin.owner.hosts.table import HOSTS, JSONC, TOML

from ..helpers import cli, hosts

environment, run, home, config_path = cli.environment, cli.run, hosts.home, hosts.config_path
pytestmark = pytest.mark.system

SERVE = ["-m", "personakit_plugin", "serve"]
_FIRST = cli.SCRIPT.read_bytes()[:300].split(b"\n")[0] if cli.SCRIPT.exists() else b""
POSIX = pytest.mark.skipif(os.name != "posix", reason="symbolic links")
PYTHON = _FIRST[2:].decode().strip() if _FIRST.startswith(b"#!/") else os.path.abspath(sys.executable)
"""The interpreter the installed script runs: the one connect writes into an entry."""
EVERY_HOST = list(HOSTS)


@pytest.fixture
def personakit(run: Callable[..., cli.Run]) -> Callable[..., cli.Run]:
    """The installed `personakit` script, in a process of its own."""
    return lambda *args: run(*args, how="script")


def value_of(host: str, data: bytes) -> Any:
    text = data.decode("utf-8-sig")
    if HOSTS[host].format == TOML:
        return tomllib.loads(text)
    return json.loads(strip_jsonc(text)[0]) if text.strip() else {}


def entry_of(host: str) -> dict[str, Any]:
    return value_of(host, config_path(host).read_bytes())[HOSTS[host].key]["personakit"]


def file_with(host: str, entry: dict[str, Any], **other: Any) -> bytes:
    """A host's file holding `entry` as its `personakit` server (and `other` top-level keys), as its owner
    might have written it."""
    if HOSTS[host].format == TOML:
        lines = [f"{key} = {json.dumps(value)}" for key, value in other.items()]
        lines += ["", "[mcp_servers.personakit]"]
        lines += [f"{key} = {json.dumps(value)}" for key, value in entry.items() if key != "env"]
        if "env" in entry:
            lines += ["", "[mcp_servers.personakit.env]"]
            lines += [f"{key} = {json.dumps(value)}" for key, value in entry["env"].items()]
        return ("\n".join(lines) + "\n").encode()
    return (json.dumps({**other, HOSTS[host].key: {"personakit": entry}}, indent=2) + "\n").encode()


def put(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def backups(path: Path) -> list[Path]:
    return sorted(path.parent.glob(f"{path.name}.personakit-backup-*"))


def snapshot(root: Path) -> dict[str, bytes | None]:
    return {str(p.relative_to(root)): None if p.is_dir() else p.read_bytes() for p in sorted(root.rglob("*"))}


def typed(host: str) -> dict[str, str]:
    return {"type": "stdio"} if HOSTS[host].typed else {}


# -- 1. a re-run keeps what the entry says; only this command line changes it ---------------------------


@pytest.mark.parametrize("host", EVERY_HOST)
def test_a_rerun_keeps_read_only_the_view_the_data_folder_and_the_recall_model(personakit, host, tmp_path):
    path = config_path(host)
    folder = tmp_path / "memories"
    options = ["--read-only", "--categories", "work-style,tools", "--approved-only"]
    entry = {
        **typed(host),
        "command": PYTHON,
        "args": [*SERVE, *options],
        "env": {"PERSONAKIT_DATA_DIR": str(folder), "PERSONAKIT_RECALL_MODEL": "/models/mine"},
    }
    put(path, file_with(host, entry))
    written = path.read_bytes()

    again = personakit("connect", host).ok()

    assert path.read_bytes() == written
    assert backups(path) == []
    assert f"already starts PersonaKit this way, on the data folder {folder}, read-only; nothing changed" in again

    changed = personakit("connect", host, "--read-write").ok()

    assert entry_of(host) == {**entry, "args": [*SERVE, "--categories", "work-style,tools", "--approved-only"]}
    assert "Changed: read-only → read-write." in changed
    assert (
        "Kept from the entry: the categories work-style, tools, approved memories only, "
        f"the data folder {folder}, the recall model /models/mine." in changed
    )


def test_an_option_given_changes_only_itself(personakit, tmp_path):
    personakit("--data-dir", tmp_path / "a", "connect", "cursor", "--read-only", "--categories", "tools").ok()

    out = personakit("connect", "cursor", "--approved-only").ok()

    assert entry_of("cursor") == {
        "command": PYTHON,
        "args": [*SERVE, "--read-only", "--categories", "tools", "--approved-only"],
        "env": {"PERSONAKIT_DATA_DIR": str(tmp_path / "a")},
    }
    assert "Changed: unconfirmed memories too → approved memories only." in out

    personakit("connect", "cursor", "--all-categories", "--with-unconfirmed").ok()

    assert entry_of("cursor")["args"] == [*SERVE, "--read-only"]


@pytest.mark.parametrize(
    "options", [["--read-only", "--read-write"], ["--categories", "tools", "--all-categories"]], ids=str
)
def test_options_that_undo_each_other_are_refused(personakit, home, options):
    done = personakit("connect", "cursor", *options)

    assert done.code != 0 and done.out == "" and done.err.count("\n") == 1
    assert not config_path("cursor").exists()


# -- 2. the data folder an entry uses is the one reported ---------------------------------------------


@pytest.mark.parametrize("host", ["cursor", "gemini"])
def test_the_entrys_own_data_folder_is_reported_not_the_default(personakit, host, tmp_path):
    folder = tmp_path / "theirs"
    entry = {"command": "/old/python", "args": SERVE, "env": {"PERSONAKIT_DATA_DIR": str(folder)}}
    put(config_path(host), file_with(host, entry))

    out = personakit("connect", host).ok()

    assert f"It starts {PYTHON} -m personakit_plugin serve on the data folder {folder}." in out
    assert "default data folder" not in out
    assert entry_of(host)["env"] == {"PERSONAKIT_DATA_DIR": str(folder)}
    assert f"Kept from the entry: the data folder {folder}." in out


def test_doctor_names_the_data_folder_of_each_entry(personakit, tmp_path):
    folder = tmp_path / "theirs"
    put(config_path("gemini"), file_with("gemini", {"command": PYTHON, "args": SERVE}))
    put(
        config_path("cursor"),
        file_with("cursor", {"command": PYTHON, "args": SERVE, "env": {"PERSONAKIT_DATA_DIR": str(folder)}}),
    )

    out = personakit("--data-dir", folder, "doctor").out

    cursor = [line for line in out.splitlines() if str(config_path("cursor")) in line and "starts PersonaKit" in line]
    gemini = [line for line in out.splitlines() if str(config_path("gemini")) in line and "starts PersonaKit" in line]
    assert len(cursor) == 1 and f"starts PersonaKit. Its data folder: {folder}." in cursor[0]
    assert len(gemini) == 1 and f"starts PersonaKit. Its data folder: {default_data_dir({})}." in gemini[0]


def test_this_shells_data_folder_does_not_move_an_entry_and_says_so(personakit, tmp_path, monkeypatch):
    personakit("--data-dir", tmp_path / "kept", "connect", "zed").ok()
    monkeypatch.setenv("PERSONAKIT_DATA_DIR", str(tmp_path / "elsewhere"))

    out = personakit("connect", "zed").ok()

    assert entry_of("zed")["env"] == {"PERSONAKIT_DATA_DIR": str(tmp_path / "kept")}
    assert f"PERSONAKIT_DATA_DIR names {tmp_path / 'elsewhere'} here, but the entry keeps the data folder" in out
    assert f"`personakit --data-dir {tmp_path / 'elsewhere'} connect zed` changes it." in out


# -- 3. the environment an entry needs, in its env, in every format, through a re-run --------------------


@pytest.mark.parametrize("host", EVERY_HOST)
def test_the_data_folder_lands_in_the_entrys_env_and_survives_a_rerun(personakit, host, tmp_path):
    folder = tmp_path / "memories"
    put(
        config_path(host),
        file_with(host, {"command": PYTHON, "args": SERVE, "env": {"PERSONAKIT_RECALL_MODEL": "/models/m"}}),
    )

    personakit("--data-dir", folder, "connect", host).ok()

    assert entry_of(host)["args"] == SERVE
    assert entry_of(host)["env"] == {"PERSONAKIT_RECALL_MODEL": "/models/m", "PERSONAKIT_DATA_DIR": str(folder)}
    personakit("connect", host, "--read-only").ok()
    assert entry_of(host)["env"] == {"PERSONAKIT_RECALL_MODEL": "/models/m", "PERSONAKIT_DATA_DIR": str(folder)}
    assert entry_of(host)["args"] == [*SERVE, "--read-only"]
    assert "nothing changed" in personakit("connect", host).ok()


def test_a_new_data_folder_replaces_the_one_in_the_args(personakit, tmp_path):
    old = {"command": PYTHON, "args": [*SERVE, "--data-dir", str(tmp_path / "old"), "--read-only"]}
    put(config_path("claude-desktop"), file_with("claude-desktop", old))

    out = personakit("--data-dir", tmp_path / "new", "connect", "claude-desktop").ok()

    assert entry_of("claude-desktop") == {
        "command": PYTHON,
        "args": [*SERVE, "--read-only"],
        "env": {"PERSONAKIT_DATA_DIR": str(tmp_path / "new")},
    }
    assert f"Changed: the data folder {tmp_path / 'old'} → the data folder {tmp_path / 'new'}." in out


# -- 4. disconnect gives back the bytes of before connect ------------------------------------------------

BEFORE = {
    JSONC: b'{\n  // my settings\n  "theme": "dark",\n}\n',
    TOML: b'model = "o3" # mine',
}
"""A file of each format without a servers' key; plain JSON hosts get JSON."""


def without_servers(host: str) -> bytes:
    return BEFORE.get(HOSTS[host].format, b'{\n    "theme": "dark"\n}')


@pytest.mark.parametrize("host", EVERY_HOST)
def test_disconnect_gives_back_the_bytes_of_before_connect_without_the_key_connect_added(personakit, host):
    path = config_path(host)
    put(path, without_servers(host))
    original = path.read_bytes()

    personakit("connect", host).ok()
    personakit("connect", host, "--read-only").ok()  # a change of the entry since: still connect's own
    out = personakit("disconnect", host).ok()

    assert path.read_bytes() == original
    assert "it is byte for byte what it was before connect" in out
    assert not path.with_name(path.name + ".personakit-connect.json").exists()


@pytest.mark.parametrize("host", EVERY_HOST)
def test_disconnect_removes_the_file_connect_made_and_the_folders_it_made_for_it(personakit, host, home):
    before = snapshot(home)

    personakit("connect", host).ok()
    out = personakit("disconnect", host).ok()

    assert snapshot(home) == before
    assert out.startswith(f"Removed {HOSTS[host].title}'s configuration {config_path(host)}: connect made it")


@pytest.mark.parametrize("host", ["claude-code", "codex", "vscode"])
def test_a_file_connect_made_that_someone_wrote_in_since_is_kept(personakit, host):
    path = config_path(host)
    personakit("connect", host).ok()
    if HOSTS[host].format == TOML:
        path.write_bytes(path.read_bytes() + b"\n[other]\nkey = 1\n")
    else:
        value = json.loads(strip_jsonc(path.read_text())[0])
        path.write_text(json.dumps({**value, "numStartups": 3}, indent=2))  # the host rewrote it, say

    personakit("disconnect", host).ok()

    left = value_of(host, path.read_bytes())
    assert left == ({"other": {"key": 1}} if HOSTS[host].format == TOML else {"numStartups": 3})


def test_the_servers_key_connect_added_goes_even_after_the_host_rewrote_the_file(personakit):
    path = config_path("claude-code")
    put(path, b'{"numStartups": 1}')
    personakit("connect", "claude-code").ok()
    value = json.loads(path.read_text())
    path.write_text(json.dumps({**value, "numStartups": 2}, indent=2))

    personakit("disconnect", "claude-code").ok()

    assert json.loads(path.read_text()) == {"numStartups": 2}


def test_a_servers_key_the_owner_wrote_stays(personakit):
    path = config_path("claude-code")
    original = b'{\n  "mcpServers": {}\n}\n'
    put(path, original)
    personakit("connect", "claude-code").ok()
    path.write_bytes(path.read_bytes().replace(b"\n}\n", b',\n  "theme": "dark"\n}\n'))

    personakit("disconnect", "claude-code").ok()

    assert json.loads(path.read_text()) == {"mcpServers": {}, "theme": "dark"}


# -- 5. JSON with comments, as Cursor and VS Code read it -----------------------------------------------

CURSOR = (
    b'// my servers\n{\n  "mcpServers": {\n    /* the notes one */\n    "notes": {"command": "npx", '
    b'"args": ["notes",],}, // trailing\n  },\n}\n'
)


def test_a_cursor_file_with_comments_and_trailing_commas_keeps_every_byte_and_comes_back(personakit):
    path = config_path("cursor")
    put(path, CURSOR)

    personakit("connect", "cursor").ok()

    after = path.read_bytes()
    assert entry_of("cursor") == {"command": PYTHON, "args": SERVE}
    assert after.startswith(CURSOR[: CURSOR.index(b"  },\n}")])  # all before the entry as it was
    assert after.endswith(b"  },\n}\n")
    personakit("disconnect", "cursor").ok()
    assert path.read_bytes() == CURSOR


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (b'{\n  "mcpServers": {\n    "a": {"command": "x"}\n    "b": {}\n  }\n}\n', "at line 4, column 5: a comma"),
        (b'{\n  "mcpServers": {\n', "at line 3, column 1: a key is not in double quotes"),
    ],
)
def test_a_broken_cursor_file_is_said_with_its_line_and_left_alone(personakit, home, text, says):
    path = config_path("cursor")
    put(path, text)
    before = snapshot(home)

    done = personakit("connect", "cursor")

    assert done.code == 1 and done.out == ""
    assert done.err.startswith(f"personakit: Cursor's configuration {path} is not valid JSON {says}")
    assert done.err.count("\n") == 1 and done.err.endswith("; fix or move it, then run connect again.\n")
    assert snapshot(home) == before


# -- 6. a run that changes nothing writes nothing --------------------------------------------------------


@pytest.mark.parametrize("host", EVERY_HOST)
def test_a_run_that_changes_nothing_writes_nothing(personakit, host, tmp_path):
    path = config_path(host)
    personakit("--data-dir", tmp_path / "d", "connect", host, "--read-only", "--categories", "tools").ok()
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))
    before = snapshot(path.parent)

    out = personakit("connect", host).ok()

    assert out.endswith("; nothing changed, nothing was written.\n")
    assert snapshot(path.parent) == before and path.stat().st_mtime_ns == 1_000_000_000


def test_the_same_interpreter_by_another_name_is_no_change(personakit, tmp_path):
    sibling = Path(PYTHON).with_name("python" if Path(PYTHON).name != "python" else "python3")
    if not (sibling.exists() and os.path.samefile(sibling, PYTHON)):
        pytest.skip("this interpreter has no second name beside it")
    path = config_path("cursor")
    put(path, file_with("cursor", {"command": str(sibling), "args": SERVE}))
    written = path.read_bytes()

    assert "nothing changed" in personakit("connect", "cursor").ok()
    assert path.read_bytes() == written and backups(path) == []


# -- 7. connect --json -----------------------------------------------------------------------------------


def test_connect_json_says_what_was_done(personakit, tmp_path):
    path = config_path("vscode")

    added = personakit("connect", "vscode", "--json").json()
    updated = personakit("connect", "vscode", "--read-only", "--json").json()
    same = personakit("connect", "vscode", "--json").json()

    entry = {"type": "stdio", "command": PYTHON, "args": SERVE}
    assert added == {
        "host": "vscode",
        "file": str(path),
        "action": "added",
        "changed": True,
        "dry_run": False,
        "entry": entry,
        "data_dir": None,
        "folder": str(default_data_dir({})),
        "read_only": False,
        "changes": [],
        "kept": [],
        "backup": None,
    }
    (backup,) = backups(path)
    assert updated["action"] == "updated" and updated["backup"] == str(backup)
    assert updated["entry"] == {**entry, "args": [*SERVE, "--read-only"]}
    assert updated["changes"] == ["read-write → read-only"]
    assert same["action"] == "unchanged" and same["changed"] is False and same["backup"] is None
    assert same["entry"] == updated["entry"]


def test_connect_json_of_a_dry_run_holds_the_diff_and_writes_nothing(personakit, home):
    before = snapshot(home)

    said = personakit("connect", "zed", "--dry-run", "--json").json()

    assert snapshot(home) == before
    assert said["action"] == "added" and said["dry_run"] is True and said["backup"] is None
    assert said["diff"].startswith(f"--- /dev/null\n+++ {config_path('zed')}\n")


def test_the_json_keys_are_the_documented_ones(personakit):
    guide = (Path(__file__).resolve().parents[2] / "docs" / "hosts.md").read_text(encoding="utf-8")
    table = guide.split("## `connect --json`", 1)[1]
    documented = re.findall(r"^\| `(\w+)` \|", table, flags=re.M)

    said = personakit("connect", "cursor", "--dry-run", "--json").json()

    assert documented == list(said)


@pytest.mark.parametrize("field", ["backup", "folders"])
def test_a_note_that_points_outside_is_not_followed(personakit, tmp_path, field):
    elsewhere = tmp_path / "empty"
    elsewhere.mkdir()
    path = config_path("cursor")
    put(path, b'{"theme": "dark"}')
    personakit("connect", "cursor").ok()
    note = path.with_name(path.name + ".personakit-connect.json")
    value = json.loads(note.read_text())
    value[field] = "../../x" if field == "backup" else [str(elsewhere)]
    note.write_text(json.dumps(value))

    personakit("disconnect", "cursor").ok()

    assert json.loads(path.read_text()) == {"theme": "dark", "mcpServers": {}}  # the entry alone went
    assert elsewhere.is_dir()


@POSIX
def test_the_same_interpreter_through_a_linked_folder_is_no_change(personakit, tmp_path):
    link = tmp_path / "linked-bin"
    link.symlink_to(Path(PYTHON).parent)
    path = config_path("cursor")
    put(path, file_with("cursor", {"command": str(link / Path(PYTHON).name), "args": SERVE}))
    written = path.read_bytes()

    assert "nothing changed" in personakit("connect", "cursor").ok()
    assert path.read_bytes() == written and backups(path) == []


def test_another_environments_interpreter_is_replaced(personakit, tmp_path):
    other = tmp_path / "other-venv" / "bin"
    other.mkdir(parents=True)
    (other / "python").symlink_to(PYTHON)  # the same program, another environment
    path = config_path("cursor")
    put(path, file_with("cursor", {"command": str(other / "python"), "args": SERVE}))

    personakit("connect", "cursor").ok()

    assert entry_of("cursor")["command"] == PYTHON


def test_without_its_backup_disconnect_still_takes_away_what_connect_added(personakit):
    path = config_path("claude-desktop")
    put(path, b'{"theme": "dark"}')
    personakit("connect", "claude-desktop").ok()
    (backup,) = backups(path)
    backup.unlink()  # the way back to the bytes of before is gone

    out = personakit("disconnect", "claude-desktop").ok()

    assert json.loads(path.read_text()) == {"theme": "dark"}
    assert "byte for byte" not in out


def test_a_view_serve_would_refuse_is_kept_as_written_until_a_new_one_is_given(personakit):
    put(config_path("cursor"), file_with("cursor", {"command": PYTHON, "args": [*SERVE, "--categories", "health"]}))
    written = config_path("cursor").read_bytes()

    assert "nothing changed" in personakit("connect", "cursor").ok()
    assert config_path("cursor").read_bytes() == written

    personakit("connect", "cursor", "--categories", "tools").ok()

    assert entry_of("cursor")["args"] == [*SERVE, "--categories", "tools"]
