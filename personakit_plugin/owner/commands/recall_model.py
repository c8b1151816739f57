"""`personakit recall-model [MODEL | default]`: the model the recall plugin embeds with, for the data folder.

Without an argument it says the model chosen for the data folder, who chose it, and what overrides it:
`PERSONAKIT_RECALL_MODEL` in this shell, or in a host's entry (`connect HOST --recall-model`). With one,
it checks that the model loads and embeds a sentence (a name is downloaded now, with a progress bar)
and records it in the data folder (`core.settings`), where every PersonaKit on that folder reads it at
its first read, whichever host started it: a desktop host that sees none of the shell's variables too.
`default` forgets the choice: the plugin's bundled model. The check needs the recall plugin
(`personakit-recall`) in this Python; without it the command says so and records nothing.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from personakit_plugin.core.hookspecs import hookimpl
from personakit_plugin.core.settings import RECALL_MODEL, RECALL_MODEL_ENV, set_setting, settings
from personakit_plugin.owner.commands import Add
from personakit_plugin.owner.console import CommandError, UsageError, data_dir, say
from personakit_plugin.owner.display import printable

PLUGIN = "personakit_recall"
DEFAULT = "default"
"""The argument that forgets the recorded choice."""
NOT_INSTALLED = "the recall plugin (personakit-recall) is not installed in this Python"


def plugin_installed() -> bool:
    try:
        return find_spec(PLUGIN) is not None
    except (ImportError, ValueError):
        return False


def _encoders() -> Any:
    from personakit_recall import encoders  # type: ignore[import-not-found,unused-ignore]

    return encoders


def checked(value: str) -> tuple[str, str]:
    """The model `value` names, as it is recorded (a folder as its absolute path), and its name as the
    plugin says it, once it has loaded and embedded a sentence; a CommandError saying why not."""
    value = value.strip()
    if not value:
        raise UsageError("Name a model: a folder, an installed model's name, or `default`.")
    if not plugin_installed():
        raise CommandError(
            f"The model {value!r} cannot be checked: {NOT_INSTALLED}; "
            "install it with `pip install personakit-recall`, then run this again."
        )
    encoders = _encoders()
    folder = Path(value).expanduser()
    recorded = str(folder.resolve()) if folder.is_dir() else value
    try:
        encoder = encoders.check(recorded)
    except encoders.ModelError as exc:
        raise CommandError(str(exc)) from None
    return recorded, str(encoder.name)


def current(folder: Path) -> str | None:
    """The model recorded for the data folder, None when none is."""
    return settings(folder).get(RECALL_MODEL) or None


def chosen_sentence(folder: Path, environ: Mapping[str, str], whose: str) -> str:
    """Which model a PersonaKit on `folder` with the environment `environ` uses for recall, and who
    chose it, as a clause: `all-MiniLM-L6-v2 (recorded in the data folder)`."""
    override = environ.get(RECALL_MODEL_ENV, "").strip()
    if override:
        return f"{printable(override)} ({RECALL_MODEL_ENV} in {whose})"
    recorded = current(folder)
    if recorded:
        return f"{printable(recorded)} (recorded in the data folder)"
    return "the plugin's bundled model (nothing recorded)"


def cmd_recall_model(args: argparse.Namespace) -> None:
    folder = data_dir(args.data_dir)
    override = os.environ.get(RECALL_MODEL_ENV, "").strip()
    if args.model is None:
        recorded = current(folder)
        said = f"the model {printable(recorded)}" if recorded else "nothing (the plugin's bundled model)"
        say(f"Recall model recorded for the data folder {folder}: {said}.")
        if override:
            say(
                f"{RECALL_MODEL_ENV}={printable(override)} in this shell overrides it for what is started from "
                "here; a host uses its entry's env, else the recorded model."
            )
        if not plugin_installed():
            say(f"Note: {NOT_INSTALLED}, so nothing uses it here.")
        say("`personakit doctor` says which model each host's PersonaKit uses.")
        return
    if args.model.strip().casefold() == DEFAULT:
        set_setting(folder, RECALL_MODEL, None)
        say(f"Forgot the recall model of the data folder {folder}: the plugin's bundled model is used.")
    else:
        value, name = checked(args.model)
        set_setting(folder, RECALL_MODEL, value)
        say(f"Recorded the recall model of the data folder {folder}: {printable(value)} ({printable(name)}).")
    say("Every PersonaKit on this folder uses it from its next start; one running now keeps its model until then.")
    if override:
        say(f"{RECALL_MODEL_ENV}={printable(override)} in this shell still overrides it for what is started from here.")


@hookimpl(tryfirst=True)
def personakit_commands(add: Add) -> None:
    parser = add(
        "recall-model",
        cmd_recall_model,
        "Show or choose the recall plugin's model for the data folder (every host's PersonaKit on it uses it).",
    )
    parser.add_argument(
        "model",
        metavar="MODEL",
        nargs="?",
        help="a model folder, an installed model's name (all-MiniLM-L6-v2, all-mpnet-base-v2), model2vec:NAME or "
        "sentence-transformers:NAME (downloaded now), or `default`; none: show the choice",
    )
