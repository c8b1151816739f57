"""Refuses a proposal that holds a secret in its text, its quote, or split between the two."""

from __future__ import annotations

from personakit_plugin.core.hookspecs import hookimpl
from personakit_plugin.default_plugins.secrets import holds_secret


@hookimpl(trylast=True)
def personakit_refuse(text: str, quote: str) -> str | None:
    return "credential_shape" if holds_secret(text, quote) else None
