"""Masks every e-mail address in a quote, name and domain alike."""

from __future__ import annotations

import re

from .. import hookimpl
from ..redaction import Mask

# Generous on purpose: quoted local parts, plus-addressing, subdomains and Unicode domains all
# count.
EMAIL = re.compile(
    r"""(?:"[^"\n]{1,64}"|[\w.!#$%&'*+/=?^`{|}~-]+)@(?:\[[^\]\s]+\]|[\w-]+(?:\.[\w-]+)+)""",
)


@hookimpl(trylast=True)
def personakit_redact(text: str) -> list[Mask]:
    return [Mask(match.start(), match.end(), "email") for match in EMAIL.finditer(text)]
