"""PINs and the codes of doors, alarms, safes and locks, after their label or before it."""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets import vocabulary
from personakit_plugin.default_plugins.secrets.labels import (
    CLAUSE,
    CONNECTOR_OR_COLON,
    VALUE_FIRST_JOIN,
    fills_its_line,
    labelled,
    said_in_general,
)
from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
from personakit_plugin.default_plugins.secrets.vocabulary import names_a_locked_thing

# --- PINs and the codes of doors, alarms and safes ----------------------------------------------

# Labels that name a PIN or a lock's code by themselves; the value may follow with no verb: "PIN 4821".
_PIN_LABEL = r"""(?:\b(?:pin(?:[ -]?(?:code|number|nummer|nr\.?|no\.?))?|puk2?|cvv2?|cvc2?|csc|pass[ -]?code|pincode
    |(?:door|gate|alarm|safe|garage|keypad|entry|entrance|access|lock|locker|padlock|lockbox|key[ -]?safe|key[ -]?box
       |security|unlock|mailbox|intercom|buzzer|immobili[sz]er|voicemail)[ -]?(?:code|pin|combination|combo)
    |(?:safe|lock|padlock|locker|suitcase|luggage)[ -]combination|combination[ -]lock
    |geheimzahl|geheimnummer|torcode|digicode|code[ ](?:pin|secret|confidentiel|d['’]acc[eè]s|d['’]entr[ée]e)
    |c[oó]digo[ ](?:pin|secreto|de[ ]acceso|de[ ]acesso)|n[uú]mero[ ]secreto|codice[ ](?:pin|segreto|di[ ]accesso)
    |toegangscode|deurcode|kluiscode|cijfercode|tresorkombination|zahlenschloss(?:code|kombination)?)
    |(?:tür|tor|alarm|tresor|safe|zugangs|sicherheits|zahlen|schloss|garagen|briefkasten|spind)-?code)"""
# Labels that need a verb or a sign before the value: "a senha é 4821", "la clave del cajero es 4821",
# "the padlock on the shed is 4-7-2".
_PIN_WORD = r"""\b(?:senha|clave|padlock|lockbox|key[ ]?safe|key[ ]?box|bike[ ]lock|combination[ ]lock|cadenas|candado
    |lucchetto|cadeado|hangslot|vorhängeschloss|fahrradschloss)"""
# A bare "code" or "combination" is a lock's only when the words after it name what it opens.
_PIN_GENERIC = r"""\b(?:codes?|combination|combo|codice|c[oó]digo|combinaison|combinaci[oó]n|combinazione
    |combina[cç][aã]o|combinatie|kombination|zahlenkombination|(?:zahlen)?kombi)"""
# A safe's dial, turn by turn: "left 27 right 9 left 41", "links 12 rechts 40 links 8".
_DIAL_TURN = r"""(?:left|right|l|r|links|rechts|izquierda|derecha|gauche|droite|sinistra|destra|esquerda|direita)"""
_DIAL = rf"""(?:{_DIAL_TURN}[ ]?\d{{1,2}}[ ,]+){{2,}}{_DIAL_TURN}[ ]?\d{{1,2}}
    |(?:\d{{1,2}}[ ]?{_DIAL_TURN}[ ,]+){{2,}}\d{{1,2}}[ ]?{_DIAL_TURN}(?!\w)"""
_PIN_VALUE = rf"""(?P<pin>{_DIAL}|[#*]?\d+(?:(?:[ ]?[\-–][ ]?|[ ])\d+)*[#*]?)(?![\w%°€$£¥]|[.,:/]\d)"""
# What a lock opens with: "the lockbox opens with 4492", "der Tresor öffnet mit 1234"; what it names
# must be a locked thing, said before it in its clause.
_OPENS_WITH = r"""\b(?:opens?|unlocks?|öffnet(?:[ ]sich)?[ ]mit|(?:se[ ])?abre(?:-se)?[ ](?:con|com)
    |s['’]ouvre[ ]avec|si[ ]apre[ ]con|opent[ ]met|gaat[ ]open[ ]met|geht[ ](?:nur[ ])?mit
    |(?:ficou|fica)[ ](?:com|no)|(?:se[ ])?qued[óo][ ](?:con|en))(?:[ ]with)?
(?:[ ](?:the|a|code|pin|den
    |dem|el|le|il|o|de))*[ ]"""
# An alarm's code after the alarm and what it guards, with no verb: "alarme maison de campagne 0629".
# Not a clock's, nor after a preposition ("alarm set for 0630", "réveil à 0630").
_ALARM = r"""\b(?:alarm(?:anlage)?|alarme|alarma|allarme)(?P<aclause>(?:[ ](?!(?:at|à|a|um|om|alle|às|for|pour
    |para|per|voor|für|set|sonne|klingelt|suona|suena|toca|gaat|clock|um)\b)[^\W\d]+){0,5})[ ]*:?[ ]+"""
# "I changed my PIN to 4821", "the door code was set to 1234".
_PIN_CHANGE = r"""\s+(?:(?:was|is|has\s+been|got)\s+)?(?:(?:changed|set|reset|switched|updated)\s+)?to\s+"""
# After a PIN's own label the number may follow with no connector at all ("PIN 4821"), but not
# after a clause ("my PIN in 2019" is a date) nor after the verb "pin" ("I pin 100 photos").
PIN = rf"""(?:(?P<label>{_PIN_LABEL})(?:(?:{CLAUSE})?{CONNECTOR_OR_COLON} | (?P<bare>[ \t]+) | {_PIN_CHANGE}
    | (?P<place>(?:[ ][^\W\d_]{{2,}}){{1,2}})[ ]?:[ ]*)
    | {labelled(_PIN_WORD, "", CONNECTOR_OR_COLON)}
    | (?P<generic>{_PIN_GENERIC})(?P<gclause>{CLAUSE}){CONNECTOR_OR_COLON}
    | (?P<opens>{_OPENS_WITH})
    | (?P<alarm>{_ALARM})
    ){_PIN_VALUE}"""
# The number first: "4821 is my PIN", "1234# is the new door code." The label must end the clause, so
# that "2019 is the year my PIN changed" is a year. A number is read once, from the start of its run
# of digit groups: read from every group, "1 1 1 ..." would cost the square of its length.
PIN_FIRST = rf"""(?<!\S)(?<![\d#*][ \-–])(?P<pin>[#*]?\d++(?:[ \-–]\d++)*+[#*]?+){VALUE_FIRST_JOIN}
    (?P<label>(?:(?:new|old|current|bank|card|debit|credit|phone|sim|atm|alarm|front|back|garage)\s+)?{_PIN_LABEL})
    (?=\s*(?:[.,;:!?)]|$)|\s+(?:for|of|on|at|to|now|too)\b)"""
# A code as typed on a keypad, what it opens named before it in its clause: digit by digit ("the alarm
# is 1 9 5 2", "Garagentor Code ist 3 3 9 1"), or followed by the key that ends it ("2580 then the key
# symbol", "2468 y luego la campanita", "4 4 0 1 dièse", "1 2 8 0 *").
_KEYPAD_KEY = r"""(?:,?[ ](?:then|and[ ]then|followed[ ]by|y[ ]luego|luego|y[ ]despu[ée]s|puis|et[ ]puis|suivi[ ]de
    |dann|und[ ]dann|gefolgt[ ]von|poi|e[ ]poi|seguito[ ]da|depois|e[ ]depois|seguido[ ]de|gevolgd[ ]door|en[ ]dan)
    [ ](?:(?:the|la|el|le|il|o|a|het|de|die|das|den|l['’])[ ]?)?(?:(?:key|bell|hash|star|pound)[ ](?:symbol|sign|key)
    |key|bell|hash|star|pound|enter|ok|tick|campanita|campana|llave(?:cita)?|almohadilla|asterisco|cl[ée]|cloche
    |di[èe]se|[ée]toile|raute|stern|glocke|schlüssel(?:symbol)?|cancelletto|campanello|chiave|chave|sino|estrela
    |cardinal|sleuteltje|sleutel|bel|hekje|sterretje)(?![\w])
    |[ ]?[#*](?![\w#*])|[ ](?:di[èe]se|hash|raute|cancelletto|almohadilla|hekje|cardinal|hekje)(?![\w]))"""
# Or set on what it opens, the number first: "puse 0519 en la caja fuerte", "I set 4471 on the lockbox".
_SET_ON = r"""\b(?:put|set|puse|puso|pongo|puesto|messo|metto|impostato|mis|mets|coloquei|coloco|pus|p[ôo]s|zet
    |gezet|stelde|ingesteld)[ ]"""
_SET_ON_WHAT = r"""[ ](?:on|in|for|as|en|para|como|sur|pour|dans|comme|su|per|nel|nella|sul|sulla|come|no|na|em|op
    |voor|als|auf|für|im|am)[ ](?P<what>(?:[^\W\d_]+[ ]?){1,3})"""
KEYPAD = rf"""(?<![\w#*.,/:+-])(?:(?P<pin>\d(?:[ ]\d){{3,7}}(?![ ]?\d)(?:{_KEYPAD_KEY})?|\d{{3,8}}{_KEYPAD_KEY})
    |(?P<set>{_SET_ON})(?P<setpin>\d{{4,8}}){_SET_ON_WHAT})"""
_MIN_PIN_DIGITS = 3
_MAX_PIN_DIGITS = 12
_ROUND = lazy_pattern(r"[1-9]\d*0")
# A clock's time is no code: "the alarm goes off at 6 3 0", "réveil à 0 6 3 0".
_AT = lazy_pattern(r"(?:\b(?:at|um|à|a[ ]las|alle|às|om|for|pour|para|per|voor|für)[ ]*)$", re.IGNORECASE)


def keypad_is_real(match: re.Match[str]) -> bool:
    """Whether a code typed on a keypad, or set on a lock, is one: what it opens named before it in its
    clause (or after it, when set on it), not a clock's time, not a round amount put in a safe."""
    if match["set"]:
        return not _ROUND.fullmatch(match["setpin"]) and _names_a_locked_thing(match["what"])
    before = _clause_before(match.string, match.start())
    if any(word in vocabulary.CALL_WORDS for word in before.casefold().split()):  # "the house number is 1 2 3 4"
        return False
    return _names_a_locked_thing(before) and _AT.search(before.rstrip()) is None


UNIT_AFTER = lazy_pattern(
    r"""\s*(?:%|percent|per\s*cent|digits?|characters?|chars?|numbers?|letters?|times?|tries|attempts?|years?|months?
    |weeks?|days?|hours?|hrs?|minutes?|mins?|seconds?|secs?|people|persons?|euros?|dollars?|pounds?|grams?|kg|km|miles?
    |[kmg]?hz|ziffern|stellen|stellig|zeichen|mal|jahre?n?|tage?n?|chiffres|caractères|fois|ans|jours|dígitos|cifras|veces|años
    |días|cifre|caratteri|volte|anni|giorni|vezes|anos|dias|cijfers|tekens|keer|jaar|dagen)\b""",
    re.IGNORECASE | re.VERBOSE,
)


def _names_a_locked_thing(clause: str) -> bool:
    return any(names_a_locked_thing(word.strip('.,;:!?"()')) for word in re.split(r"[\s'’]+", clause.casefold()))


_CLAUSE_BEFORE = 50
# After an alarm with no verb, a year is when it was fitted or its model: "Alarmanlage Modell 2024".
_YEAR = re.compile(r"(?:19|20)\d\d")


def _ends_its_line(text: str, end: int) -> bool:
    return not text[end:].split("\n", 1)[0].strip(" .!,;")


# After an alarm's colon, a code may have words after it: "alarmanlage bei mama: 2609 zum scharf schalten";
# not those of a clock: "alarm: 0630 tomorrow".
_CLOCK_AFTER = lazy_pattern(
    r"""\s*(?:tomorrow|tonight|today|am|pm|a\.m\.|p\.m\.|o['’]clock|h|uhr|morgen|heute|demain|ce[ ]soir|mañana|hoy
    |domani|stasera|amanhã|hoje|vanavond|every|each|jeden|tous|todos|ogni|elke|daily|täglich)\b""",
    re.IGNORECASE | re.VERBOSE,
)
# What the words between a label and a colon may not be: "PIN reset: 2024", "door code changed on: 1205".
_NOT_A_PLACE_CLAUSE = lazy_pattern(
    r"""\b(?:reset|change[ds]?|changed[ ]on|set|updated?|length|attempts?|tries|since|until|from|digits?|rules?|policy
    |expires?|expiry|valid|ändern|geändert|länge|seit|bis)\b""",
    re.IGNORECASE | re.VERBOSE,
)


def _alarm_code_ends(match: re.Match[str], alarm: str) -> bool:
    if alarm.rstrip().endswith(":"):
        return _CLOCK_AFTER.match(match.string, match.end()) is None
    return _ends_its_line(match.string, match.end())


def _clause_before(text: str, start: int) -> str:
    """The words before `start` in its clause, up to fifty characters."""
    window = text[max(0, start - _CLAUSE_BEFORE) : start]
    return re.split(r"[.!?;,\n]", window)[-1]


# An Indian postal code is a "PIN code" too: six digits, the first 1 to 8, said for a place ("the pin code
# in Bangalore is 560034", "pincode of Andheri: 400053") or beside a word of post. A PIN for a card,
# an app or a door is said with an article, an owner's word or what it opens ("my PIN code for the card").
_POSTAL_PIN = lazy_pattern(r"[1-8]\d{5}")
_PLACE_CLAUSE = lazy_pattern(r"\s+(?:in|of|for|at)((?:\s+[^\W\d_]+){1,2})\s*(?:is|was|:|=)?\s*$", re.IGNORECASE)
_POST_WORDS = lazy_pattern(
    r"\b(?:postal|post[ ]office|postcode|zip|courier|delivery|address|area|district)\b", re.IGNORECASE
)


def postal_code(text: str, label: str, between: str, value: str) -> bool:
    """Whether a six-digit "PIN code" (`value` after `label`, `between` them) is an Indian postal code:
    said for a place, or beside a word of post."""
    if not _POSTAL_PIN.fullmatch(value) or "code" not in label.casefold():
        return False
    if _POST_WORDS.search(text):
        return True
    place = _PLACE_CLAUSE.match(between)
    return place is not None and not any(
        word in vocabulary.NOT_A_PLACE or names_a_locked_thing(word) for word in place[1].casefold().split()
    )


def pin_is_real(match: re.Match[str]) -> bool:
    """Whether a number after a PIN's or a lock's label is the code: 3 to 12 digits, not a count or an amount."""
    digits = sum(ch.isdigit() for ch in match["pin"])
    if not _MIN_PIN_DIGITS <= digits <= _MAX_PIN_DIGITS:
        return False
    groups = match.groupdict()
    dial = not match["pin"][:1].isdigit() or not match["pin"][-1:].isdigit()  # "left 12 ...", "... 6 left"
    if groups.get("generic") and not dial and not _names_a_locked_thing(groups["gclause"]):
        return False
    if groups.get("opens") and not _names_a_locked_thing(_clause_before(match.string, match.start())):
        return False
    if groups.get("alarm") and not (
        4 <= digits <= 8 and _alarm_code_ends(match, groups["alarm"]) and not _YEAR.fullmatch(match["pin"])
    ):
        return False
    if groups.get("place") and _NOT_A_PLACE_CLAUSE.search(groups["place"]):
        return False
    between = match.string[match.end("label") : match.start("pin")] if groups.get("label") else ""
    if groups.get("label") and postal_code(match.string, groups["label"], between, match["pin"]):
        return False
    label = next((name for name in ("label", "generic") if groups.get(name)), None)
    start, end = match.span(label) if label else (match.start(), match.start())
    if said_in_general(match.string, start, end):
        return False
    if groups.get("bare") and groups["label"].casefold() == "pin" and groups["label"] != "PIN":
        return False
    return fills_its_line(match, "pin") and UNIT_AFTER.match(match.string[match.end() : match.end() + 40]) is None
