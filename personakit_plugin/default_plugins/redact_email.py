"""Masks every e-mail address in a quote, name and domain alike."""

from __future__ import annotations

import re

from .. import hookimpl
from ..redaction import Mask

# Generous on purpose: anything on either side of an @ up to white space or punctuation that
# cannot be part of an address is masked, so plus-addressing, subdomains, combining marks,
# Unicode domains and quoted local parts all go, and a near-miss is masked rather than shown.
_PART = r"""[^\s@<>()\[\],;:"]+"""
EMAIL = re.compile(rf"""(?:"(?:[^"\\\n]|\\.){{1,64}}"|{_PART})@(?:\[[^\]\s]+\]|{_PART})""")


@hookimpl(trylast=True)
def personakit_redact(text: str) -> list[Mask]:
    return [Mask(match.start(), match.end(), "email") for match in EMAIL.finditer(text)]
