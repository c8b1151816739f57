"""Secrets told in pieces or in passing: part of a PIN or a password (what it begins or ends with), a
password given as the answer on a chat's next line to a question that names it, a password of digits
after its name, what it is for and a colon, a service's e-mail and on the next line its password, an
account's password in a list, a PIN's or a lock's code after how it is made up ("the alarm is our house
number twice, 4747"), a leaked password to be changed, a network said to be a generated
passphrase ("the wifi at the lake house is maple-orbit-582"), what gets one onto a device ("if you need
to get on my laptop: ..."), and what one types on a device or a network, said so ("what you key in on the
modem is ...").

"Il PIN inizia con 12", "the wifi password begins with Kiwi4": part of a secret is a secret, and the
rest may stand in the quote. "[21:04] Dana: what's the prime video password again / [21:05] me:
Blue.35": the answer stands alone on its line. "mot de passe Crédit Agricole : 917200": a bank's
password of digits. A rule about passwords ("passwords must start with a letter", "my PIN starts with
a zero") gives no piece of one.
"""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets import vocabulary
from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
from personakit_plugin.default_plugins.secrets.lock_codes import NOT_A_LOCK_CODE, names_a_locked_thing_in
from personakit_plugin.default_plugins.secrets.names import Name, names
from personakit_plugin.default_plugins.secrets.pins import UNIT_AFTER
from personakit_plugin.default_plugins.secrets.values import is_credential_value
from personakit_plugin.default_plugins.secrets.years import YEAR

_BEGINS_OR_ENDS = r"""(?:begins|starts|ends|began|started|ended|beginnt|f[äa]ngt|endet|h[öo]rt|inizia|comincia
    |finisce|termina|empieza|comienza|acaba|commence|d[ée]bute|finit|se[ ]termine|come[cç]a|acaba|begint|eindigt)
    [ ](?:with|in|on|mit|auf|con|per|por|en|par|com|met|op|by)[ ]"""
# After the name, a few words at most ("the PIN of my card begins with"), then what it begins or ends with.
_PART = lazy_pattern(
    rf"""[^.!?\n]{{0,30}}?(?<![^\W_])(?:(?:is|ist|è|es|est|é|was)[ ])?{_BEGINS_OR_ENDS}(?P<part>\S+?)(?:[ ]an)?
    (?=[.,;!?)]?(?:\s|$))""",
    re.IGNORECASE | re.VERBOSE,
)
_DIGITS = lazy_pattern(r"\d{2,}")
# A part of a password: letters and a digit ("Kiwi4"), or letters and a sign that words do not hold ("Lark&").
_TYPED_PART = lazy_pattern(r"(?=\S*[^\W\d_])(?=\S*[\d!#$%&*=?@^~|§])\S{4,}")


def _part_told(text: str, name: Name) -> bool:
    match = _PART.match(text, name.end)
    if match is None:
        return False
    part = match["part"].strip("'\"“”‘’")
    if name.kind == "code":
        return _DIGITS.fullmatch(part) is not None
    return name.kind == "password" and _TYPED_PART.fullmatch(part) is not None


# A line of a chat: a time or a speaker before a colon, then what was said.
_CHAT_LINE = lazy_pattern(r"(?:\[[\d:. ]+\]\s*)?[^\W\d_][\w .'-]{0,20}:[ \t]*(?P<said>[^\n]*)")
_QUESTION = lazy_pattern(
    r"""\?|\b(?:what(?:['’]s)?|again|wat|welk|was|wie|quel(?:le)?|c['’]est[ ]quoi|cu[aá]l|qu[eé]|qual|quale|which)\b""",
    re.IGNORECASE | re.VERBOSE,
)
_ANSWER = lazy_pattern(r"(?=\S*[^\W\d_])(?=\S*\d)[^\s]{5,64}")


def _answered(text: str, name: Name, asked: dict[int, bool]) -> bool:
    """A question that names a password on its line, the next line its answer alone after a speaker.
    `asked` keeps, for each line read, whether it asks: a line is read once, however many names it holds."""
    line_start = text.rfind("\n", 0, name.start) + 1
    line_end = text.find("\n", name.end)
    if line_end < 0:
        return False
    if line_start not in asked:
        asked[line_start] = _QUESTION.search(text[line_start:line_end]) is not None
    if not asked[line_start]:
        return False
    next_end = text.find("\n", line_end + 1)
    line = _CHAT_LINE.fullmatch(text[line_end + 1 : next_end if next_end >= 0 else len(text)])
    return line is not None and _ANSWER.fullmatch(line["said"].strip().rstrip(".!")) is not None


# A password of digits after its name, what it is for and a colon: "mot de passe Crédit Agricole : 917200".
_FOR_AND_DIGITS = lazy_pattern(
    r"""(?P<for>(?:[ ][^\W\d_][\w'’-]*){1,3})[ ]?:[ ]*(?P<digits>\d{4,12})(?=[ ]*(?:[.,;!)]|$|\n))""",
    re.IGNORECASE | re.VERBOSE,
)


def _digits_after(text: str, name: Name) -> bool:
    match = _FOR_AND_DIGITS.match(text, name.end)
    if match is None or NOT_A_LOCK_CODE.search(match["for"]) or YEAR.fullmatch(match["digits"]):
        return False
    return UNIT_AFTER.match(text, match.end()) is None


# A list under a header that names credentials or accounts, an item a service and its password, or its
# user and password: "Zugangsdaten:\n- Stadtwerke: kunde4711 / tulip42?", "cuentas:\n* Spotify → fuchs21?".
_HEADER = lazy_pattern(
    r"""(?:^|\n)[ \t]*(?:(?:my|our|meine|unsere|mis|mes|nos|i[ ]miei|le[ ]mie|os[ ]meus|as[ ]minhas|mijn|onze)[ ])?
    (?:credentials|creds|logins?|accounts|passwords|zugangsdaten|anmeldedaten|konten|passw[öo]rter|cuentas|accesos
    |contrase[ñn]as|credenciales|comptes|identifiants|mots[ ]de[ ]passe|credenziali|account|accessi|contas|acessos
    |credenciais|senhas|inloggegevens|wachtwoorden)[ \t]*:[ \t]*(?=\n)""",
    re.IGNORECASE | re.VERBOSE,
)
_ITEM = lazy_pattern(r"[ \t]*[-*•][ \t]*[^\n:→]{1,30}?[ \t]*(?::|→|->|=)[ \t]*(?P<value>[^\n]*)")


def _listed_under_a_header(text: str) -> bool:
    for header in _HEADER.finditer(text):
        for line in text[header.end() + 1 :].split("\n"):
            item = _ITEM.fullmatch(line)
            if item is None:
                break
            value = item["value"].split(" / ")[-1].strip()
            if " " not in value and is_credential_value(value, min_length=8):
                return True
    return False


# In any list of services, an item whose value is a word, a number and letters, as passwords are made
# ("- Enel: Papillon3575GAT"): a capitalised word of five letters or more, three digits or more, then
# letters; not a product's name ("FritzBox7590", "iPhone15Pro", "Golf2019GTI").
_WORD_NUMBER_LETTERS = lazy_pattern(r"[A-ZÀ-Þ][a-zß-ÿ]{4,}\d{3,}[A-Za-z]{2,}[!?#$%&*]?")


def _listed_password(text: str) -> bool:
    items = [item for line in text.split("\n") if (item := _ITEM.fullmatch(line))]
    return len(items) >= 2 and any(_WORD_NUMBER_LETTERS.fullmatch(item["value"].strip()) for item in items)


# An account named in a list's item, and a value alone after its colon with both cases and a digit, as
# passwords are and account numbers, addresses and names are not: "- account Fnac: Tulipe42!", "• Konto
# Post: Regen77Wald".
_ACCOUNT_ITEM = lazy_pattern(
    r"""(?:^|\n)[ \t]*[-*•][ \t]*(?:(?:my|mon|mein|mi|il[ ]mio|o[ ]meu|mijn)[ ])?(?:accounts?|comptes?|konto|cuenta
    |conto|conta|account)(?:[ ][^\s:]{1,20}){0,3}[ \t]*:[ \t]*(?P<value>\S+)[ \t]*(?=\n|$)""",
    re.IGNORECASE | re.VERBOSE,
)


def _password_like(value: str) -> bool:
    """Both cases and a digit, as passwords are and account numbers, addresses and names are not, in a
    value that could be a credential at all (`is_credential_value`, eight characters or more)."""
    cased = any(ch.islower() for ch in value) and any(ch.isupper() for ch in value)
    return cased and any(ch.isdigit() for ch in value) and is_credential_value(value, min_length=8)


def _account_password_listed(text: str) -> bool:
    return any(_password_like(item["value"]) for item in _ACCOUNT_ITEM.finditer(text))


# The rest of a code, or its last or first digits: "and the rest of the garage code is 82", "der Rest vom
# Tresorcode ist 19", "le reste du code de la porte est 07", "las dos últimas cifras del PIN son 61".
_REST_OF = lazy_pattern(
    r"""(?<![^\W_])(?:rest|remainder|reste|suite|resto|restante|(?:last|first|final)[ ](?:two|three|four|\d)[ ]digits
    |(?:letzten|ersten)[ ](?:zwei|drei|vier|\d)[ ](?:ziffern|stellen)
    |(?:deux|trois|quatre|\d)[ ](?:derniers|premiers)[ ]chiffres
    |(?:dos|tres|cuatro|\d)[ ](?:últimas|primeras)[ ]cifras|(?:ultime|prime)[ ](?:due|tre|quattro|\d)[ ]cifre
    |(?:dois|tr[êe]s|quatro|\d)[ ](?:últimos|primeiros)[ ]d[íi]gitos
    |(?:laatste|eerste)[ ](?:twee|drie|vier|\d)[ ]cijfers)
    [ ](?:of|vom|von|del|de|du|della|dello|do|da|van)[ ](?P<what>[^.!?\n:]{1,40}?)[ ]
    (?:is|are|ist|sind|lautet|lauten|es|son|est|sont|è|sono|é|são|zijn|was)[ ]:?[ ]?
    (?P<part>\d{2,8})(?![\d.,:/]\d|[^\W\d_])""",
    re.IGNORECASE | re.VERBOSE,
)


# Cheap to look for: every match of `_REST_OF` holds one of these.
_REST_WORDS = ("rest", "remain", "suite", "digits", "ziffern", "stellen", "chiffres", "cifr", "gitos", "cijfers")


def _rest_told(text: str) -> bool:
    folded = text.casefold()
    if not any(map(folded.__contains__, _REST_WORDS)):  # map: no frame per word
        return False
    for match in _REST_OF.finditer(text):
        what = match["what"]
        found = [name for name in names(what) if name.kind in {"password", "code", "generic"}]
        compound = any(  # "Tresorcode", "Garagencode", with a linking n or s
            word.endswith("code") and (names_a_locked_thing_in(word[:-4]) or names_a_locked_thing_in(word[:-5]))
            for word in what.casefold().split()
        )
        if compound or any(name.kind != "generic" or names_a_locked_thing_in(what) for name in found):
            return UNIT_AFTER.match(text, match.end()) is None
    return False


# A table whose header names a password's column, and a row's cell in that column: "| site | user | pw |
# \n|---|---|---|\n| ebay | meg_77 | 0FyitFTxGR |".
_TABLE_RULE = lazy_pattern(r"[\s|:+-]*")


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _in_a_password_column(text: str) -> bool:
    rows = [line for line in text.split("\n") if line.count("|") >= 2 and not _TABLE_RULE.fullmatch(line)]
    for number, header in enumerate(rows[:-1]):
        columns = [i for i, cell in enumerate(_cells(header)) if any(n.kind == "password" for n in names(cell))]
        for row in rows[number + 1 :] if columns else ():
            cells = _cells(row)
            if any(i < len(cells) and is_credential_value(cells[i]) for i in columns):
                return True
    return False


# After a password's recipe, the password itself: "password = dog's name + house number + !, so Biscuit29!".
_SO_VALUE = lazy_pattern(
    r"""[^.\n]{0,80}?,?[ ](?:so|i\.?e\.?|that[ ]is|which[ ]makes|also|d\.[ ]?h\.|alors|donc|c['’]est-[àa]-dire|o[ ]sea
    |es[ ]decir|quindi|cio[èe]|ent[ãa]o|ou[ ]seja|dus|oftewel)[ ,:]+(?P<value>\S+)""",
    re.IGNORECASE | re.VERBOSE,
)


def _value_after_its_recipe(text: str, name: Name) -> bool:
    match = _SO_VALUE.match(text, name.end)
    return match is not None and is_credential_value(match["value"].rstrip(".,;"), min_length=8)


# A PIN's or a lock's code given by how it is made up, then the digits: "the alarm is our house number
# twice, 4747", "my PIN is my birthday backwards, so 1903", "die PIN ist mein Geburtstag umgedreht, also
# 5791", "a senha do cartão é o aniversário dela de trás pra frente, então 3041". The recipe names a date,
# a number of the owner's or a way of turning it; the digits end the sentence or the clause.
_CODE_NAME = lazy_pattern(
    r"""(?<![^\W_])(?:pin|pincode|pin-?code|code|codice|c[oó]digo|combination|alarm|alarme|alarma|allarme
    |alarmanlage|safe|tresor|coffre|cassaforte|cofre|caja[ ]fuerte|kluis|senha[ ]do[ ]cart[ãa]o|nip)(?![^\W_])
    [^.!?\n]{0,40}?(?:(?<![^\W_])(?:is|was|ist|isch|war|est|c['’]est|es|era|è|é|zijn|blijft)|['’]s)(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)
_RECIPE = lazy_pattern(
    r"""(?<![^\W_])(?:birthday|birth[ ]date|date[ ]of[ ]birth|wedding|anniversary|house[ ]number|street[ ]number
    |twice|backwards|reversed|last[ ](?:four|three|two)|first[ ](?:four|three|two)|landline|phone[ ]number
    |geburtstag|geburtsdatum|hochzeit(?:s(?:tag|datum))?|hausnummer|zweimal|umgedreht|rückwärts|verkehrt
    |anniversaire|mariage|num[ée]ro[ ]de[ ]la[ ]maison|deux[ ]fois|[àa][ ]l['’]envers|invers[ée]
    |cumplea[ñn]os|aniversario|boda|n[uú]mero[ ]de[ ]la[ ]casa|dos[ ]veces|al[ ]rev[ée]s
    |compleanno|anniversario|matrimonio|numero[ ]civico|due[ ]volte|al[ ]contrario|invertit[oa]
    |anivers[áa]rio|casamento|n[uú]mero[ ]da[ ]casa|duas[ ]vezes|de[ ]tr[áa]s[ ]pra[ ]frente|ao[ ]contr[áa]rio
    |invertid[oa]|verjaardag|geboortedatum|trouwdag|huisnummer|twee[ ]keer|achterstevoren|omgekeerd)(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)
_RECIPE_DIGITS = lazy_pattern(
    r"""(?:[,:;—–→]|->|(?<![^\W_])(?:so|also|thus|quindi|cio[èe]|ent[ãa]o|donc|alors|dus|entonces|o[ ]sea|d\.[ ]?h\.
    |i\.[ ]?e\.)(?![^\W_]))[ ,:]*(?P<pin>\d{4,8})(?=[ ]*(?:[.,;!?)—–-]|$|\n))""",
    re.IGNORECASE | re.VERBOSE,
)
_RECIPE_REACH = 140
# An alarm clock's time is no code: "the alarm is set for our anniversary, 0700".
_A_CLOCK = lazy_pattern(
    r"""(?<![^\W_])(?:set|goes[ ]off|rings|wakes?|klingelt|gestellt|sonne|r[ée]gl[ée]e?|suena|puesta|suona|impostat[oa]
    |toca|gaat[ ]af|gezet|clock|wecker|r[ée]veil|despertador|sveglia|wekker)(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)


def _code_after_its_recipe(text: str) -> bool:
    if _FOUR_DIGITS.search(text) is None or _RECIPE.search(text) is None:  # few texts have both
        return False
    for name in _CODE_NAME.finditer(text):
        stretch = _SENTENCE.split(text[name.end() : name.end() + _RECIPE_REACH], 1)[0]
        recipe = _RECIPE.search(stretch)
        if recipe is None or _A_CLOCK.compiled.search(text, name.start(), name.end() + recipe.start()):
            continue
        if _RECIPE_DIGITS.search(stretch, recipe.end()) is not None:
            return True
    return False


_SENTENCE = re.compile(r"[.!?](?:\s|$)|\n")
_FOUR_DIGITS = re.compile(r"\d{4}")


# What one types on a device or a network, named as such, then what it is: "what you key in on the modem,
# the long one, it's ...", "das, was man am Laptop eingibt, ist ...", "lo que tecleas en el router es ...".
_TYPED_ON = lazy_pattern(
    r"""(?<![^\W_])(?:(?:what|the[ ]thing|the[ ]one)[ ](?:you|i|we|one)[ ](?:type|enter|put[ ]in|punch[ ]in|key[ ]in)
    |(?:das(?:[ ]ding)?,?[ ](?:das|was)|was)[ ](?:man|du|ich|ihr)[ ](?P<de>[^.;!?\n,]{0,30}?)(?:eintipp(?:t|st|e)
      |eingib(?:t|st)|eingebe)
    |ce[ ]que[ ](?:tu[ ]tapes|l['’]on[ ]tape|on[ ]tape|je[ ]tape|tu[ ]entres|on[ ]entre|on[ ]saisit|tu[ ]saisis)
    |lo[ ]que[ ](?:escribes|tecleas|pones|metes|se[ ]escribe|se[ ]teclea|se[ ]pone)
    |quello[ ]che[ ](?:digiti|scrivi|inserisci|si[ ]digita|metti)|o[ ]que[ ](?:digitas|digita|escreves|se[ ]digita)
    |wat[ ](?:je|jij|ik|men)[ ](?P<nl>[^.;!?\n,]{0,30}?)(?:intypt|invoert|intikt))
    (?P<where>[^.;!?\n]{0,80}?)(?:,|[ ]—|[ ]-)?[ ](?:it['’]s|it[ ]is|that['’]s|is|ist|c['’]est|est|es|è|é)[ ]
    (?P<value>\S+)""",
    re.IGNORECASE | re.VERBOSE,
)
_DEVICE = lazy_pattern(rf"(?<![^\W_])(?:{vocabulary.NETWORK_WORDS})", re.IGNORECASE)
_TYPED_GATE = (
    "type",
    "enter",
    "put in",
    "punch in",
    "key in",
    "tipp",
    "gib",
    "gebe",
    "tape",
    "entre",
    "sais",
    "escrib",
)
_TYPED_GATE_MORE = (
    "tecle",
    "pone",
    "mete",
    "digit",
    "scriv",
    "inserisc",
    "mett",
    "escrev",
    "intypt",
    "invoert",
    "intikt",
)


def typed_on_a_device(text: str) -> bool:
    """Whether `text` gives what one types on a device or a network, named as such, as a credential."""
    folded = text.casefold()
    if not any(map(folded.__contains__, (*_TYPED_GATE, *_TYPED_GATE_MORE))):
        return False
    for match in _TYPED_ON.finditer(text):
        where = " ".join(part for part in (match["de"], match["nl"], match["where"]) if part)
        device = _DEVICE.search(where) is not None or names_a_locked_thing_in(where)
        if device and is_credential_value(match["value"].rstrip(".,;:!?"), min_length=8):
            return True
    return False


# A service's login as people note it, the e-mail on the service's line and the password alone on the
# next: "Spotify: ana@example.net\nKirsche55!". Not a mail's header or a contact's line ("From: ...").
_EMAIL_THEN_LINE = lazy_pattern(
    r"""(?:^|\n)[ \t]*(?!(?:contact|kontakt|e-?mail|mail|from|to|cc|bcc|reply|support|correo|courriel|von|an|de)
    [ \t]*:)[^\W\d_][^\n:]{0,30}:[ \t]*[\w.+-]+@[\w-]+(?:\.[\w-]+)+[ \t]*\n[ \t]*(?P<value>\S+)[ \t]*(?=\n|$)""",
    re.IGNORECASE | re.VERBOSE,
)


def _password_under_an_email(text: str) -> bool:
    if "@" not in text:
        return False
    return any(
        "@" not in match["value"] and ":" not in match["value"] and is_credential_value(match["value"], min_length=8)
        for match in _EMAIL_THEN_LINE.finditer(text)
    )


# A password to be changed because it leaked, given itself: "change Kirsche55! everywhere, it was in that
# leak", "Sonne2020! überall ändern, war im Datenleck". The verb and the value, and a leak named in the
# sentence.
_CHANGE_IT = lazy_pattern(
    r"""(?<![^\W_])(?:change|rotate|replace|(?:ich[ ])?änder[en]?|changer|cambiar|cambia|cambiare|mudar|muda
    |veranderen|wijzig(?:en)?)[ ](?P<value>[^\s,;]+)""",
    re.IGNORECASE | re.VERBOSE,
)
_LEAKED = lazy_pattern(
    r"""(?<![^\W_])(?:breach(?:ed)?|leak(?:ed)?|pwned|hacked|compromised|gehackt|geleakt|datenleck|fuite|piraté
    |filtraci[oó]n|filtrad[oa]|hackead[oa]|violazione|trapelat[oa]|vazad[oa]|vazamento|gelekt|datalek)(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)
# A full stop or a line break ends the sentence: a "!" or "?" may end the password itself.
_SENTENCE_END = lazy_pattern(r"\.(?:\s|$)|\n")


_LEAK_GATE = (
    *("breach", "leak", "pwned", "hack", "compromised", "datenleck", "fuite", "pirat", "filtra", "violazione"),
    *("trapelat", "vazad", "vazamento", "gelekt", "datalek"),
)


def _leaked_password_to_change(text: str) -> bool:
    folded = text.casefold()
    if not any(map(folded.__contains__, _LEAK_GATE)):  # most texts name no leak
        return False
    for sentence in _SENTENCE_END.compiled.split(text):
        if _LEAKED.search(sentence) is None:
            continue
        for match in _CHANGE_IT.finditer(sentence):
            if _password_like(match["value"]):
                return True
    return False


# A network said to be a passphrase of the generated kind, words in lower case joined by hyphens and a
# number: "the wifi at the lake house is maple-orbit-582". A network's name is said with "called" or
# "heißt", and has capitals, a band or a single digit ("Vodafone-4A2C", "home-net-5g").
_NETWORK_IS_A_PASSPHRASE = lazy_pattern(
    r"""(?<![^\W_])(?:wi-?fi|wlan|wireless|r[ée]seau|netzwerk|netwerk|rete|rede)(?:[ ](?:at|in|for|of|im|in[ ]der|bei
    |à|de|du|en|del|della|di|da|do|van|op|bij|dans|a)[ ][^.;!?\n,:]{1,30}?)?[ ](?:is|ist|est|es|è|é|c['’]est)[ ]
    (?P<value>(?-i:[a-z]{3,}(?:-[a-z]{3,}){1,3}-\d{2,4}))(?![\w-])""",
    re.IGNORECASE | re.VERBOSE,
)

# Or a passphrase of words alone, after a network or a password, a word or a place at most between and
# perhaps "is": "the office wifi is gulls-ate-my-lunch", "wifi del laboratorio scalpello-e-mazzuolo",
# "wifi wachtwoord frites_met_mayo", "mail password è vento-marino", or two words about a digit
# ("wifi clientes shampoing4chiens"), which ends its clause. Said of a network, three words or more, two
# of them four letters or more ("the wifi is up-and-running", "wifi is slow-ish" are not); of a password,
# two may do, not an adjective's ("the password must be case-sensitive").
_PASSPHRASE_GATE = ("wifi", "wi-fi", "wlan", "wireless", "réseau", "reseau", "netzwerk", "netwerk", "rete", "rede")
_PLACE = r"""(?:[ ](?:at|in|for|of|on|from|im|in[ ]der|bei|vom|von|für|fürs|à|au|chez|de|du|en|del|della|dello|dal|di
    |da|do|dos|na|no|para|pour|per|van|op|bij|voor|dans|a)[ ][^\s.;!?,:]+(?:[ ][^\s.;!?,:]+)?)?"""
_VERB = r"(?:[ ](?:is|ist|est|es|è|é|was|war|era|c['’]est)|[ ]?:)?"
_WORDS = r"(?P<value>[^\W\d_]+(?:[-_][^\W\d_]+)+|[^\W\d_]{3,}\d{1,3}[^\W\d_]{3,})(?=[.,;!?)]?(?:\n|$)|[.,;!?)]\s)"
_NETWORK_WORDS = lazy_pattern(
    rf"""(?<![^\W_])(?:wi-?fi|wlan|wireless|r[ée]seau|netzwerk|netwerk|rete|rede)(?P<between>{_PLACE}
    |[ ][^\s.;!?,:]+)?{_VERB}[ ]{_WORDS}""",
    re.IGNORECASE | re.VERBOSE,
)
_PASSWORD_WORDS = lazy_pattern(rf"{_PLACE}{_VERB}[ ]{_WORDS}", re.IGNORECASE | re.VERBOSE)
# What names a network rather than keys it: "the wifi name home-sweet-home", "the wifi called ...".
_NAMED = lazy_pattern(
    r"(?<![^\W_])(?:names?|called|ssid|heißt|hei[ßs]t|nom|nombre|nome|naam|heet|chiama|chama|llama|appelle)(?![^\W_])",
    re.IGNORECASE,
)
# Words that join an English or French compound ("state-of-the-art", "work-in-progress", "pomme-de-terre").
_JOINING = frozenset(
    {"of", "the", "in", "and", "to", "or", "a", "an", "on", "by", "at", "for", "out", "up", "off", "down", "over"}
    | {"de", "du", "des", "la", "le", "les", "en", "au", "aux", "à", "sur", "sous"}
)
# The parts of a two-word adjective, which a password is said to be: "case-sensitive", "auto-generated".
_ADJECTIVE_PARTS = frozenset(
    {"case", "auto", "self", "well", "open", "time", "one", "two", "single", "double", "multi", "non", "semi"}
    | {"sensitive", "insensitive", "based", "protected", "generated", "only", "free", "proof", "safe", "ish"}
    | {"specific", "friendly", "enabled", "disabled", "length", "long", "like", "style", "wide", "level"}
    | {"factor", "step", "source", "service", "made", "chosen", "set", "related", "secure"}
)


def _a_passphrase(value: str, parts_needed: int) -> bool:
    if not value.islower():
        return False
    if any(ch.isdigit() for ch in value):  # two words about a digit: "shampoing4chiens"
        return not value.startswith(("wpa", "wep"))
    parts = re.split(r"[-_]", value)
    if len({"-" in value, "_" in value} - {False}) > 1 or len(parts) < parts_needed or parts[0] == parts[-1]:
        return False
    if "-" in value and (_JOINING.intersection(parts) or _ADJECTIVE_PARTS.intersection(parts)):
        return False
    return sum(len(part) >= 4 for part in parts) >= 2


def passphrase_told(text: str) -> bool:
    """Whether `text` gives a network's or a password's passphrase of words: "the office wifi is
    gulls-ate-my-lunch", "mail password è vento-marino"."""
    folded = text.casefold()
    if any(map(folded.__contains__, _PASSPHRASE_GATE)):
        for said in _NETWORK_WORDS.finditer(text):
            if not (said["between"] and _NAMED.search(said["between"])) and _a_passphrase(said["value"], 3):
                return True
    for name in names(text):
        if name.kind in {"password", "netkey"}:
            given = _PASSWORD_WORDS.match(text, name.end)
            if given is not None and not _NAMED.search(given.group()) and _a_passphrase(given["value"], 2):
                return True
    return False


# What gets one onto a device, after the case of needing to, a colon and the value: "if you need to get on
# my laptop: ...", "wenn du an meinen Rechner musst: ...", "als je op mijn laptop moet: ...".
# Read from each colon back: colons are fewer than the words for "if".
_COLON_VALUE = lazy_pattern(r":[ \t]*(?P<value>[^\s,;]+)")
_IF_YOU_NEED_IT = lazy_pattern(
    r"""(?<![^\W_])(?:if|wenn|falls|si|se|als)[ ](?P<what>[^.;!?\n:]{3,50}?)[ ]?$""", re.IGNORECASE | re.VERBOSE
)
_IF_REACH = 60


def _value_if_you_need_it(text: str) -> bool:
    for match in _COLON_VALUE.finditer(text):
        rest = text[match.end() :].lstrip(" \t")
        if rest and rest[0] not in ",;\n":  # the value ends its clause: "... laptop: Chrome128 is on it" does not
            continue
        value = match["value"].rstrip(".!?")
        if not (any(ch.isdigit() for ch in value) and any(ch.isalpha() for ch in value)):
            continue
        case = _IF_YOU_NEED_IT.search(text[max(0, match.start() - _IF_REACH) : match.start()])
        if case and names_a_locked_thing_in(case["what"]) and is_credential_value(value, min_length=8):
            return True
    return False


def told_in_pieces(text: str) -> bool:
    """Whether `text` tells part of a secret, answers a chat's question about one, gives a password of
    digits after its name and what it is for, or a password in a table's column that names it."""
    if _listed_under_a_header(text) or _listed_password(text) or _account_password_listed(text):
        return True
    if _password_under_an_email(text) or _leaked_password_to_change(text):
        return True
    if "-" in text and _NETWORK_IS_A_PASSPHRASE.search(text):
        return True
    if ":" in text and _value_if_you_need_it(text):
        return True
    if "|" in text and _in_a_password_column(text):
        return True
    if _rest_told(text) or _code_after_its_recipe(text):
        return True
    asked: dict[int, bool] = {}
    for name in names(text):
        if name.kind in {"password", "code"} and _part_told(text, name):
            return True
        if name.kind in {"password", "netkey"} and "\n" in text[name.end :] and _answered(text, name, asked):
            return True
        if name.kind == "password" and (_digits_after(text, name) or _value_after_its_recipe(text, name)):
            return True
    return False
