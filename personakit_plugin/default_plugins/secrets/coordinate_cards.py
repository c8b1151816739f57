"""A bank's coordinate card, the grid of numbers a Spanish or Portuguese bank asks for by position ("tarjeta de
coordenadas: B3=47, D1=92", "el banco me pide coordenadas b3 47 d1 92", "cartão matriz A1 234 C4 018"): the card
stands in for a password, a few of its cells at a time.

Refused: the card's name ("coordenadas" alone only with a bank's business in the text), then within a short reach
two cells or more, each a column's letter and a row's digit
followed by its value of two to four digits, perhaps after "=" or ":". Not refused: the name alone ("perdí la tarjeta
de coordenadas"), a place's coordinates ("coordenadas GPS 40.4168, -3.7038"), a game's ("las coordenadas del barco
son A4 32 y B2 11"), one cell alone.
"""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern

_NAMES = ("coordenadas", "matriz", "coordinate card", "grid card")
_CARD = lazy_pattern(
    r"""(?<![^\W_])(?:tarjeta[ ]de[ ]coordenadas|(?P<bare>coordenadas)|cart[ãa]o[ ](?:de[ ])?matriz
    |matriz[ ]de[ ]seguran[çc]a|coordinate[ ]card|grid[ ]card)(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)
# "coordenadas" alone names the card only with a bank's business in the text: a game's or a map's are not.
_BANKING = lazy_pattern(r"banc|bank|transfer|firma|operaci|bizum", re.IGNORECASE)
_CELL = r"[A-Ja-j]\d{1,2}[ ]?[=:]?[ ]?\d{2,4}(?!\d|[.,]\d)"
_CELLS = lazy_pattern(rf"""(?<![^\W_]){_CELL}(?:[ ]?(?:,|;|y|e|and|/)?[ ]?{_CELL})+""", re.VERBOSE)
_REACH = 60


def coordinate_card(text: str) -> bool:
    """Whether `text` gives two cells or more of a bank's coordinate card after its name."""
    folded = text.casefold()
    if not any(map(folded.__contains__, _NAMES)):
        return False
    return any(
        _CELLS.compiled.search(text, card.end(), card.end() + _REACH) is not None
        and (card["bare"] is None or _BANKING.search(text) is not None)
        for card in _CARD.finditer(text)
    )
