"""Refuses a proposal whose text or quote looks like a secret."""

from __future__ import annotations

from personakit_plugin.core.hookspecs import hookimpl
from personakit_plugin.default_plugins.credentials import looks_like_secret


@hookimpl(trylast=True)
def personakit_refuse(text: str, quote: str) -> str | None:
    return "credential_shape" if looks_like_secret(text) or looks_like_secret(quote) else None
