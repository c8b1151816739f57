"""JSON, and JSON with comments, read and changed in place: one member of one object is set, added or
removed by splicing its span of the text, and every other byte stays as it was (comments, order,
indentation, trailing commas, line endings).

`strip_jsonc` reads comments (`//`, `/* */`) and trailing commas as VS Code and Zed do. `parse` finds
the spans: each object's members, each key and value, from where they start to where they end. It
is run only on text that `json.loads` (after `strip_jsonc` for JSON with comments) has accepted, so
it can be lenient; the caller parses what it wrote once more and compares it with what it meant.

A new member takes the indentation of the members beside it, and a new object is drawn with the
file's own unit of indentation (a tab, or its number of spaces), its arrays of plain values on one
line; in an object written on one line, the new member is written on that line too.
"""

from __future__ import annotations

import contextlib
import json
import re
from dataclasses import dataclass, field


def strip_jsonc(text: str) -> tuple[str, bool]:
    """JSON with comments (`//`, `/* */`) and trailing commas made plain JSON; and whether it had
    comments. Text inside strings is never touched; line numbers stay the same."""
    out: list[str] = []
    comments = False
    comma: int | None = None  # where in `out` a comma stands that a closing bracket would make trailing
    i = 0
    while i < len(text):
        if text[i] == '"':
            end = string_end(text, i)
            out.append(text[i:end])
            comma, i = None, end
            continue
        if text.startswith(("//", "/*"), i):
            end = _comment_end(text, i)
            out.append("\n" * text.count("\n", i, end) or " ")
            comments, i = True, end
            continue
        if text[i] in "}]" and comma is not None:
            out[comma] = " "
        if not text[i].isspace():
            comma = len(out) if text[i] == "," else None
        out.append(text[i])
        i += 1
    return "".join(out), comments


def string_end(text: str, start: int) -> int:
    """The index just past the JSON string that opens at `start` (the end of the text if it never closes)."""
    i = start + 1
    while i < len(text):
        if text[i] == "\\":
            i += 2
        elif text[i] == '"':
            return i + 1
        else:
            i += 1
    return len(text)


def _comment_end(text: str, start: int) -> int:
    """Just past the comment at `start`: before the newline that ends a `//` one, after a `*/`."""
    line = text.startswith("//", start)
    end = text.find("\n" if line else "*/", start + 2)
    return len(text) if end < 0 else end + (0 if line else 2)


def skip(text: str, i: int) -> int:
    """The index of the first character at or after `i` that is neither white space nor in a comment."""
    while i < len(text):
        if text[i].isspace():
            i += 1
        elif text.startswith(("//", "/*"), i):
            i = _comment_end(text, i)
        else:
            break
    return i


# -- spans ----------------------------------------------------------------------------------------


@dataclass
class Node:
    start: int
    end: int
    """Just past the value."""
    members: list[Member] | None = None
    """An object's members, in the text's order; None for any other value."""


@dataclass
class Member:
    key: str
    key_start: int
    value: Node = field(repr=False)


_SCALAR = re.compile(r"[^\s,\]}/]+")


def parse(text: str) -> Node:
    """The spans of the value the text holds (valid JSON, perhaps with comments and trailing commas)."""
    node, _ = _value(text, skip(text, 0))
    return node


def _value(text: str, i: int) -> tuple[Node, int]:
    if text[i] == "{":
        return _object(text, i)
    if text[i] == "[":
        j = skip(text, i + 1)
        while text[j] != "]":
            _, j = _value(text, j)
            j = skip(text, j)
            j = skip(text, j + 1) if text[j] == "," else j
        return Node(i, j + 1), j + 1
    end = string_end(text, i) if text[i] == '"' else i + len(_SCALAR.match(text, i).group())  # type: ignore[union-attr]
    return Node(i, end), end


def _object(text: str, i: int) -> tuple[Node, int]:
    members: list[Member] = []
    j = skip(text, i + 1)
    while text[j] != "}":
        key_end = string_end(text, j)
        key = json.loads(text[j:key_end])
        value, end = _value(text, skip(text, skip(text, key_end) + 1))
        members.append(Member(key, j, value))
        j = skip(text, end)
        j = skip(text, j + 1) if text[j] == "," else j
    return Node(i, j + 1, members), j + 1


def member(node: Node, key: str) -> Member | None:
    """The object's member called `key` (the last, as JSON parsers read a repeated key)."""
    found = [m for m in node.members or [] if m.key == key]
    return found[-1] if found else None


# -- drawing new text ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Style:
    unit: str | None
    """One level of indentation; None when the file is written on one line."""
    newline: str


def style_of(text: str) -> Style:
    """How the file is laid out: its unit of indentation (that of the top object's first member when
    it begins a line, else of the first indented line) and its line ending."""
    newline = "\r\n" if "\r\n" in text else "\n"
    if not text.strip() or text.strip() == "{}":
        return Style("  ", newline)
    if "\n" not in text.strip():
        return Style(None, newline)
    unit = None
    with contextlib.suppress(ValueError, IndexError):
        members = parse(text).members
        unit = _line_indent(text, members[0].key_start) if members else None
    if not unit:
        found = re.search(r"\n([ \t]+)\S", text)
        unit = found.group(1) if found else "  "
    return Style("\t" if unit.startswith("\t") else unit, newline)


def render(value: object, style: Style, indent: str) -> str:
    """`value` as JSON for a place indented by `indent`: objects one member a line, everything else on one line."""
    if style.unit is None or not isinstance(value, dict) or not value:
        return json.dumps(value, ensure_ascii=False)
    inner = indent + style.unit
    lines = [f"{inner}{json.dumps(k, ensure_ascii=False)}: {render(v, style, inner)}" for k, v in value.items()]
    return "{" + style.newline + ("," + style.newline).join(lines) + style.newline + indent + "}"


def _line_indent(text: str, at: int) -> str | None:
    """The white space before `at` on its line, when nothing else is there."""
    start = text.rfind("\n", 0, at) + 1
    before = text[start:at]
    return before if not before.strip(" \t") else None


def _rest_of_line(text: str, i: int) -> int | None:
    """Where the line goes on to its newline when only white space and comments are left on it from
    `i`: the index of that newline (or the end of the text); None when something else follows."""
    while i < len(text) and text[i] in " \t":
        i += 1
    if text.startswith("//", i):
        end = _comment_end(text, i)
        return end - 1 if text[end - 1 : end + 1] == "\r\n" else end
    if text.startswith("/*", i):
        end = _comment_end(text, i)
        return None if "\n" in text[i:end] else _rest_of_line(text, end)
    if i == len(text) or text.startswith(("\r\n", "\n"), i):
        return i
    return None


def _splice(text: str, *cuts: tuple[int, int, str]) -> str:
    for start, end, new in sorted(cuts, reverse=True):
        text = text[:start] + new + text[end:]
    return text


# -- the three edits --------------------------------------------------------------------------------


def replace_value(text: str, found: Member, value: object) -> str:
    """The text with the member's value replaced by `value`."""
    indent = _line_indent(text, found.key_start)
    style = style_of(text)
    if indent is None:
        style = Style(None, style.newline)
    return _splice(text, (found.value.start, found.value.end, render(value, style, indent or "")))


def add_member(text: str, node: Node, key: str, value: object) -> str:
    """The text with `"key": value` added at the end of the object at `node`."""
    style = style_of(text)
    members = node.members or []
    if not members:
        return _into_empty(text, node, key, value, style)
    last = members[-1]
    after = skip(text, last.value.end)
    trailing = text[after] == ","
    anchor = after + 1 if trailing else last.value.end
    indent = _line_indent(text, last.key_start)
    if indent is None or style.unit is None:
        new = f"{json.dumps(key, ensure_ascii=False)}: {json.dumps(value, ensure_ascii=False)}"
        return _splice(text, (anchor, anchor, f" {new}," if trailing else f", {new}"))
    line_end = _rest_of_line(text, anchor)
    at = anchor if line_end is None else line_end
    new = f"{style.newline}{indent}{json.dumps(key, ensure_ascii=False)}: {render(value, style, indent)}"
    if trailing:
        return _splice(text, (at, at, new + ","))
    if at == last.value.end:
        return _splice(text, (at, at, "," + new))
    return _splice(text, (at, at, new), (last.value.end, last.value.end, ","))


def _into_empty(text: str, node: Node, key: str, value: object, style: Style) -> str:
    inside = text[node.start + 1 : node.end - 1]
    if style.unit is None:
        new = f"{json.dumps(key, ensure_ascii=False)}: {json.dumps(value, ensure_ascii=False)}"
        return _splice(text, (node.start + 1, node.start + 1, new))
    line_start = text.rfind("\n", 0, node.start) + 1
    outer = re.match(r"[ \t]*", text[line_start:]).group()  # type: ignore[union-attr]
    inner = outer + style.unit
    new = f"{style.newline}{inner}{json.dumps(key, ensure_ascii=False)}: {render(value, style, inner)}"
    if inside.strip():  # comments in the empty object: the new member goes before them, on their line
        compact = f"{json.dumps(key, ensure_ascii=False)}: {json.dumps(value, ensure_ascii=False)}"
        return _splice(text, (node.start + 1, node.start + 1, compact))
    return _splice(text, (node.start + 1, node.end - 1, new + style.newline + outer))


def remove_member(text: str, node: Node, found: Member) -> str:
    """The text without the member (and the comma that went with it)."""
    members = node.members or []
    index = next(i for i, m in enumerate(members) if m is found)
    after = skip(text, found.value.end)
    comma = text[after] == ","
    if len(members) == 1 and not comma:
        inside = text[node.start + 1 : found.key_start] + text[found.value.end : node.end - 1]
        if not inside.strip():
            return _splice(text, (node.start + 1, node.end - 1, ""))
    indent = _line_indent(text, found.key_start)
    if comma:
        line_end = _rest_of_line(text, after + 1)
        if indent is not None and line_end is not None:
            start = found.key_start - len(indent)
            end = line_end + (2 if text.startswith("\r\n", line_end) else 1 if text.startswith("\n", line_end) else 0)
            return _splice(text, (start, end, ""))
        if index == 0:
            return _splice(text, (found.key_start, skip(text, after + 1), ""))
        return _splice(text, (skip(text, members[index - 1].value.end) + 1, after + 1, ""))
    if index == 0:  # the last member, alone with comments around it
        return _splice(text, (found.key_start, found.value.end, ""))
    previous = members[index - 1]
    separator = skip(text, previous.value.end)
    if indent is not None:
        line_start = found.key_start - len(indent)
        start = line_start - (2 if text[line_start - 2 : line_start] == "\r\n" else 1)
        start = max(start, separator + 1)
    else:
        start = separator + 1
    return _splice(text, (separator, separator + 1, ""), (start, found.value.end, ""))
