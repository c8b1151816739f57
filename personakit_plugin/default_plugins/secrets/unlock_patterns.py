"""A phone's or a tablet's unlock pattern told in words: the figure it draws and the corner it starts from
("my pattern's an S from the bottom right", "Entsperrmuster: ein großes C, oben rechts anfangen", "mi
patrón es una W, empieza abajo a la derecha"), in seven languages.

Three things must be there, in this order, within one stretch of text: the pattern's name, either the
unlock pattern's own words ("unlock pattern", "Entsperrmuster", "patrón de desbloqueo", "schéma de
déverrouillage", "sequenza di sblocco", "ontgrendelpatroon", "padrão de desbloqueio") or "pattern"
after "my" or a device ("my pattern", "our tablet pattern", "mijn patroon"), not followed by what it is
a pattern of ("my pattern of sleep"); the figure, a capital letter after an article ("an S", "ein C",
"una W", "een omgekeerde V") or a shape's word ("a square", "um quadrado"); and a corner ("top left",
"oben links", "arriba a la izquierda", "en bas à gauche", "in basso a sinistra", "rechtsboven", "em cima
na esquerda"). A knitting pattern, a pattern with no figure, and a figure with no corner are stored.
"""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern

_NAME = r"""(?:unlock[ ]pattern|pattern[ ]lock|screen[ ]pattern|entsperr-?muster|patr[oó]n[ ]de[ ]desbloqueo
    |sch[ée]ma[ ]de[ ]d[ée]verrouillage|sequenza[ ]di[ ]sblocco|segno[ ]di[ ]sblocco|ontgrendel-?patroon
    |padr[aã]o[ ]de[ ]desbloqueio
    |(?:my|phone|phone's|tablet|tablet's|mein|handy|handy-|mi|mon|mia|mijn|meu|celular)[ ]?
    (?:pattern|muster|patr[oó]n|sch[ée]ma|sequenza|patroon|padr[aã]o)(?:'s)?
    (?![ ](?:of|for|für|von|de|du|di|del|della|van|voor|do|da|para|per|pour)(?![^\W_])))"""
_FIGURE = r"""(?:(?:an?|ein|eine|einen|una?|une?|een|um|uma)[ ](?:[^\W\d_]+[ ])?(?-i:[A-Z])(?![^\W_])
    |(?:square|triangle|zigzag|quadrat|dreieck|cuadrado|tri[aá]ngulo|carr[ée]|quadrato|triangolo|vierkant|driehoek
    |quadrado|tri[aâ]ngulo)(?![^\W_]))"""
_CORNER = r"""(?:(?:top|bottom|upper|lower)[ -](?:left|right)|(?:oben|unten)[ ](?:links|rechts)
    |(?:links|rechts)[ ]?(?:oben|unten|boven|onder)|(?:arriba|abajo)[ ]a[ ]la[ ](?:izquierda|derecha)
    |(?:superior|inferior)[ ](?:izquierd[oa]|derech[oa]|esquerd[oa]|direit[oa])
    |(?:haut|bas)[ ][àa][ ](?:gauche|droite)|(?:alto|basso)[ ]a[ ](?:sinistra|destra)
    |(?:cima|baixo)[ ](?:na|[àa])[ ](?:esquerda|direita))"""
# How far, in characters, the figure may stand from the name and the corner from the figure.
_REACH = 90
_TOLD = lazy_pattern(
    rf"(?<![^\W_]){_NAME}[^\n]{{0,{_REACH}}}?{_FIGURE}[^\n]{{0,{_REACH}}}?{_CORNER}",
    re.IGNORECASE | re.VERBOSE,
)
_NAMED = (
    "pattern",
    "muster",
    "patron",
    "patrón",
    "schéma",
    "schema",
    "sequenza",
    "segno",
    "patroon",
    "padrão",
    "padrao",
)


def unlock_pattern(text: str) -> bool:
    """Whether `text` tells an unlock pattern: its name, the figure it draws and the corner it starts from."""
    folded = text.casefold()
    return any(map(folded.__contains__, _NAMED)) and _TOLD.search(text) is not None
