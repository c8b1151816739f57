"""What the server writes to its log (stderr) about a failure: never what the owner said, unless the
owner asks for it.

MCP hosts keep a server's stderr in log files, which a reject never reaches, and a plugin's error can
quote what it was given (`cannot redact 'ask <@U024BE7LH> about PRJ-1234'`). So a failure is logged
as the tool and, for a plugin, the plugin, the hook and the exception's type (a `PluginError`'s
message); for the store or anything else inside PersonaKit, the exception's type and the line that
raised it. Never an exception's text, a returned value or a traceback's messages.

An owner hunting a fault sets `PERSONAKIT_LOG_DETAILS=1`: the server then warns once, on start, that
its log will hold what the owner said, and logs the details (exception texts, what a plugin returned,
tracebacks). Either way every line is escaped so that it can neither drive a terminal nor forge a line.
"""

from __future__ import annotations

import logging
import traceback
from collections.abc import Mapping
from pathlib import Path

from personakit_plugin.core.plugins import PluginError
from personakit_plugin.core.store import StoreError

LOG_DETAILS_ENV = "PERSONAKIT_LOG_DETAILS"
DETAILS_WARNING = (
    f"{LOG_DETAILS_ENV} is set: this server's log will hold the details of every failure (exception texts, "
    "what plugins returned, tracebacks), which can contain what the owner said; unset it once the fault is found."
)

logger = logging.getLogger("personakit_plugin.serving")


def details_wanted(environ: Mapping[str, str]) -> bool:
    """Whether the owner asked for details in the log: `PERSONAKIT_LOG_DETAILS` is 1, true, yes or on."""
    return environ.get(LOG_DETAILS_ENV, "").strip().casefold() in ("1", "true", "yes", "on")


def warn_if_detailed(environ: Mapping[str, str]) -> bool:
    """Say `DETAILS_WARNING` on the log when the owner asked for details; whether they did."""
    wanted = details_wanted(environ)
    if wanted:
        logger.warning(DETAILS_WARNING)
    return wanted


def described(exc: BaseException, *, details: bool) -> str:
    """What the log says about `exc`: see the module's docstring."""
    if isinstance(exc, PluginError):
        said = exc.described(details=details)
    else:  # a store is a plugin too, and its sentence may quote what it stores
        who = "the memory's store" if isinstance(exc, StoreError) else "something inside PersonaKit"
        said = f"{who} raised {type(exc).__name__}{_where(exc)}."
    if details:
        said += "\n" + "".join(traceback.format_exception(exc)).rstrip()
    return loggable(said, keep="\n" if details else "")


def _where(exc: BaseException) -> str:
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return ""
    last = frames[-1]
    return f" at {Path(last.filename).name}:{last.lineno} in {last.name}"


def loggable(text: str, keep: str = "") -> str:
    """`text` with control, format and separator characters (but those in `keep`) escaped, so that it
    can neither drive the owner's terminal nor forge a line of the log."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c in keep else c.encode("unicode_escape").decode() for c in text)
