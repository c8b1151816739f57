"""What the recall tests share: the data they use, the owner's command line in another process, the index."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from personakit_plugin import PersonaKit

import personakit_recall
from personakit_recall.index import Index

TIMEOUT = 60.0
"""Seconds a child process may take: a guard against a hang, not a timing."""

BULLETS = "Prefers answers as short bullet points rather than long paragraphs"
BULLETS_QUOTE = "honestly just give me bullets, I skim everything anyway"
PARAPHRASE = "What layout suits their replies?"
"""Shares no word with BULLETS (after the stop words): only its meaning finds it."""
OTHERS = [
    ("Owns a vizsla called Paprika", "Paprika needs two long walks a day", "background"),
    ("Uses the fish shell", "fish, because I can never remember the bash loop syntax", "tools"),
    ("Allergic to penicillin", "penicillin gives me hives", "constraints"),
    ("Commutes to the office by tram", "the tram is faster than driving here", "background"),
]


def environ(**extra: str) -> dict[str, str]:
    """This environment without the owner's PersonaKit settings, no installed plugins, then `extra`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PERSONAKIT_")}
    env["PERSONAKIT_PLUGINS"] = ""
    env.update(extra)
    return env


def owner(folder: Path, *args: str) -> str:
    """`personakit --data-dir FOLDER ARGS` in a process of its own, which must succeed: its stdout."""
    done = subprocess.run(
        [sys.executable, "-m", "personakit_plugin", "--data-dir", str(folder), *args],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        env=environ(),
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def index_of(kit: PersonaKit) -> Index:
    """The recall index the plugin keeps for `kit` (after a read)."""
    index = personakit_recall.state_of(kit).index
    assert index is not None
    return index
