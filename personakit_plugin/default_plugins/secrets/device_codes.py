"""A code that works something of the owner's, named by what it works, then its digits alone: a phone's
unlock code ("desbloqueo del móvil 481920"), a card terminal's code for refunds or its manager's
("código del TPV para anulaciones 6152", "managercode pinautomaat 3390"), telephone banking's security
number ("for phone banking my security code is 50917") and a bank's electronic password of digits
("senha eletrônica 61730482").

The code is four to eight digits that end their clause, not a year, round hundreds or a count before its
unit: "sblocco telefono 24 ore su 24", "the card machine since 2021", "desbloqueo del móvil 1500" are
stored, and so is a number with more words after it than what the code is for, a word or what it undoes in three
("código del TPV 6152 de la tienda", "app code 1234 for the game"; not "managercode pinautomaat 3390 voor retouren"
nor "le code gérant c'est 4815 pour annuler un ticket").
"""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
from personakit_plugin.default_plugins.secrets.pins import UNIT_AFTER
from personakit_plugin.default_plugins.secrets.years import YEAR_OR_HUNDREDS

_CODE = r"""(?:codes?|c[oó]digo|codice|clave|pin|pincode|contrase[ñn]a|password|passcode|wachtwoord|senha
    |mot[ ]de[ ]passe)"""
_THE = r"""(?:(?:del|de|do|da|du|des|della|dello|di|van|het|de|of|the|of[ ]the|for[ ]the|vom|der|des|su|mon|my)[ ])*"""
# A phone's unlock, either way round: "sblocco telefono", "desbloqueo del móvil", "phone unlock code".
_PHONE = r"""(?:telefono|tel[ée]fono|t[ée]l[ée]phone|cellulare|m[óo]vil|celular|telem[óo]vel|portable|handy|telefoon
    |phone|mobile)"""
_UNLOCK = r"""(?:sblocco|desbloqueo|desbloqueio|d[ée]verrouillage|entsperr(?:ung|code)?|ontgrendel(?:code|ing)?
    |unlock)"""
# A card terminal, or its manager's code: "datáfono", "TPV", "pinautomaat", "card machine", "managercode".
_TERMINAL = r"""(?:dat[áa]fono|tpv|tpe|pin[ ]?pad|pinautomaat|betaalautomaat|kaartterminal|card[ ](?:machine|terminal)
    |maquininha|terminal[ ](?:de[ ]pago|de[ ]paiement|di[ ]pagamento|de[ ]cart[ãa]o)|pos[ ]terminal)"""
_MANAGER_CODE = r"""(?:beheerders?code|managercode|admin(?:istrator)?[ ]code|manager(?:['’]s)?[ ]code|supervisor[ ]code
    |code[ ](?:g[ée]rant|superviseur|administrateur)|c[oó]digo[ ](?:de[ ])?(?:encargado|supervisor|administrador))"""
_PURPOSE = r"""(?:[ ](?:para|for|voor|pour|per|f[üu]r|pra)[ ][^\W\d_]+)?"""
# What a till's code undoes, in three words at most: "pour annuler un ticket", "to void a sale".
_UNDOING = r"""(?:pour|para|per|to|om|um|pra)[ ](?:annuler|cancel|void|refund|rembourser|anular|cancelar|annullare
    |stornieren|stornare|reembolsar|devolver|retourneren|annuleren)(?:[ ][^\W\d_]+){0,2}"""
_VALUE = rf"""[ ]*(?:(?:is|es|est|c['’]est|è|é|ist|lautet)[ ]*)?:?[ ]*(?P<pin>\d{{4,8}})(?![\d.,:/]\d|[^\W\d_])
    (?=(?:[ ](?:para|for|voor|pour|per|f[üu]r|pra)[ ][^\W\d_]+|[ ]{_UNDOING})?[ ]*(?:[.,;!?\n]|$))"""
_DEVICE_CODE = lazy_pattern(
    rf"""(?<![^\W_])(?:{_UNLOCK}[ ]{_THE}{_PHONE}|{_PHONE}[ ]{_UNLOCK}(?:[ ]?code|[ ]pin)?
    |{_CODE}[ ]{_THE}{_UNLOCK}[ ]{_THE}{_PHONE}
    |{_CODE}[ ]{_THE}{_TERMINAL}|{_TERMINAL}[ ]{_CODE}|{_MANAGER_CODE}(?:[ ]{_THE}(?:{_TERMINAL}|terminal))?
    |(?:{_TERMINAL}|terminal)[ ]{_MANAGER_CODE}
    |senha[ ]eletr[ôo]nica(?:[ ]de[ ]\d[ ]d[íi]gitos)?)(?![^\W_]){_PURPOSE}{_VALUE}""",
    re.IGNORECASE | re.VERBOSE,
)
# A banking app's or a wallet's code after its name ("fnb app code 883205", "digiwallet code 406917", "mbank code
# 995809"), or a code said to come from the bank's app ("code 42768 from the bank app"). Not a bank's own code (a
# sort code, "bank code 37040044", which every customer of that bank shares).
_APP = r"""(?:[\w-]*bank(?:ing)?[ ]app|app|[\w-]*wallet|mbank|(?:e|online|net|mobile|internet)[ -]?banking)"""
_APP_CODE = lazy_pattern(
    rf"""(?<![^\W_]){_APP}[ ](?:code|pin|passcode|c[oó]digo|codice)(?![^\W_]){_VALUE}
    |(?<![^\W_])code[ ](?P<given>\d{{4,8}})[ ](?:from|in|of)[ ]the[ ](?:bank(?:ing)?[ ])?app(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)
# Telephone banking's security number or code: "telephone banking" in the text, then the number after its name.
_PHONE_BANKING = lazy_pattern(r"(?<![^\W_])(?:tele)?phone[ ]banking(?![^\W_])", re.IGNORECASE)
_SECURITY_NUMBER = lazy_pattern(
    rf"""(?<![^\W_])security[ ](?:number|code)(?:,?[ ](?:which|that))?{_VALUE}""", re.IGNORECASE | re.VERBOSE
)
# What every text either pattern finds holds, looked for first.
_WORDS = (
    *("sblocc", "desbloque", "verrouill", "entsperr", "ontgrendel", "unlock", "datáfono", "datafono", "tpv"),
    *("tpe", "pin pad", "pinpad", "automaat", "kaartterminal", "card machine", "card terminal", "maquininha"),
    *("terminal", "code", "eletr", "phone banking"),
)


def device_code(text: str) -> bool:
    """Whether `text` gives the code of a phone, a card terminal, telephone banking or a banking app, or a bank's
    electronic password, after its name (`_DEVICE_CODE`, `_SECURITY_NUMBER`, `_APP_CODE`)."""
    folded = text.casefold()
    if not any(map(folded.__contains__, _WORDS)):
        return False
    matches = [*_DEVICE_CODE.finditer(text)]
    if _PHONE_BANKING.search(text):
        matches += _SECURITY_NUMBER.finditer(text)
    if "app" in folded or "wallet" in folded or "bank" in folded:
        matches += _APP_CODE.finditer(text)
    return any(
        not YEAR_OR_HUNDREDS.fullmatch(pin) and UNIT_AFTER.match(text, match.end(group)) is None
        for match in matches
        for group in ("pin", "given")
        if group in match.re.groupindex and (pin := match[group]) is not None
    )
