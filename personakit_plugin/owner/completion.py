"""`personakit completion bash|zsh|fish`: a completion script for that shell, made from the parser itself,
so it offers exactly the commands and options this installation has: the commands (with their one-line
summaries where the shell shows them), each command's options, the values of an option or argument that
takes one of a few (`--state`, a host's name, a shell), folders for `--data-dir` and files where a file
is asked for. Ids are not completed: the script never reads the memory."""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from personakit_plugin.owner.hosts.table import HOSTS
from personakit_plugin.owner.usage import GROUPS, commands_of

SHELLS = ("bash", "zsh", "fish")
DIR, FILE, WORDS, FREE = "dir", "file", "words", "free"
"""What an option's value, or an argument, completes to: a folder, a file, one of some words, nothing."""


@dataclass(frozen=True)
class Option:
    names: tuple[str, ...]
    help: str
    takes: str | None
    """None for a flag; else DIR, FILE, WORDS or FREE."""
    words: tuple[str, ...] = ()


@dataclass(frozen=True)
class Command:
    name: str
    summary: str
    options: tuple[Option, ...]
    argument: str | None
    """What its first argument completes to (DIR, FILE, WORDS), or None."""
    words: tuple[str, ...] = ()


def _completes(action: argparse.Action) -> tuple[str, tuple[str, ...]]:
    metavar = action.metavar if isinstance(action.metavar, str) else ""
    if action.choices is not None:
        return WORDS, tuple(str(choice) for choice in action.choices)
    if metavar == "HOST":
        return WORDS, tuple(HOSTS)
    if metavar == "DIR":
        return DIR, ()
    if metavar == "FILE":
        return FILE, ()
    return FREE, ()


def _options(parser: argparse.ArgumentParser) -> tuple[Option, ...]:
    options = []
    for action in parser._actions:
        if not action.option_strings or action.help == argparse.SUPPRESS:
            continue
        takes, words = _completes(action) if action.nargs != 0 else (None, ())
        options.append(Option(tuple(action.option_strings), " ".join((action.help or "").split()), takes, words))
    return tuple(options)


def spec(parser: argparse.ArgumentParser) -> tuple[tuple[Option, ...], tuple[Command, ...]]:
    """The top level's options and every command, as the scripts need them."""
    summaries = {name: summary for _, commands in GROUPS for name, summary in commands}
    commands = []
    for name, sub in commands_of(parser).items():
        positionals = [action for action in sub._actions if not action.option_strings]
        argument, words = _completes(positionals[0]) if positionals else (None, ())
        commands.append(
            Command(
                name,
                summaries.get(name, sub.description or ""),
                _options(sub),
                None if argument == FREE else argument,
                words,
            )
        )
    return _options(parser), tuple(commands)


def script(shell: str, parser: argparse.ArgumentParser) -> str:
    """The completion script for `shell`, one of SHELLS."""
    top, commands = spec(parser)
    return {"bash": _bash, "zsh": _zsh, "fish": _fish}[shell](top, commands)


# -- bash ---------------------------------------------------------------------------------------------


def _bash_words(words: tuple[str, ...]) -> str:
    return " ".join(words)


def _bash_case(command: str, options: tuple[Option, ...]) -> list[str]:
    """The case arms that complete the value of each of a command's options that takes one."""
    arms = []
    for option in options:
        if option.takes is None:
            continue
        pattern = "|".join(f'"{command} {name}"' for name in option.names)
        if option.takes == WORDS:
            body = f'COMPREPLY=($(compgen -W "{_bash_words(option.words)}" -- "$cur"))'
        elif option.takes == DIR:
            body = "local IFS=$'\\n'; COMPREPLY=($(compgen -d -- \"$cur\"))"
        elif option.takes == FILE:
            body = "local IFS=$'\\n'; COMPREPLY=($(compgen -f -- \"$cur\"))"
        else:
            body = "COMPREPLY=()"
        arms.append(f"        {pattern}) {body}; return ;;")
    return arms


def _bash(top: tuple[Option, ...], commands: tuple[Command, ...]) -> str:
    names = " ".join(command.name for command in commands)
    takes_value = "|".join(name for option in top if option.takes is not None for name in option.names)
    values = _bash_case("", top)
    for command in commands:
        values += _bash_case(command.name, command.options)
    options = [f'        "") options="{" ".join(n for o in top for n in o.names)}"; argument="{names}" ;;']
    for command in commands:
        flags = " ".join(name for option in command.options for name in option.names)
        if command.argument == WORDS:
            argument = f'; argument="{_bash_words(command.words)}"'
        elif command.argument in (DIR, FILE):
            argument = f"; files={'-d' if command.argument == DIR else '-f'}"
        else:
            argument = ""
        options.append(f'        {command.name}) options="{flags}"{argument} ;;')
    return "\n".join(
        [
            "# bash completion for personakit, made by `personakit completion bash`.",
            "# Load it in ~/.bashrc with: source <(personakit completion bash)",
            "_personakit() {",
            '    local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"',
            '    local command="" options="" argument="" files="" i',
            "    for ((i = 1; i < COMP_CWORD; i++)); do",
            '        case "${COMP_WORDS[i]}" in',
            f"            {takes_value}) ((i++)) ;;" if takes_value else "            --) ;;",
            "            -*) ;;",
            '            *) command="${COMP_WORDS[i]}"; break ;;',
            "        esac",
            "    done",
            '    case "$command $prev" in',
            *values,
            "    esac",
            '    case "$command" in',
            *options,
            "        *) return ;;",
            "    esac",
            "    if [[ $cur == -* || ( -z $argument && -z $files ) ]]; then",
            '        COMPREPLY=($(compgen -W "$options" -- "$cur"))',
            "    elif [[ -n $files ]]; then",
            "        local IFS=$'\\n'",
            '        COMPREPLY=($(compgen "$files" -- "$cur"))',
            "    else",
            '        COMPREPLY=($(compgen -W "$argument" -- "$cur"))',
            "    fi",
            "}",
            "complete -o filenames -F _personakit personakit",
            "",
        ]
    )


# -- zsh ----------------------------------------------------------------------------------------------


def _zsh_quote(text: str) -> str:
    """`text` inside a single-quoted zsh word."""
    return text.replace("'", "'\\''")


def _zsh_help(text: str) -> str:
    """An option's help, fit for the brackets of an `_arguments` spec."""
    for character in "\\[]:":
        text = text.replace(character, "\\" + character)
    return _zsh_quote(text)


def _zsh_action(takes: str | None, words: tuple[str, ...], what: str) -> str:
    if takes == WORDS:
        return f":{what}:({' '.join(words)})"
    if takes == DIR:
        return f":{what}:_files -/"
    if takes == FILE:
        return f":{what}:_files"
    return f":{what}: " if takes == FREE else ""


def _zsh_specs(options: tuple[Option, ...]) -> list[str]:
    specs = []
    for option in options:
        excluded = f"({' '.join(option.names)})" if len(option.names) > 1 else ""
        if option.names in (("-h", "--help"), ("--version",)):
            excluded = "(- *)"
        action = _zsh_action(option.takes, option.words, option.names[-1].lstrip("-"))
        specs += [f"'{excluded}{name}[{_zsh_help(option.help)}]{_zsh_quote(action)}'" for name in option.names]
    return specs


def _zsh(top: tuple[Option, ...], commands: tuple[Command, ...]) -> str:
    described = [f"        '{_zsh_quote(c.name)}:{_zsh_quote(c.summary.replace(':', ' '))}'" for c in commands]
    arms = []
    for command in commands:
        specs = _zsh_specs(command.options)
        if command.argument is not None:
            specs.append(f"'1{_zsh_quote(_zsh_action(command.argument, command.words, 'argument'))}'")
        arms.append(f"        ({command.name})")
        arms.append("          _arguments \\\n            " + " \\\n            ".join(specs) + " ;;")
    return "\n".join(
        [
            "#compdef personakit",
            "# zsh completion for personakit, made by `personakit completion zsh`.",
            "# Save it as _personakit in a folder of $fpath, then run compinit.",
            "_personakit() {",
            "  local curcontext=$curcontext state state_descr line",
            "  typeset -A opt_args",
            "  _arguments -C \\",
            *(f"    {s} \\" for s in _zsh_specs(top)),
            "    '1:command:->command' \\",
            "    '*::argument:->argument' && return 0",
            "  case $state in",
            "    (command)",
            "      local -a commands",
            "      commands=(",
            *described,
            "      )",
            "      _describe -t commands 'personakit command' commands ;;",
            "    (argument)",
            "      curcontext=${curcontext%:*:*}:personakit-$words[1]:",
            "      case $words[1] in",
            *arms,
            "      esac ;;",
            "  esac",
            "}",
            "if [[ $zsh_eval_context[-1] == loadautofunc ]]; then",
            '  _personakit "$@"',
            "else",
            "  compdef _personakit personakit",
            "fi",
            "",
        ]
    )


# -- fish ---------------------------------------------------------------------------------------------


def _fish_quote(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _fish_option(condition: str, option: Option) -> str:
    parts = ["complete -c personakit", f"-n {_fish_quote(condition)}"]
    for name in option.names:
        parts.append(f"-l {name[2:]}" if name.startswith("--") else f"-s {name[1:]}")
    if option.takes == WORDS:
        parts.append(f"-x -a {_fish_quote(' '.join(option.words))}")
    elif option.takes == DIR:
        parts.append("-x -a '(__fish_complete_directories)'")
    elif option.takes == FILE:
        parts.append("-r -F")
    elif option.takes == FREE:
        parts.append("-x")
    parts.append(f"-d {_fish_quote(option.help)}")
    return " ".join(parts)


def _fish(top: tuple[Option, ...], commands: tuple[Command, ...]) -> str:
    names = " ".join(command.name for command in commands)
    before = f"not __fish_seen_subcommand_from {names}"
    lines = [
        "# fish completion for personakit, made by `personakit completion fish`.",
        "# Save it as ~/.config/fish/completions/personakit.fish",
        "complete -c personakit -f",
        *(_fish_option(before, option) for option in top),
        *(f"complete -c personakit -n {_fish_quote(before)} -a {c.name} -d {_fish_quote(c.summary)}" for c in commands),
    ]
    for command in commands:
        after = f"__fish_seen_subcommand_from {command.name}"
        lines += [_fish_option(after, option) for option in command.options]
        if command.argument == WORDS:
            lines.append(f"complete -c personakit -n {_fish_quote(after)} -a {_fish_quote(' '.join(command.words))}")
        elif command.argument == FILE:
            lines.append(f"complete -c personakit -n {_fish_quote(after)} -F")
        elif command.argument == DIR:
            lines.append(f"complete -c personakit -n {_fish_quote(after)} -a '(__fish_complete_directories)'")
    return "\n".join([*lines, ""])
