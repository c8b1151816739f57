"""A mobile money wallet's or a payment app's PIN, right after the wallet's name: "orange money : 5817",
"easypaisa mpin 40273", "twint 730142", "m-pesa pin ni 2290".

Where a bank is far, a wallet on the phone (Orange Money, M-Pesa, MTN MoMo, EasyPaisa, JazzCash, bKash, GCash,
MonCash, BaridiMob, Zaad, telebirr; TWINT, MB WAY in Europe) holds the money, and its PIN opens it: four to six
digits said after the wallet's name, perhaps after "PIN", "MPIN" or "code", or with the PIN's word first ("codigo
orange money ..."), in one run or in single digits set off by spaces ("4 0 4 0"), are its PIN. An MPIN is a wallet's
PIN by its name alone. Not an amount (a currency after it, "orange money 8350 FCFA", or round hundreds, "twint
2500"), a year ("wave 2024"), a phone's number (more digits after it, "m-pesa 0712 345 678") nor a number after a
word that is no PIN's ("orange money agent 5817"), nor a wallet's agent's number said before it ("número de agente
M-Pesa ... é 48219", "agente nº 48219").
"""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
from personakit_plugin.default_plugins.secrets.number_labels import HOLDER

# The wallets' names, read here and where a wallet's account is its phone number (`numbers.a_wallets_phone`).
WALLET = r"""(?:orange[ ]money|mtn[ ]momo|momo|mobile[ ]money|m-?pesa|airtel[ ]money|moov[ ]money
    |moov|flooz|wave|easy[ ]?paisa|jazz[ ]?cash|bkash|nagad|g-?cash|paymaya|opay|palm[ ]?pay|eco[ ]?cash|tigo[ ]pesa
    |vodafone[ ]cash|twint|mb[ ]way|payconiq|satispay|cash[ ]app|mon[ ]?cash|nat[ ]?cash|baridi[ ]?mob|zaad
    |evc[ ]plus|e-?dahab|m-?birr|telebirr|wizall|free[ ]money|e-?mola|m-?kesh|mpamba|bizum|nequi|daviplata
    |tigo[ ]money|pay[ ]maya)"""
_PIN_WORD = r"""(?:m-?pin|pin(?:[ ]?code)?|code(?:[ ](?:pin|secret|secreto|segreto))?|c[oó]digo|codice|kod|passcode
    |secret[ ]code|mot[ ]de[ ]passe)"""
# What joins the name to the PIN: a sign, a verb, or a creole's copula ("na" in Nigerian Pidgin, "ni" in
# Swahili, "a" in Jamaican Patois, "se" in Wolof's French and in Haitian Creole, "la se").
_JOIN = r"""(?:[ ]*[:=-][ ]*|[ ](?:is|es|est|c['’]est|è|é|ist|na|ni|a|(?:la[ ])?se)[ ]|[ ])"""
# The PIN's word may come first ("codigo orange money 5817", "pin m-pesa 2290") or after a dash ("TWINT-Code"), and
# the PIN in single digits set off by spaces ("orange money code 4 0 4 0") or in two threes ("twint code 408 813").
_WALLET_PIN = lazy_pattern(
    rf"""(?<![^\W_])(?:(?P<first>{_PIN_WORD})[ ](?:(?:de|du|da|do|of|di)[ ](?:(?:mi|mon|ma|my|meu|minha|il|la)[ ])?)?)?
    (?:(?P<wallet>{WALLET})(?:[ ](?:wallet|account|app))?(?:[ -](?:{_PIN_WORD}))?{HOLDER}
    |(?P<mpin>m-?pin))(?![^\W_]){_JOIN}(?:(?:my|mi|mon|ma|meu|minha|il|la|le|el)[ ])?
    (?P<pin>\d{{4,6}}|\d(?:[ ]\d){{3,5}}|\d{{3}}[ ]\d{{3}})(?![\d.,/:-]\d|[^\W_]|[ ]?[-]?[ ]?\d)""",
    re.IGNORECASE | re.VERBOSE,
)
_AMOUNT_AFTER = lazy_pattern(
    r"""[ ]*(?:f?cfa|xof|xaf|francs?|f(?![^\W_])|fr\.?|chf|€|\$|£|eur|euros?|usd|dollars?|rs\.?|rupees?|pkr|tk|taka
    |naira|ngn|cedis?|ghs|ksh|kes|shillings?|tsh|tzs|php|pesos?|%|sent|paid|received|envoy[ée]s?|re[çc]us?)(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)
_ROUND = lazy_pattern(r"\d*00")
# A wallet's agent's number, which the shop posts for customers ("número de agente", "agente nº", "agent number"); an
# agent who asks for the owner's PIN does not make it one.
_AGENT = lazy_pattern(
    r"""(?<![^\W_])(?:n[uú]mero[ ]de[ ]agente|num[ée]ro[ ]d['’]agent
    |agente?[ ](?:n[º°o]\.?|number|n[uú]mero|num[ée]ro|id|code|c[oó]digo)|agent[ ]no\.?)(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)
_AGENT_REACH = 25
_YEAR = lazy_pattern(r"(?:19|20)\d\d")
_WORDS = (
    *("money", "momo", "pesa", "wave", "paisa", "cash", "bkash", "nagad", "paymaya", "opay", "pay", "twint"),
    *("mb way", "payconiq", "satispay", "pin", "baridi", "zaad", "evc", "dahab", "birr", "wizall", "mola", "kesh"),
    *("mpamba", "bizum"),
)


def wallet_pin(text: str) -> bool:
    """Whether `text` gives a mobile money wallet's or a payment app's PIN after its name."""
    folded = text.casefold()
    if not any(map(folded.__contains__, _WORDS)):
        return False
    for match in _WALLET_PIN.finditer(text):
        pin = match["pin"]
        if _AGENT.compiled.search(text, max(0, match.start() - _AGENT_REACH), match.end() + _AGENT_REACH):
            continue
        if _AMOUNT_AFTER.match(text, match.end()):
            continue
        named = (
            match["mpin"] is not None
            or match["first"] is not None
            or match.group()
            .casefold()
            .rstrip("0123456789 :=-")
            .endswith(("pin", "code", "codice", "digo", "secret", "secreto", "segreto", "passe", "kod"))
        )
        if not named and (_ROUND.fullmatch(pin) or _YEAR.fullmatch(pin)):
            continue
        return True
    return False
