"""A Wi-Fi password a café, a bar, a hotel or a library posts for every guest: printed on a sticker by the
till, chalked on the board at the counter, printed on the menu, given to everyone ("the café's wifi password
is on the sign by the till, muffin55, free for everyone", "das WLAN vom Café steht am Tresen, kriegt
jeder"). The network's name and the password side by side, read as a pair, are let through so too ("Café
WLAN Gast-Netz, PW ... steht auf der Karte").

The sentence must name the Wi-Fi, a place that serves the public (café, bar, restaurant, hotel,
library, gym, in seven languages), and where it is posted for all or that all get it (by the till, at
the counter, on the board, for everyone, free); and no home's or owner's network ("at home", "my
wifi", "our router", "the staff network"). A bar's Wi-Fi with no word of it being posted ("the bar's
wifi key is ..., for when I work there") stays refused, and so does a Wi-Fi's QR text (`WIFI:...`),
read by its shape wherever it was scanned.

So is a party game's watchword, said aloud to win ("the password for the treasure hunt is pancake,
whoever says it first wins", "la parola d'ordine del gioco è ..., chi la dice vince"): a password's
word with a game's a few words after it, and a win or a party in the sentence, and no account, login
or console (a game account's password stays refused). Only a password read by the words near it is
let through so (`fiction.FICTION_KINDS`).

So is a device's login as its maker sets it on every unit and prints in the manual ("the NAS's manual says
admin / admin123 by default", "standaard admin / admin123 volgens de handleiding"): an account's word with
at most a short run of digits after it, where the text names the manual, the factory setting, or a device's default
("router default login admin / admin123"); not the owner's own habit ("my default password is password1"). The
text is read again with each such login blanked, and let through only if nothing else in it is a secret: a password
the owner chose instead ("the default was admin123, I changed it to ...") stays refused.

And a professional's registration number called a PIN, said to be on a public register ("my NMBI PIN is 118392,
it's on the public register").
"""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern

_WIFI = lazy_pattern(r"wi-?fi|wlan|\bwireless\b", re.IGNORECASE)
_PUBLIC_PLACE = lazy_pattern(
    r"""\b(?:caf[eé]s?|coffee[ ]shop|bars?|pubs?|restaurants?|hotels?|library|gym|bakery|bistro|kneipe
    |bibliothek|b[aä]ckerei|biblioth[eè]que|boulangerie|brasserie|bibliotheek|bakkerij|kroeg|ristorante
    |biblioteca|panetteria|cafeter[ií]a|panader[ií]a|padaria|lanchonete)\b""",
    re.IGNORECASE | re.VERBOSE,
)
_POSTED_FOR_ALL = lazy_pattern(
    r"""\b(?:till|counter|everyone|everybody|for[ ]free|free[ ](?:guest[ ])?wi-?fi|menu|chalkboard|sign
    |tresen|theke|kasse|aufsteller|kriegt[ ]jeder|f[üu]r[ ]alle|jeder[ ]gast|kostenlos
    |comptoir|caisse|ardoise|tout[ ]le[ ]monde|gratuit
    |kassa|balie|iedereen|gratis|krijgt[ ]iedereen
    |cassa|bancone|lavagna|tutti|mostrador|caja|pizarra|todo[ ]el[ ]mundo|todos|balc[aã]o|caixa|quadro
    |(?:speise|getr[äa]nke)karte|auf[ ]der[ ]karte|sur[ ]la[ ]carte|op[ ]de[ ](?:menu)?kaart|sulla[ ]carta|men[uù]
    |en[ ]la[ ]carta|card[aá]pio)\b""",
    re.IGNORECASE | re.VERBOSE,
)
_OWNERS = lazy_pattern(
    r"""\b(?:at[ ]home|home|my|our|zu[ ]hause|zuhause|mein\w*|unser\w*|[àa][ ]la[ ]maison|chez[ ]moi|mon|ma|notre
    |thuis|mijn|onze|ons|a[ ]casa|mio|mia|nostr[ao]|en[ ]casa|mi|nuestr[ao]|em[ ]casa|meu|minha|nosso|nossa
    |staff|personal|personnel|personeel|mitarbeiter|empleados|funcion[aá]rios|dipendenti)\b""",
    re.IGNORECASE | re.VERBOSE,
)


_GAME = r"""(?:game|treasure[ ]hunt|spiels?|schnitzeljagd|jeu|chasse[ ]au[ ]tr[ée]sor|spel|speurtocht|gioco
    |caccia[ ]al[ ]tesoro|juego|b[uú]squeda[ ]del[ ]tesoro|jogo|ca[cç]a[ ]ao[ ]tesouro)"""
_WATCHWORD = r"""(?:password|watchword|passwort|kennwort|losung(?:swort)?|mot[ ]de[ ]passe|mot[ ]d'ordre|wachtwoord
    |parola[ ]d'ordine|contrase[ñn]a|santo[ ]y[ ]se[ñn]a|senha|palavra[- ]passe)"""
# The watchword and the game, either first, three words between at most ("the game's password", "das
# Losungswort beim Spiel").
_GAME_WATCHWORD = lazy_pattern(
    rf"""\b(?:{_WATCHWORD}(?:[ ][\w']+){{0,3}}?[ ]{_GAME}|{_GAME}(?:'s)?(?:[ ][\w']+){{0,2}}?[ ]{_WATCHWORD})\b""",
    re.IGNORECASE | re.VERBOSE,
)

_WIN_OR_PARTY = lazy_pattern(
    r"""\b(?:wins?|vince|gewinnt|gagne|wint|gana|ganha|party|birthday|festa|compleanno|feier|geburtstag|f[êe]te
    |anniversaire|feest|verjaardag|fiesta|cumplea[ñn]os|anivers[aá]rio)\b""",
    re.IGNORECASE | re.VERBOSE,
)
_AN_ACCOUNT = lazy_pattern(
    r"\b(?:account|login|log[ ]?in|konto|compte|cuenta|conta|console|steam|xbox|playstation|nintendo|fortnite)\b",
    re.IGNORECASE,
)


def said_for_all(text: str) -> bool:
    """Whether `text` (already normalised) gives a password posted or said for all: a public place's Wi-Fi
    posted for every guest, or a party game's watchword."""
    return posted_for_all(text) or (
        _GAME_WATCHWORD.search(text) is not None
        and _WIN_OR_PARTY.search(text) is not None
        and _AN_ACCOUNT.search(text) is None
    )


def posted_for_all(text: str) -> bool:
    """Whether `text` (already normalised) gives a public place's Wi-Fi password, posted for every guest."""
    return (
        _WIFI.search(text) is not None
        and _PUBLIC_PLACE.search(text) is not None
        and _POSTED_FOR_ALL.search(text) is not None
        and _OWNERS.search(text) is None
    )


# Where the maker's login is read: its manual or its factory setting, or a device's default ("router default login
# admin / admin123"). An owner's own habit is no maker's: "my default password is password1", "my standard password".
_MANUAL = lazy_pattern(
    r"""\b(?:factory|manual|handleiding|handbuch|bedienungsanleitung|werks\w*|ab[ ]werk|d['’]usine|notice|manuel
    |de[ ]f[áa]brica|di[ ]fabbrica|manuale|fabrieks\w*)\b""",
    re.IGNORECASE | re.VERBOSE,
)
_DEFAULT = r"""(?:default|standaard\w*|standard\w*|par[ ]d[ée]faut|por[ ]defecto|predeterminad[ao]s?|padr[ãa]o
    |predefinit[aei])"""
_A_DEVICES_DEFAULT = lazy_pattern(
    rf"""\b(?:router|nas|modem|camera|cam|printer|fritz\w*|switch|device|ger[äa]t|apparaat|appareil|dispositivo|nvr
    |dvr)\b[^.\n]{{0,40}}\b{_DEFAULT}\b|\b{_DEFAULT}\b[^.\n]{{0,40}}\b(?:router|nas|modem|camera|cam|printer
    |fritz\w*|switch|device|ger[äa]t|apparaat|appareil|dispositivo|nvr|dvr)\b""",
    re.IGNORECASE | re.VERBOSE,
)
_OWNERS_HABIT = lazy_pattern(
    rf"""\b(?:my|mijn|mein\w*|mon|ma|mi|meu|minha|mio|mia)[ ](?:usual[ ]|own[ ])?{_DEFAULT}\b|\bsame\b""",
    re.IGNORECASE | re.VERBOSE,
)
# An account's word with one of the runs of digits makers put after it ("admin123", "password1"), a whole word
# ("admin123!Home" is the owner's); the word alone is no password the check refuses, and stays, for the account a
# password the owner chose follows.
_MAKERS_LOGIN = lazy_pattern(
    r"""(?<![^\W_])(?:admin|administrator|root|user|guest|password|passwort|pass|default|ubnt|raspberry|changeme
    |support|service)(?:123|1234|12345|123456|1|01|0)(?=[,.;:!?)]*(?:\s|$))""",
    re.IGNORECASE | re.VERBOSE,
)


def makers_logins_blanked(text: str) -> str | None:
    """`text` (already normalised) with each login a maker sets on every unit blanked by spaces of its length,
    or None if the text names no manual or default, or holds no such login."""
    if _MANUAL.search(text) is None and (
        _A_DEVICES_DEFAULT.search(text) is None or _OWNERS_HABIT.search(text) is not None
    ):
        return None
    blanked = _MAKERS_LOGIN.sub(lambda found: " " * len(found.group()), text)
    return blanked if blanked != text else None


# A registration number a professional body publishes, called a PIN ("my NMBI PIN is 118392, it's on the public
# register"): looked up by anyone, it opens nothing.
_PUBLIC_REGISTER = lazy_pattern(
    r"""\b(?:(?:on|in)[ ](?:the|a|their)[ ]public[ ](?:register|registry|list)|publicly[ ](?:listed|searchable)
    |register[ ]is[ ]public)\b""",
    re.IGNORECASE | re.VERBOSE,
)


def on_a_public_register(text: str) -> bool:
    """Whether `text` says its number is on a public register, as a professional's registration number is."""
    return _PUBLIC_REGISTER.search(text) is not None
