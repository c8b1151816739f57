"""The codes of locks, safes, alarms and keypads, where what the code opens says it is one: a safe's dial
turn by turn, a lock that opens with a code, an alarm's code after what it guards, a code typed on a
keypad (digit by digit, or with the key that ends it) or set on a lock. What a code opens is a word of
`vocabulary.LOCKED_THINGS`, the one list of them."""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets import vocabulary
from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
from personakit_plugin.default_plugins.secrets.vocabulary import names_a_locked_thing

# A safe's dial, turn by turn: "left 27 right 9 left 41", "links 12 rechts 40 links 8".
DIAL_TURN = r"""(?:left|right|l|r|links|rechts|izquierda|derecha|gauche|droite|sinistra|destra|esquerda|direita)"""
DIAL = rf"""(?:{DIAL_TURN}[ ]?\d{{1,2}}[ ,]+){{2,}}{DIAL_TURN}[ ]?\d{{1,2}}
    |(?:\d{{1,2}}[ ]?{DIAL_TURN}[ ,]+){{2,}}\d{{1,2}}[ ]?{DIAL_TURN}(?!\w)"""
# What a lock opens with: "the lockbox opens with 4492", "der Tresor öffnet mit 1234"; what it names
# must be a locked thing, said before it in its clause.
OPENS_WITH = r"""\b(?:opens?|unlocks?|öffnet(?:[ ]sich)?[ ]mit|(?:se[ ])?abre(?:-se)?[ ](?:con|com)
    |s['’]ouvre[ ]avec|si[ ]apre[ ]con|opent[ ]met|gaat[ ]open[ ]met|geht[ ](?:nur[ ])?mit
    |(?:ficou|fica)[ ](?:com|no)|(?:se[ ])?qued[óo][ ](?:con|en))(?:[ ]with)?
(?:[ ](?:the|a|code|pin|den
    |dem|el|le|il|o|de))*[ ]"""
# An alarm's code after the alarm and what it guards, with no verb: "alarme maison de campagne 0629".
# Not a clock's, nor after a preposition ("alarm set for 0630", "réveil à 0630").
ALARM = r"""\b(?:alarm(?:anlage)?|alarme|alarma|allarme)(?P<aclause>(?:[ ](?!(?:at|à|a|um|om|alle|às|for|pour
    |para|per|voor|für|set|sonne|klingelt|suona|suena|toca|gaat|clock|um)\b)[^\W\d]+){0,5})[ ]*:?[ ]+"""
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
_ROUND = lazy_pattern(r"[1-9]\d*0")
# A clock's time is no code: "the alarm goes off at 6 3 0", "réveil à 0 6 3 0".
_AT = lazy_pattern(r"(?:\b(?:at|um|à|a[ ]las|alle|às|om|for|pour|para|per|voor|für)[ ]*)$", re.IGNORECASE)


def keypad_is_real(match: re.Match[str]) -> bool:
    """Whether a code typed on a keypad, or set on a lock, is one: what it opens named before it in its
    clause (or after it, when set on it), not a clock's time, not a round amount put in a safe."""
    if match["set"]:
        return not _ROUND.fullmatch(match["setpin"]) and names_a_locked_thing_in(match["what"])
    before = clause_before(match.string, match.start())
    if any(word in vocabulary.CALL_WORDS for word in before.casefold().split()):  # "the house number is 1 2 3 4"
        return False
    return names_a_locked_thing_in(before) and _AT.search(before.rstrip()) is None


def names_a_locked_thing_in(clause: str) -> bool:
    return any(names_a_locked_thing(word.strip('.,;:!?"()')) for word in re.split(r"[\s'’]+", clause.casefold()))


_CLAUSE_BEFORE = 50
# After an alarm with no verb, a year is when it was fitted or its model: "Alarmanlage Modell 2024".
YEAR = re.compile(r"(?:19|20)\d\d")


def _ends_its_line(text: str, end: int) -> bool:
    return not text[end:].split("\n", 1)[0].strip(" .!,;")


# After an alarm's colon, a code may have words after it: "alarmanlage bei mama: 2609 zum scharf schalten";
# not those of a clock: "alarm: 0630 tomorrow".
_CLOCK_AFTER = lazy_pattern(
    r"""\s*(?:tomorrow|tonight|today|am|pm|a\.m\.|p\.m\.|o['’]clock|h|uhr|morgen|heute|demain|ce[ ]soir|mañana|hoy
    |domani|stasera|amanhã|hoje|vanavond|every|each|jeden|tous|todos|ogni|elke|daily|täglich)\b""",
    re.IGNORECASE | re.VERBOSE,
)


def alarm_code_ends(match: re.Match[str], alarm: str) -> bool:
    if alarm.rstrip().endswith(":"):
        return _CLOCK_AFTER.match(match.string, match.end()) is None
    return _ends_its_line(match.string, match.end())


def clause_before(text: str, start: int) -> str:
    """The words before `start` in its clause, up to fifty characters."""
    window = text[max(0, start - _CLAUSE_BEFORE) : start]
    return re.split(r"[.!?;,\n]", window)[-1]
