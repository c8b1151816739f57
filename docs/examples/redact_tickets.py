"""Mask support ticket numbers such as TICKET-48213 in the quotes an assistant sees."""

import re

from personakit_plugin import Mask, hookimpl

TICKET = re.compile(r"\bTICKET-\d+\b")


@hookimpl
def personakit_redact(text: str) -> list[Mask]:
    return [Mask(match.start(), match.end(), "issue") for match in TICKET.finditer(text)]
