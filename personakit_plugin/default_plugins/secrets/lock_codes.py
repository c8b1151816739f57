"""The codes of locks, safes, alarms and keypads, where what the code opens says it is one: a safe's dial
turn by turn, a lock that opens with a code, an alarm's code after what it guards, a code typed on a
keypad (digit by digit, or with the key that ends it) or set on a lock. What a code opens is a word of
`vocabulary.LOCKED_THINGS`, the one list of them."""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets import vocabulary
from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
from personakit_plugin.default_plugins.secrets.vocabulary import names_a_locked_thing
from personakit_plugin.default_plugins.secrets.years import HUNDREDS, YEAR

# A safe's dial, turn by turn: "left 27 right 9 left 41", "links 12 rechts 40 links 8".
DIAL_TURN = r"""(?:left|right|l|r|links|rechts|izquierda|derecha|gauche|droite|sinistra|destra|esquerda|direita)"""
# What every dial's turns hold (case-folded; "l" and "r" alone are not looked for).
_TURN_WORDS = ("left", "right", "links", "rechts", "izquierda", "derecha", "gauche", "droite", "sinistra", "destra")
_TURN_WORDS_TOO = ("esquerda", "direita")
DIAL = rf"""(?:{DIAL_TURN}[ ]?\d{{1,2}}[ ,]+){{2,}}{DIAL_TURN}[ ]?\d{{1,2}}
    |(?:\d{{1,2}}[ ]?{DIAL_TURN}[ ,]+){{2,}}\d{{1,2}}[ ]?{DIAL_TURN}(?!\w)"""
# What a lock opens with: "the lockbox opens with 4492", "der Tresor öffnet mit 1234", or is locked with
# ("el candado lo cierro con 4180"); what it names must be a locked thing, said before it in its clause.
# An alarm is turned off or on with its code the same way: "o alarme desliga-se com 8062", "alarm
# uitzetten met 7923", "die Alarmanlage schaltet man mit 2255 scharf", "l'alarme se désactive avec 4410",
# "la alarma se quita con 4417", "het alarm gaat uit met 5520", or as the owner does it ("la alarma de la
# tienda la desactivo con 4159", "the shop alarm, I turn it off with 4159"), or says to ("Alarm scharf
# machen mit 4410, dann raus"). A phone or a screen is unlocked the same way, the verb first when the owner says
# what they unlock ("I unlock my tablet with 4471", "il tablet si sblocca con 4471", "o portátil desbloqueia com
# 4471"), and a roller shutter goes up with its code ("the garage shutter goes up with 4471").
OPENS_WITH = r"""\b(?:opens?|unlock(?:s)?[ ](?P<unlocked>(?:my|the|his|her|our|their|your)[ ](?:[^\W\d_]+[ ]){1,2}?)with
    |unlocks?|(?P<raised>go(?:es)?[ ]up)[ ]with
    |(?:si[ ])?sblocca[ ]co[nl]|(?:se[ ])?desbloque(?:a|ia)(?:-se)?[ ](?:con|com)|se[ ]d[ée]verrouille[ ]avec
    |ontgrendelt[ ]met|entsperrt[ ](?:man[ ])?(?:es[ ]|ihn[ ]|sich[ ])?mit
    |öffnet(?:[ ]sich)?[ ]mit|(?:se[ ])?abre(?:-se)?[ ](?:con|com)
    |(?:i[ ])?(?:lock|close)[ ]it[ ]with|(?:lo|la)[ ]cierro[ ]con|se[ ]cierra[ ]con|je[ ]l[ae]?['’ ]?ferme[ ]avec
    |se[ ]ferme[ ]avec|(?:lo|la)[ ]chiudo[ ]con|si[ ]chiude[ ]con|(?:o|a)[ ]fecho[ ]com|fecha-se[ ]com
    |sluit[ ](?:ik[ ])?(?:het[ ]|hem[ ])?(?:af[ ])?met
    |schlie(?:ß|ss)(?:e|t)[ ](?:ich[ ]|man[ ])?(?:ihn[ ]|es[ ]|sie[ ])?mit
    |s['’]ouvre[ ]avec|si[ ]apre[ ]co[nl]|opent[ ]met|gaat[ ](?:open|uit)[ ]met|uit[ ]gaat[ ]met|geht[ ](?:nur[ ])?mit
    |(?:se[ ])?quita[ ]con
    |(?:ficou|fica)[ ](?:com|no)|(?:se[ ])?qued[óo][ ](?:con|en)
    |(?:disarms?|arms?|turns?[ ]off|switch(?:es)?[ ]off)(?:[ ]it)?[ ]with
    |(?:se[ ])?(?:desliga|desativa|desactiva|activa|ativa|liga)(?:-se)?[ ](?:con|com)
    |se[ ](?:d[ée]sactive|d[ée]sarme|coupe)[ ]avec|si[ ](?:disattiva|disinserisce|spegne)[ ]co[nl]
    |(?:uit|aan)(?:zetten|schakelen|te[ ]zetten)[ ]met|zet[ ](?:je|het)[ ](?:uit|aan)[ ]met
    |(?:schaltet|macht)[ ](?:man|sie|ihr|du)[ ](?:sie[ ]|es[ ])?mit
    |(?:entsch[äa]rft|deaktiviert)[ ](?:man[ ])?mit|(?:un)?scharf[ ](?:machen|schalten|stellen)[ ]mit
    |(?:turns?|switch(?:es)?)[ ]it[ ]off[ ]with
    |(?:lo|la|le)[ ](?:desactivo|desconecto|quito|apago|desarmo|activo|conecto)[ ]con
    |(?:o|a)[ ](?:desligo|desativo|desarmo|ligo|ativo)[ ]com
    |(?:lo|la|l['’])[ ]?(?:disattivo|disinserisco|spengo|inserisco)[ ]co[nl]
    |je[ ](?:la|le|l['’])[ ]?(?:d[ée]sactive|d[ée]sarme|coupe)[ ]avec)(?:[ ]with)?
(?:[ ](?:the|a|code|codice|c[oó]digo|pin|den
    |dem|el|le|il|o|de))*[ ]"""
# An alarm's code (Italian "antifurto", Spanish "antirrobo" too) after the alarm and what it guards, with
# no verb: "alarme maison de campagne 0629", or
# after its colon and a code's word ("allarme della baita: codice 4471, poi ..."). Not a clock's, nor
# after a preposition ("alarm set for 0630", "réveil à 0630").
# Nor after a verb that turns it off or on, which `OPENS_WITH` reads: "alarm uitzetten met 7923, ...", "die
# Alarmanlage im Stall geht mit 4539 aus".
ALARM = r"""\b(?:alarm(?:anlage)?|alarme|alarma|allarme|antifurto|antirrobo)
    (?P<aclause>(?:[ ](?!(?:at|à|a|um|om|alle|às|for|pour|para|per|voor|für|set|sonne|klingelt|suona|suena|toca
    |gaat|geht|clock|um|uitzetten|uitschakelen|aanzetten|zet|schaltet|macht
    |(?:un)?scharf[ ](?:machen|schalten|stellen)[ ]mit|entschärft|deaktiviert
    |desliga|liga|desativ[ao]|desactiv[ao]|activ[ao]|ativ[ao]|desconect[ao]|apag[ao]|disattiv[ao]|disarms?|arms?|turns?
    |switch(?:es)?|se|si)\b)[^\W\d]+){0,6})(?:[ ]*:[ ]*(?:code|codice|c[oó]digo|pin|pincode)[ ]*:?)?[ ]*:?[ ]+"""
# A code as typed on a keypad, what it opens named before it in its clause: digit by digit ("the alarm
# is 1 9 5 2", "Garagentor Code ist 3 3 9 1"), or followed by the key that ends it ("2580 then the key
# symbol", "2468 y luego la campanita", "4 4 0 1 dièse", "1 2 8 0 *", "2580 then press the tick"), or by the star
# alone that ends its clause ("the side gate, 4471 star"; not "the back door of the 1950 star cinema").
_KEYPAD_KEY = r"""(?:,?[ ](?:then|and[ ]then|followed[ ]by|y[ ]luego|luego|y[ ]despu[ée]s|puis|et[ ]puis|suivi[ ]de
    |dann|und[ ]dann|gefolgt[ ]von|poi|e[ ]poi|seguito[ ]da|depois|e[ ]depois|seguido[ ]de|gevolgd[ ]door|en[ ]dan)
    (?:[ ](?:press|hit|push|tap|drücken|dr[üu]ck|appuyer[ ]sur|appuie[ ]sur|pulsa|pulsar|aprieta|premi|premere
    |carrega[ ]n[oa]|carregar[ ]n[oa]|aperta|druk[ ]op|drukken[ ]op))?
    [ ](?:(?:the|la|el|le|il|o|a|het|de|die|das|den|l['’])[ ]?)?(?:(?:key|bell|hash|star|pound)[ ](?:symbol|sign|key)
    |key|bell|hash|star|pound|enter|ok|tick|campanita|campana|llave(?:cita)?|almohadilla|asterisco|cl[ée]|cloche
    |di[èe]se|[ée]toile|raute|stern|glocke|schlüssel(?:symbol)?|cancelletto|campanello|chiave|chave|sino|estrela
    |cardinal|sleuteltje|sleutel|bel|hekje|sterretje)(?![\w])
    |[ ]?[#*](?![\w#*])|[ ](?:di[èe]se|hash|raute|cancelletto|almohadilla|hekje|cardinal|hekje)(?![\w])
    |[ ](?:star|stern|[ée]toile|asterisco|estrela|sterretje)(?=[ ]*(?:[.,;!?)\n]|$)))"""
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
    before = said_of_before(match.string, match.start())
    if any(word in vocabulary.CALL_WORDS for word in before.casefold().split()):  # "the house number is 1 2 3 4"
        return False
    return names_a_locked_thing_in(before) and _AT.search(before.rstrip()) is None


def names_a_locked_thing_in(clause: str) -> bool:
    return any(names_a_locked_thing(word.strip('.,;:!?"()')) for word in re.split(r"[\s'’]+", clause.casefold()))


_CLAUSE_BEFORE = 50


def _ends_its_line(text: str, end: int) -> bool:
    return not text[end:].split("\n", 1)[0].strip(" .!,;")


# After an alarm's colon, a code may have words after it: "alarmanlage bei mama: 2609 zum scharf schalten";
# not those of a clock: "alarm: 0630 tomorrow".
_CLOCK_AFTER = lazy_pattern(
    r"""\s*(?:tomorrow|tonight|today|am|pm|a\.m\.|p\.m\.|o['’]clock|h|uhr|morgen|heute|demain|ce[ ]soir|mañana|hoy
    |domani|stasera|amanhã|hoje|vanavond|every|each|jeden|tous|todos|ogni|elke|daily|täglich)\b""",
    re.IGNORECASE | re.VERBOSE,
)


# Or, with no colon, ending its clause before the next item of a list of instructions ("burglar alarm 6626,
# boiler timer set", "die alarmanlage is 6128, und ...", "la alarma es 9587 y luego ..."), when it cannot be
# a clock's time (hours and minutes on a five, "the alarm is 0630, then coffee") nor a round price ("the alarm is
# 2500, pricey") and no clock's word follows; the code
# right after the alarm or after "is" ("the alarm model 4460, white", "the alarm costs 4460, ouch" are not).
_CLAUSE_ENDS = lazy_pattern(
    r"""[ ]*(?:[,;][ ]|[ ](?:then|and|und|dann|puis|et|y|luego|e|poi|en|dan|depois)(?![^\W_]))""",
    re.IGNORECASE | re.VERBOSE,
)
# A clock's time as alarms are set, minutes on a five ("0630", "0745"); "1509" is no time one wakes to.
_CLOCK_TIME = lazy_pattern(r"(?:[01]\d|2[0-3])[0-5][05]")
_IS = frozenset("is ist es est è é".split())
# Or the one word between is the place whose alarm it is: "alarmanlage praxis 7391 und dann die schlüsseltaste".
_WHOSE_ALARM = frozenset(
    """praxis büro laden geschäft werkstatt lager office shop store clinic surgery depot warehouse salon studio
    bureau magasin cabinet boutique atelier entrepôt oficina tienda consulta almacén negocio taller ufficio negozio
    magazzino kantoor winkel praktijk magazijn werkplaats loja consultório escritório armazém""".split()
)
# Or, after a comma, that it sets or unsets the alarm: "allarme del negozio 3817, da disinserire la mattina",
# "shop alarm 3817, to set it at night" (not "the alarm 0630, to set every day": a clock's time, nor a price's
# or a model's word before it: "the church alarm costs 3817, to set up next week").
_SETTING_AFTER = lazy_pattern(
    r"""[ ]*,[ ]*(?:da[ ](?:inserire|disinserire|attivare|disattivare)|to[ ](?:set|arm|unset|disarm)
    |para[ ](?:activar|desactivar|armar|desarmar|ativar|desativar|conectar|desconectar)
    |pour[ ](?:l['’])?(?:activer|d[ée]sactiver|armer|d[ée]sarmer)|zum[ ](?:scharf|unscharf|aktivieren|deaktivieren)
    |om[ ](?:in|uit)[ ]te[ ]schakelen)(?![^\W_])(?![ ]up)""",
    re.IGNORECASE | re.VERBOSE,
)
# Or the code first, a dash or a colon, then whose alarm it is, one or two words, ending its clause, as a note
# to self: "7316 - depot alarm, for both". Not a clock's time ("0630 - kitchen alarm"), a year or round hundreds.
_CODE_THEN_ALARM = lazy_pattern(
    r"""(?:^|\n)[ ]*(?P<pin>\d{4,8})[ ]*[-–—:][ ]*(?:[^\W\d_]+[ ]){1,2}(?:alarm|alarme|allarme|alarma|alarmanlage)
    (?=[ ]*(?:[.,;!?\n]|$))""",
    re.IGNORECASE | re.VERBOSE,
)


def _code_then_alarm(text: str) -> bool:
    return any(
        not (_CLOCK_TIME.fullmatch(match["pin"]) or YEAR.fullmatch(match["pin"]) or match["pin"].endswith("00"))
        for match in _CODE_THEN_ALARM.finditer(text)
    )


# Or, right after the alarm, four digits that no clock shows (its hours past 23 or its minutes past 59), no year
# nor round hundreds, and then what to do before or after it: "alarm 1188 before you pull the shutter down",
# "Alarm 2671 bevor du gehst". Not "alarm 0630 before work", a clock's time.
_NO_CLOCK_TIME = lazy_pattern(r"(?:[3-9]\d|2[4-9])\d\d|\d\d[6-9]\d")
_THEN_WHAT_TO_DO = lazy_pattern(
    r"""[ ]+(?:before|after|when|once|then|avant|apr[èe]s|quand|antes|despu[ée]s|cuando|depois|quando|prima|dopo
    |bevor|nachdem|wenn|dann|voordat|nadat|als)[ ]""",
    re.IGNORECASE | re.VERBOSE,
)


def alarm_code_ends(match: re.Match[str], alarm: str) -> bool:
    if ":" in alarm:
        return _CLOCK_AFTER.match(match.string, match.end()) is None
    if _ends_its_line(match.string, match.end()):
        return True
    if (
        not (match["aclause"] or "").strip()
        and _NO_CLOCK_TIME.fullmatch(match["pin"])
        and not YEAR.fullmatch(match["pin"])
        and not match["pin"].endswith("00")
        and _THEN_WHAT_TO_DO.match(match.string, match.end())
    ):
        return True
    if (
        _SETTING_AFTER.match(match.string, match.end())
        and not _CLOCK_TIME.fullmatch(match["pin"])
        and not _A_PRICE_OR_MODEL.search(match["aclause"] or "")
    ):
        return True
    words = (match["aclause"] or "").split()
    if words and words[-1].casefold() not in _IS and not (len(words) == 1 and words[0].casefold() in _WHOSE_ALARM):
        return False
    after = _CLAUSE_ENDS.match(match.string, match.end())
    return (
        after is not None
        and not _CLOCK_TIME.fullmatch(match["pin"])
        and not match["pin"].endswith("00")  # a price: "the alarm is 2500, pricey"
        and _CLOCK_AFTER.match(match.string, after.end()) is None
    )


def clause_before(text: str, start: int) -> str:
    """The words before `start` in its clause, up to fifty characters."""
    window = text[max(0, start - _CLAUSE_BEFORE) : start]
    return re.split(r"[.!?;,\n]", window)[-1]


def said_of_before(text: str, start: int) -> str:
    """The words before `start` in its clause or, where the clause opens with it after a comma, in the clause
    before, of which it is said: "the back door, 2580 then the star", "o cofre do escritório, abre com 4471"."""
    window = text[max(0, start - _CLAUSE_BEFORE) : start]
    parts = re.split(r"([.!?;,\n])", window)
    if parts[-1].strip() or len(parts) < 3 or parts[-2] != ",":
        return parts[-1]
    return parts[-3]


# --- A lock's code said on its line, or the number a lock is set to -------------------------------------

# A code's word: "code", "código", "codice", a combination's, or a German compound of one ("Notfallcode").
CODE_WORDS = r"""codes?|c[oó]digos?|codice|combinazione|combinaci[oó]n|combinaison|combina[cç][aã]o|combination
    |kombination|combo|notfall-?code|werks-?code|master-?code"""
# Kinds of codes that are no lock's: "zip code for the office: 94103", "promo code for the gym".
OTHER_CODES = r"""zip|postal|post|postcode|postleitzahl|plz|area|country|dial(?:ling)?|tracking|promo|discount|voucher
    |coupon|gutschein|cup[oó]n|reference|referenz|r[ée]f[ée]rence|order|booking|error|fehler|erreur|status|qr|bar
    |tax|sort|swift|bic|iata|airport|flight|product|colou?r|html|source|dress|course|kurs|cours|curso|corso|model
    |modell|mod[eè]le|modelo|modello"""
# And what says a line is about changing a code, not the code: "door code changed on: 1205".
NOT_A_LOCK_CODE = lazy_pattern(
    rf"""\b(?:{OTHER_CODES}|reset|change[ds]?|changed|set|updated?|length|attempts?|tries|since|until|digits?
    |rules?|policy|expires?|expiry|valid|ändern|geändert|länge|seit|bis)\b""",
    re.IGNORECASE | re.VERBOSE,
)
# "code van het slimme slot voor de oppas: 048041", "código da fechadura para a empregada: 674989": a
# code's word and what it opens on the line before a colon, the code alone after it.
_CODE_ON_ITS_LINE = lazy_pattern(
    rf"""(?:^|(?<=\n))(?P<head>[^\n:]{{0,80}}?(?<![^\W_])(?:{CODE_WORDS})(?![^\W_])[^\n:]{{0,60}}):[ \t]*
    (?P<pin>\d{{4,8}})[ \t]*(?=[.!,;)]|$|\n)""",
    re.IGNORECASE | re.VERBOSE,
)
# A combination lock and the number it is set to, in its clause: "the bike lock, I set it to 8368", "het
# fietsslot staat op 7210", "le cadenas du vélo est sur 3252", "das Fahrradschloss ist auf 1457
# eingestellt", "el candado de la bici lo puse en 2010", "o cadeado da bicicleta está em 8358".
_LOCKS = r"""(?<![^\W_])(?:[^\W\d_]{0,16}(?:lock|schloss|schloß|slot))|padlocks?|cadenas|candados?|cadeados?
    |lucchett[oi]|safe|tresor|cofre|coffre(?:-fort)?|cassaforte|kluis|kluisje|caja[ ]fuerte
    |cerradura|fechadura|serrure|serratura"""
_SET_TO = r"""(?:i[ ])?(?:set|put|turned)[ ](?:it[ ])?(?:to|on|at)|(?:is|was)[ ](?:now[ ])?(?:set[ ])?(?:to|on|at)
    |staat[ ](?:nu[ ])?op|(?:heb[ ]ik[ ])?(?:ingesteld|gezet)[ ]op|zet[ ](?:ik[ ])?op|est[ ](?:maintenant[ ])?sur
    |(?:r[ée]gl[ée]|mis)[ ]sur|je[ ]l['’]ai[ ](?:mis|r[ée]gl[ée])[ ]sur|(?:lo|la)[ ](?:puse|pongo|tengo)[ ]en
    |est[áa][ ](?:puesto[ ])?en|(?:est[áa]|fica|ficou)[ ](?:em|no)|pus[ ](?:em|no)|[èe][ ](?:impostato[ ])?su
    |l['’]ho[ ](?:messo|impostato)[ ]su|(?:ist|steht)[ ](?:jetzt[ ])?auf|hab[e]?[ ](?:es|ihn)?[ ]?auf"""
_LOCK_SET_TO = lazy_pattern(
    rf"""(?<![^\W_])(?:{_LOCKS})(?![^\W_])[^.;!?\n]{{0,60}}?(?<![^\W_])(?:{_SET_TO})[ ]
    (?P<pin>\d{{3,8}})(?![\d.,:/]\d|[ ]?(?:%|°|h\b|uhr|mhz|ghz|kg|km|euros?|€|\$))""",
    re.IGNORECASE | re.VERBOSE,
)
# A lock named, then the number the owner put on it, with no word for "on": "the hotel safe, I set 8062",
# "le cadenas du casier, j'ai mis 3318, ...", "la cassaforte, ho messo 2291", "la caja fuerte, puse 4417".
# Not an amount put in it: no round hundreds, no money or unit after it, no year.
_LOCK_PUT = lazy_pattern(
    rf"""(?<![^\W_])(?:{_LOCKS})(?![^\W_])[^.;!?\n]{{0,60}}?(?<![^\W_])
    (?:i[ ](?:set|put|chose|picked)|j['’]ai[ ](?:mis|choisi|r[ée]gl[ée])|ho[ ](?:messo|impostato|scelto)
    |(?:le[ ]|la[ ]|lo[ ])?(?:puse|eleg[íi])|coloquei|escolhi|(?:ich[ ])?hab[e]?[ ](?:ich[ ])?)[ ]
    (?P<pin>\d{{4,8}})(?![\d.,:/]\d|[ ]?(?:%|°|h\b|uhr|euros?|dollars?|bucks|€|\$|[^\W\d_]))""",
    re.IGNORECASE | re.VERBOSE,
)
# A locker, a key box, a parcel box or a safe, and four to six digits right after it, the code of its lock:
# "gym locker 4417", "Spind 3092", "sleutelkastje 5512", "Paketkasten 7203", "cabinet lock 6618"; or after
# where it is and a verb of being or having, perhaps "code" ("the locker at the pool is 3318", "mein Spind
# in der Arbeit hat den Code 2291", "de kluis in de kelder is nog 440172"). A locker's own number has one to
# three digits ("locker 212", "casier 23"), after "number" or "#" any.
_LOCKER = r"""[^\W\d_]*(?:locker|spind|casier|taquilla|armadietto|cacifo|kluisje|kluis|sleutelkast(?:je)?
    |schlüsselkasten|schlüsselbox|schlüsselkästchen|paketkasten|paketbox|keybox|key[ ]box|lockbox|schließfach)
    |cabinet[ ]lock"""
_LOCKER_WHERE = r"""(?:[ ](?:at|in|on|by|bei|im|in|an|am|auf|op|bij|à|au|en|de|del|da|do|della|nella|van)
    (?:[ ](?:the|der|dem|den|die|de|het|['’]t|la|le|el|il|o|a|mijn|my|m['’]n)){0,2}(?:[ ][^\W\d_]+){1,3})?"""
_LOCKER_HAS = r"""(?:[ ](?:is|ist|isch|est|es|è|é|heeft|hat|has|tiene|tem|ha|a|blijft[ ]op)
    (?:[ ](?:nog|noch|still|now|steeds|encore|todav[íi]a|ancora|ainda))?
    (?:[ ](?:den|de|the|el|il|o|le|la))?(?:[ ](?:code|codice|c[oó]digo|combination|combinaci[oó]n|pin))?)?"""
_LOCKER_PIN = r"""(?P<pin>\d{4,6})(?![\d.,:/-]\d|[^\W\d_]|[ ]?(?:%|°|€|\$|£|(?:h|uhr|euros?|dollars?|pounds?|francs?
    |chf|yen|m|meters?|metres?|cm|km|kg|kilos?|g|grams?|gramm|liters?|litres?|l)(?![^\W_])))"""
_LOCKER_CODE = lazy_pattern(
    rf"""(?<![^\W_])(?:{_LOCKER})(?![^\W_])[ ]?:?[ ]{_LOCKER_PIN}""",
    re.IGNORECASE | re.VERBOSE,
)
# After where it is or a verb, the code ends its clause: "my locker has 1234 stickers" is a count.
# A safe, a bike lock or a small key box is said so only: "the safe in the hall cupboard is 70915, ...", "bike
# lock 0319, it's on the rack", "la cajita de llaves de la casa de ... es 3812"; "Safe 2000" is a model.
_SAID_LOCKS = r"""safe|tresor|coffre-fort|cassaforte|caja[ ]fuerte|cofre|bike[ ]lock|fahrradschloss|fietsslot
    |cajita[ ]de[ ](?:las[ ])?llaves"""
_LOCKER_SAID_CODE = lazy_pattern(
    rf"""(?<![^\W_])(?:{_LOCKER}|{_SAID_LOCKS})(?![^\W_]){_LOCKER_WHERE}{_LOCKER_HAS}[ ]?:?[ ]{_LOCKER_PIN}
    (?=[ ]*(?:[.,;!?)(\n—–-]|$)|[ ](?:ingesteld|gezet|eingestellt|programmiert|set|like|wie|comme|como|come
    |zoals)(?![^\W_]))""",
    re.IGNORECASE | re.VERBOSE,
)
# A key box for guests or carers, where it is in a few words, then after a comma its code alone in its
# clause, perhaps after a code's word: "key safe by the back door, 6604, for the carers", "cassetta delle
# chiavi al portone, codice 3318", "Schlüsselsafe am Gartenhaus, 7720, für die Gäste". Not a year nor round
# hundreds ("key safe on the wall, 2019, still works").
_KEY_BOX = r"""key[ ]?safe|key[ ]?box|lock[ ]?box|schlüssel(?:safe|tresor|kasten|box)|sleutel(?:kluis|kast)(?:je)?
    |bo[îi]te[ ](?:à|a|aux)[ ](?:cl[ée]s|clefs)|caja[ ](?:de[ ]|para[ ])?(?:las[ ])?llaves|cajet[íi]n[ ]de[ ]llaves
    |cassett(?:a|ina)[ ](?:delle[ ]|per[ ]le[ ]|porta)?chiavi|(?:cofre|caixa)[ ](?:de|das|para[ ]as)[ ]chaves"""
_KEY_BOX_THEN_CODE = lazy_pattern(
    rf"""(?<![^\W_])(?:{_KEY_BOX})(?![^\W_])[^\d.,;:!?\n]{{0,40}},[ ](?:(?:{CODE_WORDS})[ ]?:?[ ])?
    (?P<pin>\d{{4,6}})(?=[ ]*(?:[.,;!?)\n]|$))""",
    re.IGNORECASE | re.VERBOSE,
)
# A locker and its number, then after a comma its padlock and the padlock's code alone in its clause:
# "locker 12, padlock 4471", "casier 49, cadenas 981231", "Spind 7, Zahlenschloss 2290". Round hundreds
# too: said right after the padlock's word it is no price ("casier 50, cadenas 7200"); not a year.
_LOCKER_THEN_PADLOCK = lazy_pattern(
    rf"""(?<![^\W_])(?:{_LOCKER})(?![^\W_])[^.;!?\n,]{{0,30}},[ ]
    (?:padlock|combination[ ]lock|cadenas|candado|cadeado|lucchetto|vorh[äa]ngeschloss|zahlenschloss|hangslot
    |cijferslot)[ ]?:?[ ](?P<pin>\d{{4,8}})(?=[ ]*(?:[.,;!?)\n]|$))""",
    re.IGNORECASE | re.VERBOSE,
)
# A padlock, a safe or a key box, then where it is in up to three words, then its code alone ending its line,
# as a note to self: "allotment shed padlock 3308", "hangslot garagebox 2069", "Tresor in der
# Kajüte 14 32 07" (a dial's three numbers), "cassetta chiavi parrocchia 1 6 8 5" (digit by digit). Not a
# year it was bought ("padlock 2019"), round hundreds, a model's or a price's word before it ("padlock model
# 3308", "Tresor kostet 1450"), nor a number with more words after it ("padlock 3308 from the shop").
_PADLOCK = r"""padlock|combination[ ]lock|cadenas|candado|cadeado|lucchetto|vorh[äa]ngeschloss|zahlenschloss
    |hangslot|cijferslot"""
_NOT_WHERE = r"""(?:model\w*|type|typ|series|serie|no|nr|number|nummer|num[ée]ro|n[úu]mero|costs?|kostet|co[ûu]te
    |cuesta|costa|kost|weighs?|wiegt|p[èe]se|pesa|weegt|price|preis|prix|precio|prezzo|pre[çc]o|prijs|size|gr[öo](?:ß|ss)e
    |taille|since|seit|depuis|desde|dal|sinds)"""
_A_PRICE_OR_MODEL = lazy_pattern(rf"(?<![^\W_]){_NOT_WHERE}(?![^\W_])", re.IGNORECASE | re.VERBOSE)
_CLOSED_WHERE_CODE = lazy_pattern(
    rf"""(?<![^\W_])(?:{_PADLOCK}|{_SAID_LOCKS}|{_KEY_BOX})(?![^\W_])(?:[ ](?!{_NOT_WHERE}(?![^\W_]))[^\W\d_]+){{0,3}}
    [ ]?:?[ ](?P<pin>\d{{4,6}}|\d\d(?:[ -]\d\d){{2}}|\d(?:[ ]\d){{3,5}})(?=[ ]*[.!]?[ ]*(?:\n|$))""",
    re.IGNORECASE | re.VERBOSE,
)
_BOUGHT_YEAR = lazy_pattern(r"(?:19\d\d|20[0-3]\d)")
_CLOSED_GATE = (
    *("padlock", "combination lock", "cadenas", "candado", "cadeado", "lucchetto", "schloss", "hangslot"),
    *("cijferslot", "safe", "tresor", "coffre", "cassaforte", "caja", "cofre", "bike lock", "fietsslot"),
    *("cajita", "key", "lock", "schlüssel", "sleutel", "boîte", "boite", "cajet", "cassett", "caixa"),
)


def _closed_where_code(text: str) -> bool:
    """A padlock, a safe or a key box, where it is, and its code ending its line (`_CLOSED_WHERE_CODE`); a
    code with more after it in its line is left to the rules that read its clause."""
    for match in _CLOSED_WHERE_CODE.finditer(text):
        pin = match["pin"].replace(" ", "").replace("-", "")
        if not (_BOUGHT_YEAR.fullmatch(pin) or HUNDREDS.fullmatch(pin)):
            return True
    return False


_LOCKER_GATE = (
    *("locker", "spind", "casier", "taquilla", "armadietto", "cacifo", "kluis", "sleutelkast", "schlüssel"),
    *("paketkasten", "paketbox", "keybox", "key box", "lockbox", "schließfach", "cabinet lock"),
    *("key safe", "keysafe", "lock box", "clés", "clefs", "llaves", "chiavi", "chaves"),
    *("safe", "tresor", "coffre", "cassaforte", "caja fuerte", "cofre", "bike lock", "fahrradschloss", "fietsslot"),
)
# A code's word and the code after a comma, what it opens said before it in its sentence: "casier 214 à
# la gare de Lyon, code 552814, ...", "taquilla de la piscina, la 48, combinación 2054".
_CODE_AFTER_A_COMMA = lazy_pattern(
    rf""",[ ](?:{CODE_WORDS})[ ]?:?[ ](?P<pin>\d{{4,8}}|\d{{3}}[ ]\d{{3}})(?=[.!,;)]|[ ]*$|[ ]*\n)""",
    re.IGNORECASE | re.VERBOSE,
)
_SENTENCE_BREAK = re.compile(r"[.!?;\n]")


def _sentence_before(text: str, start: int, reach: int) -> str:
    """The words before `start` in its sentence, up to `reach` characters."""
    return _SENTENCE_BREAK.split(text[max(0, start - reach) : start])[-1]


# What a code opens, perhaps a word or two about where, a colon and the code alone: "Haustür unten: 7519,
# dann ...", "suitcase tsa lock: 986.", "portail du fond : 4471". Read from the colon and its code back to
# the start of the line or the item.
_COLON_THEN_CODE = lazy_pattern(r"[ ]?:[ \t]*(?P<pin>\d{3,8})(?=[.!,;)]|[ \t]*$|[ \t]*\n)")
_THING_BEFORE_A_COLON = lazy_pattern(
    r"""[ \t]*(?P<head>[^\W\d_][^\W\d_'’-]*(?:[ ][^\W\d_]+(?:-[^\W\d_]+)?){0,3})""", re.VERBOSE
)
# Or a lock named first on its line, where it is in a few words, a colon and its code, perhaps in a dial's pairs: "cofre
# di associação das peixeiras na mercado: 19 05 75", "the safe in the back office of the shop: 4471".
_LOCK_WHERE_THEN_COLON = lazy_pattern(
    rf"""(?:^|(?<=[\n,;(]))[ \t]*(?:[^\W\d_]+[ ]){{0,2}}(?:{_LOCKS})(?![^\W_])(?P<where>[^:\n.;!?\d]{{0,60}}):[ \t]*
    (?P<pin>\d{{4,8}}|\d{{2}}(?:[ ]\d{{2}}){{2,3}})(?=[ \t]*(?:[.!,;)]|$|\n))""",
    re.IGNORECASE | re.VERBOSE | re.MULTILINE,
)
# Codes listed number first, each before what it opens: "2755 garaje, 4835 trastero", "1234 Haustür; 5678
# Keller".
_NUMBER_THEN_THING = lazy_pattern(
    r"""(?<![\w.,:/-])\d{4,8}[ ](?P<first>[^\W\d_]+)[ ]?[,;/][ ]?\d{4,8}[ ](?P<second>[^\W\d_]+)(?![^\W_])""",
    re.IGNORECASE,
)
# A lock set to a number, the verb first: "set the hotel safe to 8876", "j'ai réglé le cadenas sur 4410",
# "ho impostato la cassaforte su 3391".
_SET_LOCK_TO = lazy_pattern(
    rf"""\b(?:set|put|changed|turned|r[ée]gl[ée]|mis|impostato|messo|puse|puesto|configur[ée]|coloquei|pus
    |stelde|zette|gestellt|eingestellt)[ ](?:(?:the|my|our|le|la|mon|ma|il|el|mi|o|a|meu|minha|de|het|mijn
    |den|das|die|meinen|mein)[ ])?(?:[^\W\d_]+[ ]){{0,2}}?(?<![^\W_])(?:{_LOCKS})(?![^\W_])(?:[ ][^\W\d_]+){{0,3}}?[ ]
    (?:to|on|at|sur|à|su|a|en|em|para|op|auf|(?P<with>with|com|con|avec|met|mit))[ ](?P<pin>\d{{3,8}})
    (?![\d.,:/]\d|[ ]?(?:%|°|h\b|uhr|euros?|€|\$))(?(with)(?=[ ]*(?:[.,;!?)\n]|$)))""",
    re.IGNORECASE | re.VERBOSE,
)
# Before a colon, a phone or a card is followed by its number or its last digits, not a code: "phone: 0612".
_NOT_A_KEYPAD = lazy_pattern(
    rf"""\b(?:{OTHER_CODES}|phones?|iphone|telefon|telefono|tel[ée]fono|telefone|telem[óo]vel|telefoon|handy|mobile
    |m[óo]vil|portable|cellulare|cards?|cartes?|karte|tarjeta|carta|cart[ãa]o|kaart|ext|extension|room|zimmer|chambre
    |habitaci[óo]n|stanza|quarto|kamer|reset|change[ds]?|set|updated?|since|until|seit|bis)\b""",
    re.IGNORECASE | re.VERBOSE,
)
# A lock's code after how it is made up, "so" and the code: "the key safe, the numbers are our street
# number then 05, so 1405", "le cadenas, les chiffres sont l'année de Léa puis 7, donc 20127".
_SO_CODE = lazy_pattern(r"(?<![\w.,:/-])\d{3,8}(?=[.!,;)]|\s*$|\s*\n)")
_SO_BEFORE = lazy_pattern(
    r"""(?<![^\W_])(?:so|i\.?e\.?|that[ ]is|which[ ]makes|d\.[ ]?h\.|alors|donc|o[ ]sea|es[ ]decir|quindi|cio[èe]
    |ent[ãa]o|ou[ ]seja|dus|oftewel|also)[ ,:]+$""",
    re.IGNORECASE | re.VERBOSE,
)
_DIGITS_WORD = lazy_pattern(
    rf"""(?<![^\W_])(?:{CODE_WORDS}|numbers|digits|nummern|zahlen|ziffern|chiffres|num[ée]ros|cifras|numeri|cifre
    |d[íi]gitos|cijfers|nummers)(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)


def _no_year(pin: str) -> bool:
    return YEAR.fullmatch(pin) is None


def _names_a_lock_or_its_code(clause: str) -> bool:
    """A lock, a safe, a padlock; or a code's word and what it opens ("the house numbers" is neither)."""
    return _A_LOCK.search(clause) is not None or (
        A_CODE_WORD.search(clause) is not None and names_a_locked_thing_in(clause)
    )


def code_said_short(text: str, has_a_lock: bool) -> bool:
    """Whether `text` gives a lock's code the short way: after a comma and a code's word, what it opens said before in
    the sentence; alone after what it opens and a colon (three digits for a lock's own dials), or after a lock named
    first on its line, where it is and a colon; numbers listed before what each opens; a lock set to it, the verb
    first; or after how it is made up and "so". `has_a_lock`: whether `text` names a lock (`_A_LOCK`)."""
    if "," in text and A_CODE_WORD.search(text):
        for match in _CODE_AFTER_A_COMMA.finditer(text):
            head = _sentence_before(text, match.start(), 80)
            if names_a_locked_thing_in(head) and not NOT_A_LOCK_CODE.search(head):
                return True
    for match in _COLON_THEN_CODE.finditer(text) if ":" in text else ():
        item_start = max(text.rfind(sign, 0, match.start()) for sign in "\n,;(") + 1
        thing = _THING_BEFORE_A_COLON.compiled.fullmatch(text, item_start, match.start())
        head, pin = (thing["head"] if thing else ""), match["pin"]
        if not head or not names_a_locked_thing_in(head) or _NOT_A_KEYPAD.search(head) or not _no_year(pin):
            continue
        if len(pin) > 3 or _A_LOCK.search(head):
            return True
    for match in _LOCK_WHERE_THEN_COLON.finditer(text) if ":" in text and has_a_lock else ():
        if not _NOT_A_KEYPAD.search(match["where"]) and _no_year(match["pin"]):
            return True
    for match in _NUMBER_THEN_THING.finditer(text) if "," in text or ";" in text or "/" in text else ():
        if names_a_locked_thing(match["first"].casefold()) and names_a_locked_thing(match["second"].casefold()):
            return True
    # Set "with" a number that ends its clause, not a round amount: "pus o cofre com 7933", not "... com 2000".
    if has_a_lock and any(not (m["with"] and HUNDREDS.fullmatch(m["pin"])) for m in _SET_LOCK_TO.finditer(text)):
        return True
    return any(
        _DIGITS_WORD.search(head) and _no_year(match.group()) and _names_a_lock_or_its_code(head)
        for match in _SO_CODE.finditer(text)
        if (so := _SO_BEFORE.search(text[max(0, match.start() - 20) : match.start()]))
        for head in (_sentence_before(text, match.start() - len(so.group()), 140),)
    )


# Cheap to look for: every code's word holds one of these.
A_CODE_WORD = lazy_pattern(r"c[oó]d|combin|kombin|combo", re.IGNORECASE)
_A_LOCK = lazy_pattern(rf"(?:{_LOCKS})", re.IGNORECASE | re.VERBOSE)


# A lock's code as what opens it: "what opens the shed is 0699", "ce qui ouvre le portail c'est 4410", "lo
# que abre el trastero es 2207", "was die Gartentür öffnet, ist 3318", "wat de berging opent is 5120".
_WHAT_OPENS = lazy_pattern(
    r"""(?<![^\W_])(?:what|ce[ ]qui|lo[ ]que|quello[ ]che|ci[òo][ ]che|o[ ]que)[ ](?:opens|unlocks|ouvre|abre|apre)
    [ ](?P<thing>[^.;!?\n:]{1,40}?)[ ](?:is|c['’]est|est|es|è|é)[ ]
    (?P<pin>\d{3,8})(?![\d.,:/]\d)
    |(?<![^\W_])(?:was|wat)[ ](?P<object>[^.;!?\n:]{1,40}?)[ ](?:öffnet|aufmacht|opent|openmaakt),?[ ](?:ist|is)[ ]
    (?P<pin2>\d{3,8})(?![\d.,:/]\d)""",
    re.IGNORECASE | re.VERBOSE,
)
_OPENS_GATE = ("open", "ouvre", "abre", "apre", "öffnet", "aufmacht", "unlock")

# The code, then what it does, what it opens said before it in its sentence: "if the alarm goes off it's
# 4471 to disarm", "la alarma, 2207 para desactivarla", "die Alarmanlage: 3318 zum Ausschalten".
_CODE_TO_OPEN = lazy_pattern(
    r"""(?<![\w.,:/-])(?P<pin>\d{4,8})[ ](?:to[ ](?:disarm|open|unlock|turn[ ]it[ ]off|switch[ ]it[ ]off|get[ ]in)
    |pour[ ](?:la[ ]|le[ ]|l['’])?(?:d[ée]sactiver|d[ée]sarmer|ouvrir|couper)|para[ ](?:desactivar|desarmar|abrir
    |desligar|desativar)|per[ ](?:disattivar|disinserir|aprir)|zum[ ](?:entschärfen|ausschalten|öffnen|aufmachen)
    |om[ ](?:uit[ ]te[ ]zetten|te[ ]openen|open[ ]te[ ]maken))""",
    re.IGNORECASE | re.VERBOSE,
)
_TO_OPEN_GATE = ("to ", "pour ", "para ", "per ", "zum ", "om ")


def _code_to_open(text: str) -> bool:
    folded = text.casefold()
    if not any(map(folded.__contains__, _TO_OPEN_GATE)):
        return False
    return any(
        _no_year(match["pin"])
        and not HUNDREDS.fullmatch(match["pin"])  # "the shop needs 5000 to open": an amount
        and names_a_locked_thing_in(_sentence_before(text, match.start(), 80))
        for match in _CODE_TO_OPEN.finditer(text)
    )


def _what_opens(text: str) -> bool:
    folded = text.casefold()
    if not any(map(folded.__contains__, _OPENS_GATE)):
        return False
    return any(
        names_a_locked_thing_in(match["thing"] or match["object"]) and _no_year(match["pin"] or match["pin2"])
        for match in _WHAT_OPENS.finditer(text)
    )


# A dial's turns said with no code's word, a safe or a lock named before them in the sentence: "the closet
# safe is left 32, right 11, left 50", "coffre dans le placard : gauche 19, droite 07, gauche 82".
_DIAL_TURNS = lazy_pattern(rf"(?<![^\W_])(?:{DIAL})(?![^\W_])", re.IGNORECASE | re.VERBOSE)
_DIAL_BEFORE = 60


# Or its numbers dashed, then which way to turn the dial first, a safe or a lock named before them in the
# sentence: "the gun safe: 12-30-7, turn left first", "Tresor im Keller 4-22-16, zuerst rechts drehen".
# A date in a sentence about a safe has no way to turn after it.
_DASHED_DIAL = lazy_pattern(r"(?<![\w.,/-])\d{1,2}(?:-\d{1,2}){2,3}(?![\w.,/-]\w)")
_TURN_FIRST_AFTER = lazy_pattern(
    rf"""[^.!?;\n]{{0,30}}?(?<![^\W_])(?:{DIAL_TURN})(?![^\W_])[^.!?;\n]{{0,20}}?(?<![^\W_])
    (?:turn\w*|spin\w*|dreh\w*|tourn\w*|gir\w*|draai\w*|roda\w*|first|zuerst|erst|d['’]abord|primero|prima
    |primeiro|eerst)(?![^\W_])
    |[^.!?;\n]{{0,30}}?(?<![^\W_])(?:turn\w*|spin\w*|dreh\w*|tourn\w*|gir\w*|draai\w*|roda\w*)[^.!?;\n]{{0,20}}?
    (?<![^\W_])(?:{DIAL_TURN})(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)


def _dial_after_its_lock(text: str) -> bool:
    for turns in _DIAL_TURNS.finditer(text):
        before = text[max(0, turns.start() - _DIAL_BEFORE) : turns.start()]
        sentence = re.split(r"[.!?;]\s|\n", before)[-1]
        if names_a_locked_thing_in(sentence):
            return True
    for dashed in _DASHED_DIAL.finditer(text):
        before = text[max(0, dashed.start() - _DIAL_BEFORE) : dashed.start()]
        sentence = re.split(r"[.!?;]\s|\n", before)[-1]
        if _A_LOCK.search(sentence) and _TURN_FIRST_AFTER.match(text, dashed.end()):
            return True
    return False


# A code typed at what it opens, the verb of typing first ("au portail tu tapes 1808A", "am Tor tippst du
# 4471 und dann die Raute") or last after a code's word ("beneden de code 7694 intikken"); what it opens
# or a code's word in its clause, the code ending its clause or followed by "then".
_TYPE_VERB = r"""(?:tapes?|tapez|tippst|tippe|tipp|tik|tikt|tikken|intikken|teclea|tecleas|tecleo|digita|digite|digitas
    |digito|type|punch(?:[ ]in)?|key[ ]in|(?:just|then|simply|you)[ ]key)"""
_TYPED_AT_A_LOCK = lazy_pattern(
    rf"""(?<![^\W_])(?:{_TYPE_VERB}[ ](?:(?:the|le|la|el|il|o|a|de|den|het|je|du)[ ])?(?:(?:{CODE_WORDS})[ ])?
    (?P<pin>\d{{3,8}}[A-Za-z]?[#*]?)
    |(?:{CODE_WORDS})[ ](?P<last>\d{{4,8}}[#*]?)[ ](?:in)?(?:tikken|typen|tippen|eintippen|eingeben|taper|teclear
    |digitar|digitare))
    (?:[ ]to[ ](?:get[ ]in|open|enter|unlock|disarm)(?![^\W_]))?
    (?=[ ]*(?:[.,;!?)\n]|$)|[ ](?:then|and|und|dann|puis|et|y|luego|e|poi|en|dan|depois)(?![^\W_]))""",
    re.IGNORECASE | re.VERBOSE,
)
_TYPING = ("tap", "tipp", "tik", "tecle", "digit", "type", "punch", "key", "typen", "eingeben")


def _typed_at_a_lock(text: str) -> bool:
    folded = text.casefold()
    if not any(map(folded.__contains__, _TYPING)):
        return False
    for match in _TYPED_AT_A_LOCK.finditer(text):
        pin = match["pin"] or match["last"]
        digits = "".join(ch for ch in pin if ch.isdigit())
        if not _no_year(digits) or HUNDREDS.fullmatch(digits):
            continue
        clause = said_of_before(text, match.start()) + " " + match.group()
        if names_a_locked_thing_in(clause) or (match["last"] and not NOT_A_LOCK_CODE.search(clause)):
            return True
    return False


# A door, a gate, a garage or a safe said to "be" a number, which an address never is, when the number is told
# to someone or is the code for now: "tell Ciarán the front door's 1037 and ...", "garage is 4460 for now,
# remind me to change it", "dile a Pepe que la puerta es 4471", "het hek is 4471 voorlopig". A round
# number is a price or a size ("the garage is 2500 a month"), a gate's like a clock's time may be a boarding
# time ("tell him the gate is 1045"), and a capitalised word after it makes it an address ("the gate is 4471
# Main Road").
_LOCK_IS = lazy_pattern(
    r"""(?<![^\W_])(?:door|gate|garage|keypad|safe|lockbox|padlock|porte|portail|puerta|port[óo]n|garaje|cancello
    |portone|deur|hek|poort|port[ãa]o|garagem|tür|tor|garagentor)(?:['’]s|[ ](?:is|ist|es|est|è|é))[ ]
    (?P<pin>\d{4,8})(?![\w.,:/-]*\d|[^\W\d_])""",
    re.IGNORECASE | re.VERBOSE,
)
_TOLD_OR_FOR_NOW = lazy_pattern(
    r"""(?<![^\W_])(?:tell|text|sag|sagst|dis|dile|dígale|di|d[ìi]|diz|zeg|for[ ]now|change[ ]it|vorerst|erstmal
    |pour[ ]l['’]instant|por[ ]ahora|per[ ]ora|voorlopig|por[ ]enquanto)(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)

_SIZE_OR_PRICE_AFTER = lazy_pattern(
    r"""\s*(?:sq|square|m2|m²|ft|feet|foot|mm|cm|metres?|meters?|kg|euros?|€|\$|£|dollars?|pounds?|a[ ]month|per
    |x[ ]?\d)(?![^\W_])|[ ](?-i:[A-Z])""",
    re.IGNORECASE | re.VERBOSE,
)

# Cheap to look for: every match of `_LOCK_IS` holds one of these.
_DOOR_WORDS = ("door", "gate", "garag", "keypad", "safe", "lockbox", "padlock", "port", "puerta", "cancello", "deur")
_DOOR_WORDS_TOO = ("hek", "poort", "tür", "tor")


def _lock_is_told(text: str) -> bool:
    return any(
        _no_year(match["pin"])
        and not match["pin"].endswith("00")
        and not (match.group().casefold().startswith("gate") and _CLOCK_TIME.fullmatch(match["pin"]))
        and _SIZE_OR_PRICE_AFTER.match(text, match.end()) is None
        and _TOLD_OR_FOR_NOW.search(text) is not None
        for match in _LOCK_IS.finditer(text)
    )


# A combination's word and its numbers one by one, spaced as a dial's, as "3-8-6" is read after it: "the tool
# chest combination is 5 1 9, spanners inside", "combinación del baúl: 7 2 4", perhaps after what it opens in up
# to three words; the digits end their clause. Not a lottery's ("the winning combination is 3 8 6, we lost").
_SPACED_COMBINATION = lazy_pattern(
    rf"""(?<![^\W_])(?:{vocabulary.COMBINATION_WORDS})(?![^\W_])
    (?:[ ](?:of|for|on|to|del|de|della|dello|du|des|vom|von|van|do|da|dos|das|voor)(?:[ ][^\W\d_]+){{1,3}})?
    (?:[ ](?:is|was|ist|war|es|era|est|[ée]tait|c['’]est|è|é|is|zijn))?[ ]?:?[ ]
    (?P<pin>\d(?:[ ]\d){{2,7}})(?![ ]?\d)(?=[ ]*(?:[.,;!?)\n]|$))""",
    re.IGNORECASE | re.VERBOSE,
)
_A_DRAW = lazy_pattern(
    r"(?<![^\W_])(?:winning|lucky|lottery|lotto|loter[ií]a|jackpot|gewinn\w*|gagnante?|ganadora|vincente|premiad[ao])",
    re.IGNORECASE,
)
_COMBINATION_GATE = (
    "combin",
    "kombin",
    "combo",
    "padlock",
    "cadenas",
    "candado",
    "lucchett",
    "cadead",
    "hangslot",
    "schlo",
)


def _spaced_combination(text: str) -> bool:
    return any(
        _A_DRAW.search(clause_before(text, match.start()) + match.group()) is None
        for match in _SPACED_COMBINATION.finditer(text)
    )


# Or the code first, a dash, then that it is the code of what it opens: "7319 – das ist der Code vom BtM-Schrank im
# Kreißsaal", "4471 - that's the code for the side gate", "2280 — c'est le code du local vélos".
_CODE_THEN_WHAT_IT_OPENS = lazy_pattern(
    r"""(?<![\w.,:/-])(?P<pin>\d{4,8})[ ]*[–—-][ ]*(?:das[ ]ist|that['’]s|that[ ]is|it['’]s|c['’]est|es|è|é|dat[ ]is
    |isso[ ]é)[ ](?:der|the|le|el|il|de|het|o|la)[ ](?:code|pin|c[oó]digo|codice|pincode)[ ]
    (?P<what>[^.;!?\n]{3,60})""",
    re.IGNORECASE | re.VERBOSE,
)


def lock_code(text: str) -> bool:
    """Whether `text` says a lock's code on its line after the code's word and what it opens and a colon, or before a
    dash and that it is the code of what it opens, the number a combination lock is set to, the number that is what
    opens a locked thing, or the number and what it does to it ("... it's 4471 to disarm")."""
    for match in _CODE_ON_ITS_LINE.finditer(text) if ":" in text and A_CODE_WORD.search(text) else ():
        head = match["head"]
        if names_a_locked_thing_in(head) and not NOT_A_LOCK_CODE.search(head):
            return True
    if "alarm" in text.casefold() and _code_then_alarm(text):
        return True
    if any(
        _no_year(match["pin"]) and names_a_locked_thing_in(match["what"])
        for match in (_CODE_THEN_WHAT_IT_OPENS.finditer(text) if "–" in text or "-" in text or "—" in text else ())
    ):
        return True
    has_a_lock = _A_LOCK.search(text) is not None  # looked for once: its pattern is read at every letter
    if has_a_lock and _LOCK_SET_TO.search(text) is not None:
        return True
    if has_a_lock and any(
        _no_year(match["pin"]) and not HUNDREDS.fullmatch(match["pin"]) for match in _LOCK_PUT.finditer(text)
    ):
        return True
    if any(map(text.casefold().__contains__, _LOCKER_GATE)) and any(
        _no_year(match["pin"]) and not HUNDREDS.fullmatch(match["pin"])
        for pattern in (_LOCKER_CODE, _LOCKER_SAID_CODE, _KEY_BOX_THEN_CODE)
        for match in pattern.finditer(text)
    ):
        return True
    if any(map(text.casefold().__contains__, _LOCKER_GATE)) and any(
        _no_year(match["pin"]) for match in _LOCKER_THEN_PADLOCK.finditer(text)
    ):
        return True
    if any(map(text.casefold().__contains__, _CLOSED_GATE)) and _closed_where_code(text):
        return True
    if any(map(text.casefold().__contains__, (*_TURN_WORDS, *_TURN_WORDS_TOO))) and _dial_after_its_lock(text):
        return True
    if any(map(text.casefold().__contains__, _COMBINATION_GATE)) and _spaced_combination(text):
        return True
    return (
        _what_opens(text)
        or _code_to_open(text)
        or code_said_short(text, has_a_lock)
        or _typed_at_a_lock(text)
        or (any(map(text.casefold().__contains__, (*_DOOR_WORDS, *_DOOR_WORDS_TOO))) and _lock_is_told(text))
    )
