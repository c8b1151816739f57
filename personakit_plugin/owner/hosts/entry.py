"""What a host's `personakit` entry says, and what `connect` makes of it: the entry already there is
read back, and only what the owner asks on this command line changes.

An entry says, in its `args`, the interpreter's `-m personakit_plugin serve` and serve's options
(`--read-only`, `--categories LIST`, `--approved-only`, `--data-dir DIR`; any other option is kept as
written), and in its `env` the data folder (`PERSONAKIT_DATA_DIR`) and the recall model
(`PERSONAKIT_RECALL_MODEL`). A `--data-dir` in the args wins over the env, as it does for `serve`.

A data folder or recall model that connect is given goes into the entry's `env`, in every host's
format; one the entry already has stays where it is written, so a run that asks for nothing new
leaves the entry's bytes alone.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from personakit_plugin.core.data_folder import DATA_ENV, default_data_dir
from personakit_plugin.core.model import CATEGORIES, EVERYTHING, View
from personakit_plugin.core.settings import RECALL_MODEL_ENV

MODULE_ARGS = ("-m", "personakit_plugin", "serve")


@dataclass(frozen=True)
class Settings:
    """What an entry says about the PersonaKit it starts."""

    read_only: bool = False
    view: View = EVERYTHING
    data_dir: str | None = None
    """The data folder as the entry writes it; None for the default one."""
    data_dir_in_args: bool = False
    """Whether it is written as `--data-dir` in the args (else in the env)."""
    recall_model: str | None = None
    other: tuple[str, ...] = ()
    """Options of `serve` PersonaKit does not set, as written."""


@dataclass(frozen=True)
class Asked:
    """What this `connect` command line asks: None (or False) where it asks nothing, and the entry keeps
    what it says."""

    read_only: bool | None = None
    categories: frozenset[str] | None = None
    every_category: bool = False
    approved_only: bool | None = None
    data_dir: str | None = None
    recall_model: str | None = None
    new_entry_data_dir: str | None = None
    """The data folder a new entry gets when `data_dir` is None (`PERSONAKIT_DATA_DIR` of this shell)."""


def _env(entry: Mapping[str, Any]) -> Mapping[str, Any]:
    env = entry.get("env")
    return env if isinstance(env, dict) else {}


def settings_of(entry: object) -> Settings | None:
    """What `entry` says; None when it is no stdio entry (a URL, or no entry at all)."""
    if not isinstance(entry, dict) or "url" in entry or entry.get("type", "stdio") != "stdio":
        return None
    env = _env(entry)
    model = env.get(RECALL_MODEL_ENV)
    found = Settings(recall_model=model if isinstance(model, str) else None)
    folder = env.get(DATA_ENV)
    if isinstance(folder, str) and folder:
        found = replace(found, data_dir=folder)
    args = entry.get("args")
    if not isinstance(args, list) or not all(isinstance(arg, str) for arg in args) or "serve" not in args:
        return found
    serve = args.index("serve")
    before, options = _options(args[:serve]), _options(args[serve + 1 :])
    categories, other = options.get("--categories"), list(options.get("", []))
    approved = "--approved-only" in options
    try:
        view = View.parse(categories[-1], approved_only=approved) if categories else View(approved_only=approved)
    except ValueError:  # a view `serve` refuses stays as it is written; `doctor` says what is wrong with it
        view, other = View(approved_only=approved), [*other, "--categories", categories[-1]] if categories else other
    folders = [*before.get("--data-dir", []), *options.get("--data-dir", [])]
    if folders:
        found = replace(found, data_dir=folders[-1], data_dir_in_args=True)
    return replace(found, read_only="--read-only" in options, view=view, other=tuple(other))


def _options(args: list[str]) -> dict[str, list[str]]:
    """serve's options PersonaKit sets, each with its values (flags with none), and under "" the rest."""
    found: dict[str, list[str]] = {}
    i = 0
    while i < len(args):
        arg = args[i]
        name, equals, value = arg.partition("=")
        if arg in ("--read-only", "--approved-only"):
            found.setdefault(arg, [])
        elif name in ("--categories", "--data-dir") and equals:
            found.setdefault(name, []).append(value)
        elif arg in ("--categories", "--data-dir") and i + 1 < len(args):
            found.setdefault(arg, []).append(args[i + 1])
            i += 1
        elif arg not in MODULE_ARGS[:2]:
            found.setdefault("", []).append(arg)
        i += 1
    return found


def settled(old: Settings | None, asked: Asked) -> Settings:
    """What the entry says once this command is done: `old`, changed only where `asked` asks."""
    base = old if old is not None else Settings(data_dir=asked.new_entry_data_dir)
    categories, other = base.view.categories, base.other
    if asked.every_category or asked.categories is not None:
        categories, other = asked.categories, _without(other, "--categories")  # a view serve refused goes too
    approved = base.view.approved_only if asked.approved_only is None else asked.approved_only
    folder, in_args = base.data_dir, base.data_dir_in_args
    if asked.data_dir is not None and asked.data_dir != folder:
        folder, in_args = asked.data_dir, False
    return replace(
        base,
        read_only=base.read_only if asked.read_only is None else asked.read_only,
        view=View(categories=categories, approved_only=approved),
        data_dir=folder,
        data_dir_in_args=in_args,
        recall_model=asked.recall_model if asked.recall_model is not None else base.recall_model,
        other=other,
    )


def _without(args: tuple[str, ...], option: str) -> tuple[str, ...]:
    """`args` without `option` and its value."""
    kept: list[str] = []
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg == option:
            skip = True
        else:
            kept.append(arg)
    return tuple(kept)


def _same_interpreter(old: object, executable: str) -> bool:
    """Whether `old` names the interpreter `executable` is, from the same folder, perhaps reached another
    way (`python` and `python3` of one virtual environment): the entry keeps the name it has."""
    if not isinstance(old, str) or not os.path.isabs(old):
        return False
    try:
        folders = os.path.realpath(os.path.dirname(old)), os.path.realpath(os.path.dirname(executable))
        return folders[0] == folders[1] and os.path.samefile(old, executable)
    except OSError:
        return False


def entry_for(typed: bool, executable: str, old: object, settings: Settings) -> dict[str, Any]:
    """The keys of the entry PersonaKit sets (`type`, `command`, `args`, and the variables of `env` it sets)
    to start PersonaKit as `settings` say with `executable`; the old entry's own args when they already
    say it that way."""
    before = old if isinstance(old, dict) else {}
    command = before["command"] if _same_interpreter(before.get("command"), executable) else executable
    args = [*MODULE_ARGS]
    if settings.data_dir is not None and settings.data_dir_in_args:
        args += ["--data-dir", settings.data_dir]
    if settings.read_only:
        args.append("--read-only")
    args += [*settings.view.arguments(), *settings.other]
    old_args = before.get("args")
    if isinstance(old_args, list) and tuple(old_args[:3]) == MODULE_ARGS:
        written = settings_of({"args": old_args})
        if written is not None and _in_args(written) == _in_args(settings):
            args = old_args  # the same options, perhaps in another order: left as written
    entry: dict[str, Any] = {**({"type": "stdio"} if typed else {}), "command": command, "args": args}
    env = {}
    if settings.data_dir is not None and not settings.data_dir_in_args:
        env[DATA_ENV] = settings.data_dir
    if settings.recall_model is not None:
        env[RECALL_MODEL_ENV] = settings.recall_model
    if env:
        entry["env"] = env
    return entry


def _in_args(settings: Settings) -> tuple[object, ...]:
    """What the args alone say."""
    return settings.read_only, settings.view, settings.other, settings.data_dir if settings.data_dir_in_args else None


def entry_folder(args: list[str], env: Mapping[str, str]) -> Path:
    """The data folder an entry that runs `personakit serve` uses: its last `--data-dir`, else its
    `PERSONAKIT_DATA_DIR`, else the platform's default."""
    chosen = None
    for index, arg in enumerate(args):
        if arg == "--data-dir" and index + 1 < len(args):
            chosen = args[index + 1]
        elif arg.startswith("--data-dir="):
            chosen = arg.partition("=")[2]
    return Path(chosen).expanduser() if chosen else default_data_dir(env)


def folder_of(settings: Settings) -> Path:
    """The data folder the entry uses: its own, else the platform's default."""
    return default_data_dir({} if settings.data_dir is None else {DATA_ENV: settings.data_dir})


def folder_phrase(settings: Settings) -> str:
    """The data folder the entry uses, as a phrase."""
    return f"the {'' if settings.data_dir is not None else 'default '}data folder {folder_of(settings)}"


def _features(settings: Settings) -> dict[str, str]:
    view = settings.view
    return {
        "access": "read-only" if settings.read_only else "read-write",
        "categories": "the categories " + ", ".join(c for c in CATEGORIES if c in view.categories)
        if view.categories
        else "every category",
        "memories": "approved memories only" if view.approved_only else "unconfirmed memories too",
        "folder": folder_phrase(settings),
        "model": f"the recall model {settings.recall_model}" if settings.recall_model else "no recall model of its own",
    }


def differences(old: Settings | None, new: Settings) -> tuple[list[str], list[str]]:
    """What changed (`was → now`) and what the entry kept that is not the default, each as phrases."""
    if old is None:
        return [], []
    before, after, defaults = _features(old), _features(new), _features(Settings())
    changed = [f"{before[key]} → {after[key]}" for key in after if before[key] != after[key]]
    kept = [after[key] for key in after if before[key] == after[key] and after[key] != defaults[key]]
    return changed, kept
