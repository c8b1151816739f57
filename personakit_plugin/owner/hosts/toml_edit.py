"""TOML changed in place: one table (`[mcp_servers.personakit]`, with its sub-tables) is set, added or
removed by splicing its lines, and every other byte stays as it was (comments, order, blank lines,
line endings).

A splice of our own rather than a TOML library that keeps formatting (tomlkit does): Codex's entry
is one table of a few keys PersonaKit writes itself, the standard library's `tomllib` reads every
file, and the caller reads what it wrote once more and compares it with what it meant, so the
small scanner here never has to be a whole TOML parser.

`statements` walks the text one statement at a time, a table header or a `key = value` (a value
may run over several lines: arrays, inline tables, multi-line strings), and skips blank lines and
comments, so that a line inside a multi-line value is never taken for a header.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

_KEY = r"""(?:[A-Za-z0-9_-]+|"(?:[^"\\\n]|\\.)*"|'[^'\n]*')"""
_PATH = rf"{_KEY}(?:[ \t]*\.[ \t]*{_KEY})*"
_HEADER = re.compile(rf"(\[\[?)[ \t]*({_PATH})[ \t]*\]\]?")
_ASSIGNMENT = re.compile(rf"({_PATH})[ \t]*=[ \t]*")
_BARE_END = re.compile(r"[^#\r\n]*")


@dataclass(frozen=True)
class Statement:
    header: bool
    path: tuple[str, ...]
    start: int
    """Where its line begins."""
    end: int
    """Just past the newline that ends it (or the end of the text)."""
    value_start: int = 0
    value_end: int = 0


def _keys(path: str) -> tuple[str, ...]:
    keys = []
    for key in re.findall(_KEY, path):
        keys.append(json.loads(key) if key.startswith('"') else key.strip("'"))
    return tuple(keys)


def _line_after(text: str, i: int) -> int:
    """Just past the newline at or after `i`, or the end of the text."""
    end = text.find("\n", i)
    return len(text) if end < 0 else end + 1


def _string_end(text: str, i: int) -> int:
    if text.startswith(('"""', "'''"), i):
        quote, j = text[i : i + 3], i + 3
        while not text.startswith(quote, j):
            j += 2 if quote == '"""' and text[j] == "\\" else 1
        while text.startswith(quote[0], j + 3):  # up to two quotes may end the content itself
            j += 1
        return j + 3
    if text[i] == "'":
        return text.index("'", i + 1) + 1
    j = i + 1
    while text[j] != '"':
        j += 2 if text[j] == "\\" else 1
    return j + 1


def value_end(text: str, i: int) -> int:
    """Just past the TOML value that starts at `i`."""
    if text[i] in "\"'":
        return _string_end(text, i)
    if text[i] not in "[{":
        return i + len(_BARE_END.match(text, i).group().rstrip(" \t"))  # type: ignore[union-attr]
    depth, j = 0, i
    while True:
        char = text[j]
        if char in "\"'":
            j = _string_end(text, j)
            continue
        if char == "#":
            j = text.find("\n", j)
            continue
        depth += 1 if char in "[{" else -1 if char in "]}" else 0
        j += 1
        if depth == 0:
            return j


def statements(text: str) -> Iterator[Statement]:
    """Each header and each key of the text (valid TOML), in order."""
    i = 0
    while i < len(text):
        j = i
        while j < len(text) and text[j] in " \t":
            j += 1
        if j == len(text) or text[j] in "#\r\n":
            i = _line_after(text, j)
            continue
        header = _HEADER.match(text, j)
        if header:
            end = _line_after(text, header.end())
            yield Statement(True, _keys(header.group(2)) + (("[]",) if header.group(1) == "[[" else ()), i, end)
            i = end
            continue
        assignment = _ASSIGNMENT.match(text, j)
        if assignment is None:
            raise ValueError(f"no statement at {j}")
        start = assignment.end()
        end = value_end(text, start)
        yield Statement(False, _keys(assignment.group(1)), i, _line_after(text, end), start, end)
        i = _line_after(text, end)


def render(value: object) -> str:
    """A string, a list of strings or a boolean as a TOML value (JSON's string escapes are TOML's)."""
    if isinstance(value, list):
        return "[" + ", ".join(render(item) for item in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    return json.dumps(value, ensure_ascii=False)


def _header(path: tuple[str, ...]) -> str:
    return "[" + ".".join(key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key) for key in path) + "]"


def _tables(found: list[Statement], path: tuple[str, ...]) -> Iterator[tuple[int, list[Statement]]]:
    """Each table at `path` or under it: the index of its header, and its keys."""
    for index, statement in enumerate(found):
        if statement.header and statement.path[: len(path)] == path:
            body = []
            for inner in found[index + 1 :]:
                if inner.header:
                    break
                body.append(inner)
            yield index, body


def set_table(text: str, path: tuple[str, ...], values: Mapping[str, object]) -> str:
    """The text with the table at `path` holding `values` (its other keys kept); a new table at the end."""
    newline = "\r\n" if "\r\n" in text else "\n"
    found = list(statements(text))
    own = [(index, body) for index, body in _tables(found, path) if found[index].path == path]
    if not own:
        return _add_table(text, found, path, values, newline)
    index, body = own[0]
    cuts: list[tuple[int, int, str]] = []
    added = ""
    for key, value in values.items():
        assigned = [statement for statement in body if statement.path == (key,)]
        if assigned:
            cuts.append((assigned[-1].value_start, assigned[-1].value_end, render(value)))
        else:
            added += f"{key} = {render(value)}{newline}"
    if added:
        at = (body[-1] if body else found[index]).end
        cuts.append((at, at, ("" if text[:at].endswith("\n") else newline) + added))
    for start, end, new in sorted(cuts, reverse=True):
        text = text[:start] + new + text[end:]
    return text


def _add_table(
    text: str, found: list[Statement], path: tuple[str, ...], values: Mapping[str, object], newline: str
) -> str:
    """The text with a new table: after the last table beside it (`[mcp_servers.other]`), else at the end."""
    table = _header(path) + newline + "".join(f"{key} = {render(value)}{newline}" for key, value in values.items())
    if not text:
        return table
    siblings = [(index, body) for index, body in _tables(found, path[:-1])]
    if siblings:
        index, body = siblings[-1]
        at = (body[-1] if body else found[index]).end
        before = "" if text[:at].endswith("\n") else newline
        return text[:at] + before + newline + table + text[at:]
    return text + (newline if text.endswith("\n") else newline * 2) + table


def remove_table(text: str, path: tuple[str, ...]) -> str:
    """The text without the table at `path` and the tables under it (their header and keys; a comment
    or blank line after their last key stays), nor the blank line before each, which set it apart."""
    newline = "\r\n" if "\r\n" in text else "\n"
    found = list(statements(text))
    spans = [(found[index].start, (body[-1] if body else found[index]).end) for index, body in _tables(found, path)]
    for start, end in reversed(spans):
        if text[:start].endswith(newline * 2):
            start -= len(newline)
        text = text[:start] + text[end:]
    return text
