"""Stored text cannot drive the owner's terminal: every command's output escapes control, bidi and
format characters the one way `personakit_plugin.owner.display` defines (the terminal review and the web
page are tested in test_review_tui.py and test_review_web.py)."""

from __future__ import annotations

import json
import unicodedata

import pytest

from personakit_plugin.owner.cli import USAGE
from personakit_plugin.owner.display import json_printable, printable

from ..conftest import (
    HOSTILE_CATEGORY,
    HOSTILE_ESCAPED,
    HOSTILE_QUOTE,
    HOSTILE_TEXT,
    hidden_characters,
    opened,
    seed_hostile,
)
from ..helpers import cli
from ..helpers.cli import Run

environment, run, pk = cli.environment, cli.run, cli.pk


@pytest.fixture
def hostile(folder) -> str:
    return seed_hostile(folder)


def clean(done: Run) -> str:
    """Standard output and error together, checked to hold no character a terminal would obey."""
    both = done.out + done.err
    assert hidden_characters(both) == [], both
    return both


def shows_escaped(output: str, *parts: str) -> None:
    for part in parts or HOSTILE_ESCAPED:
        assert part in output, (part, output)


# -- the one rule ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("plain text, ünïcödé, 中文, emoji 🙂", "plain text, ünïcödé, 中文, emoji 🙂"),
        ("\x1b[2Kgone", "\\x1b[2Kgone"),
        ("a\tb\nc\rd", "a\\tb\\nc\\rd"),
        ("\x00\x07\x7f", "\\x00\\x07\\x7f"),
        ("\x9b31m \x85", "\\x9b31m \\x85"),  # C1: CSI and NEL
        ("\u202a\u202b\u202c\u202d\u202e", "\\u202a\\u202b\\u202c\\u202d\\u202e"),
        ("\u2066\u2067\u2068\u2069\u200e\u200f\u061c", "\\u2066\\u2067\\u2068\\u2069\\u200e\\u200f\\u061c"),
        ("zero\u200bwidth\u200d\ufeff\u00ad", "zero\\u200bwidth\\u200d\\ufeff\\xad"),
        ("line\u2028para\u2029", "line\\u2028para\\u2029"),
        ("lone \ud800 \udfff", "lone \\ud800 \\udfff"),
        ("tag \U000e0041", "tag \\U000e0041"),
        ("a backslash \\x1b stays", "a backslash \\x1b stays"),
        ("non-breaking\u00a0space", "non-breaking\u00a0space"),
    ],
)
def test_printable_escapes_every_hidden_character_visibly(raw: str, shown: str) -> None:
    assert printable(raw) == shown
    assert printable(shown) == shown, "escaping twice changes nothing more"
    assert hidden_characters(printable(raw), keep="") == []


def test_printable_can_keep_the_outputs_own_newlines() -> None:
    assert printable("one\ntwo\x1b[2K\r", keep="\n") == "one\ntwo\\x1b[2K\\r"


def test_every_hidden_code_point_is_escaped() -> None:
    for code in range(0x110000):
        ch = chr(code)
        if unicodedata.category(ch) in {"Cc", "Cf", "Zl", "Zp", "Cs"}:
            assert printable(ch).startswith("\\"), hex(code)


def test_json_printable_is_the_same_json_with_nothing_a_terminal_obeys() -> None:
    value = {"text": HOSTILE_TEXT, "quotes": [HOSTILE_QUOTE, "tag \U000e0041", "ok ✓"]}
    encoded = json.dumps(value, ensure_ascii=False, indent=2)
    safe = json_printable(encoded)
    assert json.loads(safe) == value
    assert hidden_characters(safe) == []
    assert "\\u001b" in safe and "\\u202e" in safe and "\\u009b" in safe and "\\udb40\\udc41" in safe
    assert "ok ✓" in safe, "printable characters stay as they are"


# -- every command -----------------------------------------------------------------------------------


@pytest.mark.parametrize("args", [(), ("--state", "all"), ("--state", "unconfirmed")])
def test_list(pk, hostile, args) -> None:
    out = clean(pk("list", *args))
    assert hostile in out
    shows_escaped(out, "\\x1b[2K\\x1b]0;title\\x07", "\\r", "\\x9b31m", "\\u202e", "tools\\x1b[2K\\u202e")
    row = next(line for line in out.splitlines() if hostile in line)
    assert "Uses \\x1b[2K" in row, "the text stays on its own row"


def test_list_rejected_and_the_table_stays_aligned(pk, folder, hostile) -> None:
    with opened(folder) as kit:
        other = kit.propose("Plain memory\nwith a newline", "quote\n", "other").id
    out = clean(pk("list"))
    lines = out.splitlines()
    assert len(lines) == 3, "one header and one row for each memory: a newline in a text is shown as \\n"
    assert "Plain memory\\nwith a newline" in out and other in out


def test_show(pk, hostile) -> None:
    out = clean(pk("show", hostile))
    shows_escaped(out)
    assert f"{hostile}  unconfirmed  tools\\x1b[2K\\u202e" in out
    assert "\\x7f end" in out, "DEL too"


@pytest.mark.parametrize("args", [(), ("HOSTILE",)])
def test_history(pk, hostile, args) -> None:
    out = clean(pk("history", *(hostile if arg == "HOSTILE" else arg for arg in args)))
    assert "category tools -> tools\\x1b[2K\\u202e" in out


def test_stats(pk, hostile) -> None:
    out = clean(pk("stats"))
    assert "tools\\x1b[2K\\u202e" in out


def test_edit_prints_the_memory_escaped(pk, hostile) -> None:
    out = clean(pk("edit", hostile, "--category", "tools"))
    shows_escaped(out, "\\x1b[2K\\x1b]0;title\\x07", "\\u202e")


@pytest.mark.parametrize(
    "args",
    [("list", "--json"), ("list", "--state", "all", "--json"), ("show", "HOSTILE", "--json"), ("history", "--json")],
)
def test_json_stays_valid_and_escapes_what_json_leaves_raw(pk, hostile, args) -> None:
    done = pk(*(hostile if arg == "HOSTILE" else arg for arg in args))
    out = clean(done)
    value = json.loads(done.out)
    if args[0] == "history":
        assert value[-1]["category_after"] == HOSTILE_CATEGORY
        return
    memory = value if isinstance(value, dict) else value[0]
    assert (memory["text"], memory["quotes"], memory["category"]) == (HOSTILE_TEXT, [HOSTILE_QUOTE], HOSTILE_CATEGORY)
    assert "\\u001b[2K" in out and "\\u009b" in out and "\\u202e" in out and "\\u2028" in out


def test_stats_json(pk, hostile) -> None:
    done = pk("stats", "--json")
    clean(done)
    assert json.loads(done.out)["categories"][HOSTILE_CATEGORY] == 1


def test_export_to_standard_output(pk, hostile) -> None:
    done = pk("export")
    clean(done)
    (line,) = done.out.splitlines()
    assert json.loads(line)["text"] == HOSTILE_TEXT


def test_errors_that_echo_typed_text(pk, hostile) -> None:
    for args, code in [
        (("show", "m_\x1b[2Kspoof\u202e"), 1),
        (("edit", hostile, "--category", "\x1b[31mred\u202e"), USAGE),  # usage mistakes
        (("list", "--state", "\x1b]0;title\x07"), USAGE),
        (("approve", "m_\x9bspoof"), 1),
    ]:
        done = pk(*args)
        assert done.code == code, args
        err = clean(done)
        assert err.count("\n") == 1 and err.startswith("personakit"), err
        assert "\\x1b" in err or "\\x9b" in err, err


def test_import_reports_escape_names_from_the_file(pk, tmp_path) -> None:
    graph = tmp_path / "memory.jsonl"
    name = "Eve\x1b[2K\u202e"
    graph.write_text(
        json.dumps({"type": "entity", "name": name, "observations": ["password=hunter2hunter2"]}) + "\n",
        encoding="utf-8",
    )
    out = clean(pk("import", "--from", "memory-json", graph))
    assert (
        "Refused line 1, Eve\\x1b[2K\\u202e observation 1: it looks like a password, key, or card or identity number."
        in out
    )


@pytest.mark.system
def test_a_subprocess_writes_no_control_byte(pk, hostile) -> None:
    done = pk("show", hostile, how="module")
    raw = done.out.encode()
    assert b"\x1b" not in raw and b"\xc2\x9b" not in raw and b"\xe2\x80\xae" not in raw and b"\r" not in raw
    shows_escaped(done.out)
