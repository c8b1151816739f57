"""How the command line explains itself: its commands in groups, one short line each (what bare
`personakit`, `personakit help` and `personakit --help` list), and each command's examples (the end of its
`--help`). A new command gets a line in `GROUPS` and its examples in `EXAMPLES`; a test checks that every
command has both and that every example is one the parser takes."""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Sequence

from personakit_plugin.owner.display import printable

GROUPS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    (
        "Connect an assistant",
        (
            ("connect", "add PersonaKit to an MCP host's configuration"),
            ("disconnect", "remove it from an MCP host's configuration"),
            ("doctor", "check the data folder, plugins and host entries"),
            ("serve", "serve the two tools over MCP (hosts start this)"),
            ("token", "print the bearer token of `serve --transport http`"),
        ),
    ),
    (
        "Review what assistants propose",
        (
            ("review", "review proposals one key each (--web: in a browser)"),
            ("list", "list memories, most recent first"),
            ("show", "show one memory, its quotes and decisions"),
            ("approve", "let assistants see memories as confirmed"),
            ("restrict", "never show memories, only count them as withheld"),
            ("reject", "erase memories' text and quotes for good"),
            ("reset", "put memories back to unconfirmed"),
            ("edit", "change a memory's text or category"),
            ("replace", "approve a newer memory and retire the old one"),
            ("retire", "retire a memory now or on a date"),
            ("history", "show the decisions, oldest first"),
            ("undo", "undo the latest decisions"),
        ),
    ),
    (
        "Your data",
        (
            ("stats", "count memories by state and category"),
            ("export", "write every memory as JSON Lines"),
            ("import", "merge an export or a memory server's graph"),
            ("migrate", "move the memory into another storage backend"),
        ),
    ),
    (
        "Plugins",
        (
            ("plugins", "list the plugins loaded"),
            ("recall-model", "show or choose the recall plugin's model"),
        ),
    ),
    (
        "This command line",
        (
            ("help", "this list, or one command's options and examples"),
            ("completion", "print a shell completion script (bash, zsh, fish)"),
        ),
    ),
)
"""The commands as bare `personakit` lists them: groups in the order of a first hour, one short line each."""

EXAMPLES: dict[str, tuple[str, ...]] = {
    "serve": (
        "personakit serve",
        "personakit serve --read-only --categories tools,work-style",
        "personakit serve --transport http --port 8765",
    ),
    "token": ("personakit token", "personakit token --rotate"),
    "connect": (
        "personakit connect claude-desktop",
        "personakit connect cursor --dry-run",
        "personakit connect vscode --approved-only --categories tools",
    ),
    "disconnect": ("personakit disconnect cursor", "personakit disconnect claude-code --dry-run"),
    "list": ("personakit list", "personakit list --state approved --dates", "personakit list --state all --json"),
    "show": ("personakit show m_3f2a", "personakit show 3f2a9c1d0b7e --json"),
    "approve": ("personakit approve m_3f2a", "personakit approve m_3f2a m_c877"),
    "restrict": ("personakit restrict m_3f2a", "personakit restrict --proposed-by c_0a1b2c3d --since 2h --yes"),
    "reject": (
        "personakit reject m_3f2a",
        "personakit reject --yes m_3f2a m_c877",
        "personakit reject --proposed-by claude-code --since 1d",
    ),
    "reset": ("personakit reset m_3f2a",),
    "replace": ("personakit replace m_3f2a m_c877",),
    "retire": (
        "personakit retire m_3f2a",
        "personakit retire m_3f2a --on 2027-06-01",
        "personakit retire m_3f2a --replaced-by m_c877",
    ),
    "edit": (
        'personakit edit m_3f2a --text "Drinks tea in the afternoon"',
        "personakit edit m_3f2a --category preferences",
    ),
    "history": ("personakit history", "personakit history m_3f2a", "personakit history --json"),
    "review": ("personakit review", "personakit review --web", "personakit review --web --no-browser"),
    "undo": ("personakit undo", "personakit undo 3 --yes"),
    "export": ("personakit export --out memories.jsonl", "personakit export > memories.jsonl"),
    "import": ("personakit import memories.jsonl", "personakit import --from memory-json memory.jsonl --owner alex"),
    "stats": ("personakit stats", "personakit stats --json"),
    "migrate": ("personakit migrate --to postgres postgresql://me@localhost/personakit",),
    "doctor": ("personakit doctor", "personakit doctor --json", "personakit --data-dir ~/work-memory doctor"),
    "plugins": ("personakit plugins", "personakit plugins --json"),
    "recall-model": (
        "personakit recall-model",
        "personakit recall-model all-MiniLM-L6-v2",
        "personakit recall-model default",
    ),
    "help": ("personakit help", "personakit help reject"),
    "completion": (
        "personakit completion bash > ~/.local/share/bash-completion/completions/personakit",
        "personakit completion zsh > ~/.zfunc/_personakit",
        "personakit completion fish > ~/.config/fish/completions/personakit.fish",
    ),
}
"""One to three real invocations of each command, shown at the end of its `--help`."""

MORE = "`personakit help COMMAND` (or `personakit COMMAND --help`) shows a command's options and examples."


FROM_PLUGINS = "From plugins"
"""The group of the commands installed plugins add (`personakit_commands`), after the built-in ones."""
LINE = 80
"""The most characters of a plugin command's line in the list; a longer summary is cut."""


def command_list(plugins: Sequence[tuple[str, str, str]] = ()) -> str:
    """The commands, grouped, one line each: what bare `personakit` ends with. `plugins` are the commands
    installed plugins add, (name, summary, plugin), listed last under "From plugins" with the plugin
    named, each line cut to `LINE` characters."""
    width = max(len(name) for _, commands in GROUPS for name, _ in commands)
    blocks = [
        "\n".join([f"{title}:", *(f"  {name:<{width}}  {summary}" for name, summary in commands)])
        for title, commands in GROUPS
    ]
    if plugins:
        lines = [_plugin_line(width, *command) for command in plugins]
        blocks.append("\n".join([f"{FROM_PLUGINS}:", *lines]))
    return "\n\n".join([*blocks, MORE])


def _plugin_line(width: int, name: str, summary: str, plugin: str) -> str:
    said = " ".join(printable(summary).split()).rstrip(".")
    said = said[:1].lower() + said[1:] if said[1:2].islower() else said
    line = f"  {name:<{width}}  {said} ({printable(plugin)})"
    return line if len(line) <= LINE else line[: LINE - 1] + "…"


def examples(command: str) -> str | None:
    """The end of a command's `--help`: its examples, one a line; None for a command that has none."""
    given = EXAMPLES.get(command)
    return "\n".join(["Examples:", *(f"  {example}" for example in given)]) if given else None


def commands_of(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """Each command's parser, by name, in the order the parser has them."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


class Formatter(argparse.HelpFormatter):
    """argparse's, but a paragraph of a description or epilog whose lines are indented (a list of commands,
    examples) keeps its lines as they are; other paragraphs are filled to the width as usual."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        paragraphs = []
        for paragraph in text.split("\n\n"):
            lines = paragraph.splitlines()
            if any(line.startswith(" ") for line in lines):
                paragraphs.append("\n".join(indent + line for line in lines))
            else:
                paragraphs.append(
                    textwrap.fill(" ".join(paragraph.split()), width, initial_indent=indent, subsequent_indent=indent)
                )
        return "\n\n".join(paragraphs)
