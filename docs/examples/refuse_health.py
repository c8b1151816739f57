"""Refuse proposals about health: some owners want none stored, reviewed or not."""

from personakit_plugin import hookimpl

HEALTH_WORDS = ("diagnos", "medication", "therapy", "symptom")


@hookimpl
def personakit_refuse(text: str, quote: str) -> str | None:
    said = f"{text} {quote}".casefold()
    return "health" if any(word in said for word in HEALTH_WORDS) else None
