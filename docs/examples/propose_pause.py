"""Pause proposals while PERSONAKIT_PAUSE is set, say for a shared screen; reads go on as usual."""

from personakit_plugin import ProposeResult, hookimpl


@hookimpl
def personakit_propose(kit) -> ProposeResult | None:
    if kit.config.environ.get("PERSONAKIT_PAUSE"):
        return ProposeResult(stored=False, reason="paused")
    return None  # let the default plugin store it
