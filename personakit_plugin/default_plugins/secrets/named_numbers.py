"""An identity, tax, social or health number, or a bank account's, after the name people give it, in any
country and with no check to pass.

The families of `numbers` each know one country's number: its label, its shape and, where one is published,
its check. Owners in the many countries none of them knows say their numbers the same way ("my tin 914593472
for the vat", "cnss n° 402400904", "mi cedula 441-600463-3179A", "pass N14397265"). So a value is refused here
for what it is said to be, not for its digits:

- **a personal number's name** (`_ID_NAME`, in the seven languages of the corpora and some others their owners
  mix in: "national id", "id card", "tin", "tax ref", "social security", "voters card", "residence card", "work
  permit", "passport", "pasaporte", "nif", "cnss", "cédula", "dni", "steuer-id", "carta d'identità", "bsn", "my
  id", "voter registration", "vnpf member", "ration card", "tarjeta sanitaria", "kimlik no", "vergi no", "raqam
  watani", "INN" and their like), then at most a number word, a verb or a sign ("no.", "n.", "n°", "is", "c'est
  le", ":"), or one or two words that say whose it is or where it is from, perhaps after "from", "with" or "at"
  and perhaps followed by a number word (`_ID_SAID_OF`: "residence permit eritrea ...", "tin from IRD is ...",
  "carte électeur CENI no ..."), then six digits or more, perhaps with up to three letters before them (capitals
  when a space parts them) or two groups of letters and dashes ("ML-CR-998059"), and one after, not a date;
- **a bank account's name** (`_ACCOUNT_NAME`: "acc", "a/c", "account", "cuenta", "cta", "compte", "conta",
  "konto", "rib", "ccp", ...), then at most two words (the bank's name: "cuenta banesco 0134 ...", perhaps with a
  colon; perhaps the account's kind before them and whose it is after them, "cuenta de ahorros Bancolombia de
  Andrés es la ..."), then eight digits or more that are not two years or a date. An IBAN is left to `ibans`,
  which knows whose account it is.

A value laid out as the number of a family named before it is that family's to judge (`judged_by_its_family`):
a number whose check fails stays stored. Neither is refused where the sentence names another holder or says the
number is public or printed, says it is a phone's, a machine's, an order's or an animal's, or wrong, or an
example (`holders.not_a_persons_own`), or, for an account, that it is for donations, a fund's, a church's, a
school's, a club's, a landlord's or a utility's (`_NOT_OWN_ACCOUNT`).
"""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets.holders import not_a_persons_own
from personakit_plugin.default_plugins.secrets.ibans import published_as_theirs, published_for_gifts
from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
from personakit_plugin.default_plugins.secrets.number_labels import HOLDER, digits_of
from personakit_plugin.default_plugins.secrets.numbers import a_wallets_phone, judged_by_its_family, said_of

# Six digits somewhere: what every value here holds, cheap to look for first. Opening at a digit, so that a search
# is tried from the digits alone: "(?:\D*\d){6}" went to the end from every character of a long text of few digits.
_SIX_DIGITS = lazy_pattern(r"\d(?:\D*\d){5}")

# The names of a person's own numbers, in the corpora's seven languages; a travel pass and a council's tax
# reference are no identity.
_ID_NAME = r"""
    national[ ]?id(?:entity)?(?:[ ]card)?|nat(?:ional)?[ ]reg(?:istration)?|id[ -]?card|identity[ ]card
    |id[ ](?:no\.?|number|nr\.?)|civil[ ]id|personal[ ](?:id|number|no\.?|code)
    |tin|tpin|(?<!council[ ])tax[ ](?:id|number|no\.?|ref(?:erence)?|file|card)|taxpayer(?:[ ](?:id|number|no\.?))?
    |(?:tax(?:payer)?|personal|national)[ ]identification(?:[ ](?:number|no\.?|code))?
    |social[ ](?:security|insurance)(?:[ ](?:number|no\.?|card))?|national[ ]insurance(?:[ ](?:number|no\.?))?
    |ni[ ]number|nis|nin|nic|cnic|cni|nid|voters?['’]?[ ]card|voter[ ]id(?:[ ]\((?-i:EPIC)\))?
    |voter[ ]reg(?:istration)?(?:[ ]card)?|(?-i:EPIC)|election[ ]card|electoral[ ]card
    |pag[ -]?ibig(?:[ ]mid)?|(?-i:SIRB|sirb)|seaman['’]?s[ ](?:book|identification[ ]and[ ]record[ ]book)
    |(?-i:CMU)|carte[ ]cmu|alberta[ ]health(?:[ ]care)?(?:[ ](?:number|no\.?|card))?|(?-i:AHC|ahc)\#?
    |ssnit(?:[ ](?:number|no\.?))?|health[ ]services?[ ](?:number|no\.?|card)
    |voter[ ]identification(?:[ ](?:number|no\.?))?|pvc[ ]vin|nhif(?:[ ]member)?(?:[ ](?:number|no\.?))?
    |health[ ](?:(?:insurance[ ])?(?:member(?:ship)?|policy)[ ])?(?:number|no\.?)|phin
    |philhealth(?:[ ](?:id|identification|member))?[ ](?:number|no\.?)|philhealth[ ](?:id|pin)
    |philsys(?:[ ]card)?[ ](?:number|no\.?)|philsys[ ]id
    |(?<![\w-])sha[ ](?:member[ ])?(?:number|no\.?)
    |num[ée]ro[ ](?:d['’])?adh[ée]rent(?=[^.\n]{0,60}(?:mutuelle|harmonie|mgen|malakoff|ag2r|macif|maaf|matmut))
    |(?:polisnummer|polisnr\.?)(?=[^.\n]{0,40}(?:zorg|zilveren[ ]kruis|\bcz\b|vgz|menzis|\bdsw\b|ditzo|fbto|onvz
    |anderzorg|univ[ée]))
    |(?:zilveren[ ]kruis|cz|vgz|menzis|dsw|ditzo|fbto|onvz|anderzorg|zorgverzekeraar)[ ](?:polisnummer|polisnr\.?)
    |zorgverzekeringsnummer
    |residen(?:ce|t)[ ](?:card|permit|id)
    |health[ ](?:card|insurance)(?:[ ](?:number|no\.?))?|medical[ ]aid(?:[ ](?:number|no\.?))?
    |insurance[ ](?:number|no\.?)|passport(?:[ ](?:number|no\.?))?|pasaporte|passeport|passaporto|passaporte|paspoort
    |(?:inner|internal)[ ]passport|(?-i:NINA|SNILS)|(?<!holiday[ ])(?-i:INN)|snils
    |kimlik(?:[ ]no)?|vergi[ ](?:no|numaras[ıi])|ehliyet|sosyal[ ]sigorta(?:lar)?
    |ihtiyat[ ]sand[ıi][ğg][ıi](?:[ ][üu]ye)?
    |oturma[ ]izni|[çc]al[ıi][şs]ma[ ]izni|bi?ta[qk]a[ ]shakh?siya|(?:al[ ])?raqa?m[ ](?:al[ ])?watani|hawiy(?:a|eh)
    |n[uú]mero[ ]nacional|carte[ ]de[ ]r[ée]sident|kat[ ]idantifikasyon|aufenthaltserlaubnis|niederlassungserlaubnis
    |cartilla
    |driv(?:ing|er['’]?s)[ ]licen[cs]e(?:[ ](?:number|no\.?))?
    |cni|cnib|carte[ ]d['’]identit[ée]|carte[ ](?:vitale|consulaire|de[ ]s[ée]jour|cnamgs)|num(?:[ée]ro)?[ ]fiscal
    |nif|ifu|cnss|nssf|cnas|cnam|s[ée]cu(?:rit[ée][ ]sociale)?|titre[ ]de[ ]s[ée]jour
    |c[ée]dula|dni|ruc|nit|rif|rtn|curp|nie|cuil|cuit|inss|css|seguro[ ]social|n[uú]mero[ ]de[ ]seguro|carn[ée]t
    |bi|nuit|cpf|niss|cart[aã]o[ ]de[ ]cidad[aã]o|seguran[cç]a[ ]social|cpr|qid
    |personalausweis|ausweis(?:nummer|nr)?|steuer-?id|steuer(?:nummer|nr)|sozialversicherungs(?:nummer|nr)
    |personennummer|personalnummer(?=[ ](?:ist[ ]|:[ ])?\d{8})|aufenthaltskarte|aufenthaltstitel|inlandspass|reisepass
    |(?<!bus[ ])(?<!season[ ])(?<!train[ ])(?<!travel[ ])(?<!ski[ ])(?<!gym[ ])(?<!boarding[ ])(?<!day[ ])
     (?<!rail[ ])(?<!museum[ ])(?<!park[ ])(?<!press[ ])(?<!monthly[ ])pass
    |carta[ ]d['’]identit[àa]|codice[ ]fiscale|tessera[ ]sanitaria|idnp|jmbg|embg|oib|emso|previdenza
    |bsn|burgerservicenummer|persoonsnummer|persoonlijk[ ]nummer|id[ -]?kaart|e-id|(?-i:eID)
    |eid(?=[ ]?(?:kaart|card|karte|carte|nummer|number|(?:nr|no)(?![^\W_])))|identiteitskaart|verblijfskaart
    |verblijfsvergunning|sofinummer|sofi
    |cin|niu|social[ ]card|pension[ ](?:number|no\.?|nr\.?)|utente|tarjeta[ ]sanitaria|cart[ãa]o[ ]de[ ]sa[úu]de
    |(?:[a-z]{0,3}pf|provident[ ]fund|pension[ ]fund)[ ]member(?:ship)?|ration[ ]card|family[ ]book
    |livret[ ]de[ ]famille|(?:nationality|citizenship)[ ]certificate|certificat[ ]de[ ]nationalit[ée]
    |work[ ]permit|werkvergunning|werkvisum
    |arbeitserlaubnis|permesso[ ]di[ ](?:soggiorno|lavoro)|permis[ ]de[ ](?:travail|s[ée]jour|conduire)
    |permiso[ ]de[ ](?:trabajo|residencia)|autoriza[cç][aã]o[ ]de[ ]resid[êe]ncia|t[íi]tulo[ ]de[ ]resid[êe]ncia
    |carte[ ](?:d['’]?)?[ée]lecteur|carte[ ][ée]lectorale|t[íi]tulo[ ]de[ ]eleitor|tarjeta[ ]electoral
    |tessera[ ]elettorale
    |licencia[ ]de[ ]conduci?r|carta[ ]de[ ]condu[cç][aã]o|carteira[ ]de[ ]motorista|f[üu]hrerschein|rijbewijs|patente
    |(?<=my[ ])id|(?<=his[ ])id|(?<=her[ ])id|(?<=['’]s[ ])id|(?<=mein[ ])id|(?<=meine[ ])id|(?<=mon[ ])id|(?<=mi[ ])id
    |(?<=mijn[ ])id|(?<=meu[ ])id|(?<=minha[ ])id
"""
# A number's word: "no.", "n°", "nummer" ...; it may also stand after whose the number is ("carte électeur CENI no").
_NUMBER_WORD = r"""no\.?|nr\.?|n\.|n[°º]|number|numero|n[uú]mero|num[ée]ro|nummer"""
# What may stand between a name and its value: a number word, a verb, a sign.
_BETWEEN = rf"""(?:[ ]?(?:{_NUMBER_WORD}|\#|num|is|es|é|est|è|ist
    |c['’]est(?:[ ]le)?|:|=|-|–|serie/nr|series|card|kaart|karte|carte|tarjeta|numaram|numaras[ıi]))*[ ]?"""
# Six digits or more, in groups or not; up to three letters before them (capitals when a space parts them, "BK
# 00040-..."; else joined, "C950151930", "NP-W4650103", or two groups of them with dashes, "ML-CR-998059", in any
# alphabet, "Çİ215003"), one after, letters inside only before a digit ("5ZK8"): not the words before or after the
# number.
_ID_VALUE = r"""(?P<value>(?<![\w])(?:(?-i:[A-Z]{1,3})[ ]|(?:[^\W\d_]{1,3}-){1,2}|[^\W\d_]{1,3})?(?:[a-z]-?)?
    \d(?:[ ./-]?\d|[a-z]{1,2}(?=\d)){5,24}(?:-?[a-z])?)(?![\w])"""
_ID_SAID = lazy_pattern(rf"(?<![\w])(?:{_ID_NAME})(?![\w]){_BETWEEN}{_ID_VALUE}", re.IGNORECASE | re.VERBOSE)
# Or one or two words between the name and its value, whose number it is or where it is from, perhaps after a
# word that says who holds it ("from", "with", "at"), then perhaps a verb or a sign: "tin da ERS 1514198072", "cpr do
# bahrain é 871632402", "social security anguilla 038906", "NIF de Sékou est 574632519", "tin from IRD is 937526".
# Not a word that says what else is meant (`_NOT_WHOSE`: "office", "renewal", "photo", "fee", a date's words ...).
_WHOSE = rf"""(?:[ ](?P<held>from|with|at|bei|bij|chez|presso|junto[ ]a|met|mit))?
    [ ](?P<first>[^\W\d_][\w'’.-]{{1,20}})
    (?:[ ](?!(?:is|es|est|ist|{_NUMBER_WORD})[ ])(?P<second>[^\W\d_][\w'’.-]{{1,20}}))?
    (?:[ ](?:{_NUMBER_WORD}))?[ ]?(?:(?:is|es|é|est|è|ist|:|=|-)[ ]?(?:(?:el|la|le|il|o|a|het|de|the)[ ])?)?"""
_ID_SAID_OF = lazy_pattern(rf"(?<![\w])(?:{_ID_NAME})(?![\w]){_WHOSE}{_ID_VALUE}", re.IGNORECASE | re.VERBOSE)
_NOT_WHOSE = frozenset(
    """office offices appointment appointments renewal renew renewed form forms photo photos fee fees cost costs
    profesional professional professionnelle
    expires expired expiry valid until since from on at for was were has had will is are be been card cards number
    numbers no nr num the a an and or but with without by to into about after before new old paper digital copy copies
    scan scans printed print online portal website app line hotline phone mobile call tel fax email address desk
    counter queue centre center department ministry bureau agency registry registration application applications
    reference ref receipt receipts invoice invoices document documents documentation fine fines payment payments
    deadline date dates year years month months day days week weeks hour hours minutes""".split()
)

_ACCOUNT_NAME = r"""acc|acct|a/c|ac|account|savings|cuenta|cta|compte|conta|conto|konto|rekeningnummer|rekening[ ]?nr
    |rib|ccp|caja[ ](?:de[ ])?ahorros?"""
_ACCOUNT_WORD = r"""(?:no\.?|nr\.?|n[°º]|number|num|n[uú]mero|num[ée]ro|nummer|is|es|é|est|è|ist|:|=|-)"""
# What kind of account it is, before the bank's name ("cuenta de ahorros Bancolombia", "conta poupança Caixa"); whose
# it is, after it, in a name or two ("... de Andrés es la 428-206073-11", "... de Luis Fernando es ...").
_ACCOUNT_TYPE = r"""(?:[ ](?:de[ ]ahorros?|corriente|de[ ]poupan[çc]a|poupan[çc]a|corrente|courant|d['’][ée]pargne))?"""
_ACCOUNT_SAID = lazy_pattern(
    rf"""(?<![\w])(?:{_ACCOUNT_NAME})(?:[ ]{_ACCOUNT_WORD})*{_ACCOUNT_TYPE}
    (?:[ ](?P<bank>[a-z][\w&.-]{{1,20}}))?(?:[ ](?P<bank2>[a-z][\w&.-]{{1,20}}))?{HOLDER}:?
    (?:[ ]{_ACCOUNT_WORD})*(?:[ ](?:la|el|le|il|a|o))?[ ]
    (?P<value>(?:[a-z]{{1,3}}\d{{0,3}}[ -]?)?\d(?:[ ./-]?\d){{7,29}})(?![\w])""",
    re.IGNORECASE | re.VERBOSE,
)

# An account that is not the owner's own: given out for donations, a fund's, a church's, a club's, a landlord's,
# a council's; read in what is said of the account (`numbers.said_of`), so that "paid the electricity bill, my acc
# 0123456789012 at KCB" stays refused.
_NOT_OWN_ACCOUNT = lazy_pattern(
    r"""council|[öo]ffentlich|openbare|published|printed|donat|spende|doneer|\bdona\b|c[aá]ritas|homepage
    |newsletter|landlord|senhorio|casero|vermieter|verhuurder|propri[ée]taire|colegio|club|verein|school|church
    |kerk|kirche|iglesia|igreja|chiesa|parish|parroquia|\bluz\b|electricity|water[ ]bill""",
    re.IGNORECASE | re.VERBOSE,
)
_IBAN_START = lazy_pattern(r"[a-z]{2}\d\d(?!\d)", re.IGNORECASE)
# A date, its parts set off by dots, slashes or dashes, or by spaces where they read as a day, a month and a year
# ("12 03 2024").
_A_DATE = lazy_pattern(
    r"\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|(?:19|20)\d\d[./-]\d{1,2}[./-]\d{1,2}"
    r"|(?:0?[1-9]|[12]\d|3[01])[ ](?:0?[1-9]|1[0-2])[ ](?:19|20)\d\d"
)
_TWO_YEARS = lazy_pattern(r"(?:19|20)\d\d[ /-](?:19|20)\d\d")
# A French telephone number in its five pairs ("pc sécu 04 91 55 20 18": the security desk's line).
_A_PHONE = lazy_pattern(r"0[1-9](?:[ .]\d\d){4}")


def _one_digit(value: str) -> bool:
    """A run of one digit ("00000000000", "99999999999"): an example, not a number."""
    return len({char for char in value if char.isdigit()}) == 1


def _the_owners(text: str, said: re.Match[str], least: int, *, across_words: bool = False) -> bool:
    """Whether the value `said` found is an owner's number: `least` digits or more, not a date, two years, a French
    telephone number in pairs nor one digit repeated; in a sentence that names no other holder and says it is a
    person's real number; not laid out as a known family's number, whose check has judged it
    (`judged_by_its_family`)."""
    number = said.group("value")
    if (
        len(digits_of(number)) < least
        or _A_DATE.fullmatch(number)
        or _TWO_YEARS.fullmatch(number)
        or _A_PHONE.fullmatch(number)
        or _one_digit(number)
    ):
        return False
    if not_a_persons_own(text, said.start(), said.end(), text[said.start() : said.start("value")]):
        return False
    return not judged_by_its_family(text, said.start("value"), across_words=across_words)


# Words that join, and alone say nothing of whose a number is: "cédula del 12345678" is no one's.
_JOINING = frozenset("de del da do di du des della dello van von der den het la le el il lo os as of my mi".split())


def _whose(said: re.Match[str]) -> bool:
    """Whether the words between a name and its value say whose it is or where from (one of them more than a word
    that joins), not what else is meant."""
    words = [word.casefold().strip(".") for word in (said["first"], said["second"]) if word is not None]
    return not any(word in _NOT_WHOSE for word in words) and any(word not in _JOINING for word in words)


def personal_number_said(text: str) -> bool:
    """Whether `text` (normalised) gives a personal number after its name, the owner's own, perhaps with whose it
    is between them."""
    if not _SIX_DIGITS.search(text):
        return False
    if any(_the_owners(text, said, 6) for said in _ID_SAID.finditer(text)):
        return True
    return any(_whose(said) and _the_owners(text, said, 6, across_words=True) for said in _ID_SAID_OF.finditer(text))


def _an_iban(said: re.Match[str]) -> bool:
    """Whether an account's value, or a word before it, opens as an IBAN does (`ibans` reads those)."""
    words = (said.group("value"), said.group("bank"), said.group("bank2"))
    return _IBAN_START.match(words[0]) is not None or any(
        word is not None and _IBAN_START.fullmatch(word) for word in words[1:]
    )


def account_number_said(text: str) -> bool:
    """Whether `text` (normalised) gives a bank account's number after its name, the owner's own."""
    if not _SIX_DIGITS.search(text):
        return False
    if published_for_gifts(text) or published_as_theirs(text):
        return False
    return any(
        not _an_iban(said)
        and not _a_meters(said)
        and not a_wallets_phone(said_of(text, said))
        and _NOT_OWN_ACCOUNT.search(said_of(text, said)) is None
        and _the_owners(text, said, 8)
        for said in _ACCOUNT_SAID.finditer(text)
    )


def _a_meters(said: re.Match[str]) -> bool:
    """Whether the account's value is said to be a meter's, as a utility's paybill takes it: "kplc paybill 888880
    account ni meter 37148820013" (Swahili's "ni", is)."""
    return any(word is not None and word.casefold() in ("meter", "mita") for word in (said["bank"], said["bank2"]))
