"""Identity and tax numbers of Central, Eastern and South-Eastern Europe, their checks and labels: Poland's PESEL (a
birth date, the month telling the century, and a check digit weighted 1, 3, 7, 9), the Czech and Slovak rodné
číslo (a birth date, the month telling the sex, the whole a multiple of 11), Romania's CNP (the sex and century,
a birth date, a county and a mod 11 check digit), Bulgaria's EGN (a birth date, the month telling the century,
and a mod 11 check digit), Croatia's OIB (ISO 7064's mod 11, 10 check digit, after its name), the master citizen
number of the former Yugoslavia, Slovenia's EMŠO and Serbia's, Bosnia's, Montenegro's and North Macedonia's JMBG
(a birth date, a region and a mod 11 check digit), Hungary's social security (TAJ) number and tax identification
number (adóazonosító jel, their check digits, after their names) and Greece's social security number (AMKA, a
birth date and Luhn's check digit) and tax number (AFM, its check digit, after its name), a Russian person's
taxpayer number (ИНН: twelve digits, two check digits) and insurance account number (СНИЛС: its check of two
digits, further on only as its card prints it), and a Ukrainian person's taxpayer number (РНОКПП or ІПН: a birth
date as days since 1899 and a check digit, after its name) and Moldova's state identification number of a person
(IDNP: its check digit, after its name); and right after their names, in the shapes only they have and with no
published check, Georgia's personal number and Belarus's identification number (a birth date, a region's letter
and two letters)."""

from __future__ import annotations

from datetime import date, timedelta

from personakit_plugin.default_plugins.secrets.cards import luhn_valid
from personakit_plugin.default_plugins.secrets.number_labels import (
    Family,
    digits_of,
    label,
    local_label,
    mod_11_10_valid,
    real_date,
    short_year_date,
    value,
    weighted_sum,
)


def _not_repeated(digits: str) -> bool:
    """Not one digit said over and over, as examples are ("000 000 000")."""
    return len(set(digits)) > 1


def pesel_valid(value: str) -> bool:
    """A Polish PESEL: the birth date as YYMMDD, the month plus 80 for the 1800s, 20 for the 2000s (40 and 60
    for the centuries after), four digits and a check digit, ten less the last digit of the ten weighted 1, 3,
    7, 9, 1, 3, 7, 9, 1, 3."""
    digits = digits_of(value)
    if len(digits) != 11:
        return False
    month = int(digits[2:4])
    century = {0: 1900, 1: 2000, 2: 2100, 3: 2200, 4: 1800}[month // 20]
    if not real_date(century + int(digits[:2]), month % 20, int(digits[4:6])):
        return False
    return (10 - weighted_sum(digits[:10], (1, 3, 7, 9, 1, 3, 7, 9, 1, 3)) % 10) % 10 == int(digits[10])


PL_PESEL = Family(
    "pl-pesel",
    label(r"pesel(?:u|em|a)?(?:[ ](?:nr|numer))?|(?:numer|nr\.?)[ ]pesel(?:u)?"),
    value(r"(?<![\d-])\d{11}"),
    pesel_valid,
    ("pesel",),
    pesel_valid,
)


def pl_id_card_valid(value: str) -> bool:
    """A Polish identity card's number (dowód osobisty): three letters of the series and six digits, the first
    digit a check, the letters read as 10 to 35 and all weighted 7, 3, 1, 9, 7, 3, 1, 7, 3, the sum a multiple
    of 10."""
    compact = value.replace(" ", "").upper()
    if len(compact) != 9 or len(set(compact[3:])) == 1:
        return False
    values = [int(ch, 36) for ch in compact]
    return weighted_sum(values, (7, 3, 1, 9, 7, 3, 1, 7, 3)) % 10 == 0


# As the card prints it, three capitals and six digits, after the card's name and perhaps what says it is written
# there: "numer dowodu ABA 300000", "auf meinem dowód steht ABA300000". Its check passes one in ten, so only there.
PL_ID_CARD = Family(
    "pl-id-card",
    local_label(
        r"""dow[oó]d(?:[ ]osobisty|u(?:[ ]osobistego)?)?|numer[ ]dowodu(?:[ ]osobistego)?
        |polish[ ]id[ ]card(?:[ ]number)?""",
        "to|ma|nr|numer|steht|hat|is|has|:",
    ),
    value(r"(?<![\w-])[A-Z]{3}[ ]?\d{6}"),
    pl_id_card_valid,
    ("dowód", "dowod", "polish id"),
)


def rodne_cislo_valid(value: str) -> bool:
    """A Czech or Slovak rodné číslo of ten digits (since 1954): the birth date as YYMMDD, the month plus 50 for
    a woman (plus 20 or 70 where a day's numbers ran out, since 2004), four digits, the whole a multiple of 11
    (or, in a few before 1986, the nine first leaving 10 and the last 0)."""
    digits = digits_of(value)
    if len(digits) != 10:
        return False
    yy, month, day = int(digits[:2]), int(digits[2:4]), int(digits[4:6])
    if month > 70:
        month -= 70
    elif month > 50:
        month -= 50
    elif month > 20:
        month -= 20
    if not real_date((1900 if yy >= 54 else 2000) + yy, month, day):
        return False
    return int(digits) % 11 == 0 or (int(digits[:9]) % 11 == 10 and digits[9] == "0")


# Ten digits, a slash before the last four perhaps: "rodné číslo 900512/1237".
CZ_SK_RODNE_CISLO = Family(
    "cz-sk-rodne-cislo",
    # Or the insured person's number on a Czech health insurance card, which is the holder's birth number.
    label(
        r"""rodn(?:é|e|ého|eho)[ ](?:číslo|cislo|čísla|cisla|čís\.?)|(?-i:RČ|R\.Č\.|r\.č\.)|birth[ ]number
        |č[ií]slo[ ]poji[šs]t[ěe]nce"""
    ),
    value(r"(?<![\d/-])\d{6}/?\d{4}"),
    rodne_cislo_valid,
    ("rodn", "birth number", "pojištěnce", "pojistence"),
    rodne_cislo_valid,
    ("RČ", "R.Č.", "r.č."),
)

_CNP_WEIGHTS = (2, 7, 9, 1, 4, 6, 3, 5, 8, 2, 7, 9)
_CNP_CENTURIES = {"1": 1900, "2": 1900, "3": 1800, "4": 1800, "5": 2000, "6": 2000, "7": 1900, "8": 1900, "9": 1900}


def cnp_valid(value: str) -> bool:
    """A Romanian CNP: the sex and century (1 to 6; 7 to 9 a foreign resident's), the birth date as YYMMDD, the
    county of registration (01 to 48, 51, 52, 70, 80 to 83), three digits and a check digit, the twelve
    weighted 2, 7, 9, 1, 4, 6, 3, 5, 8, 2, 7, 9, their remainder by 11 (10 giving 1)."""
    digits = digits_of(value)
    if len(digits) != 13 or digits[0] == "0":
        return False
    if not real_date(_CNP_CENTURIES[digits[0]] + int(digits[1:3]), int(digits[3:5]), int(digits[5:7])):
        return False
    county = int(digits[7:9])
    if not (1 <= county <= 48 or county in (51, 52, 70, 80, 81, 82, 83)):
        return False
    check = weighted_sum(digits[:12], _CNP_WEIGHTS) % 11
    return (1 if check == 10 else check) == int(digits[12])


RO_CNP = Family(
    "ro-cnp",
    label(r"cnp(?:-?ul)?|cod(?:ul)?[ ]numeric[ ]personal"),
    value(r"(?<![\d-])[1-9]\d{12}"),
    cnp_valid,
    ("cnp", "numeric personal"),
    cnp_valid,
)


def egn_valid(value: str) -> bool:
    """A Bulgarian EGN: the birth date as YYMMDD, the month plus 20 for the 1800s and 40 for the 2000s, three
    digits and a check digit, the nine weighted 2, 4, 8, 5, 10, 9, 7, 3, 6, their remainder by 11 (10 giving
    0)."""
    digits = digits_of(value)
    if len(digits) != 10:
        return False
    month = int(digits[2:4])
    added = 40 if month > 40 else 20 if month > 20 else 0
    century = {0: 1900, 20: 1800, 40: 2000}[added]
    if not real_date(century + int(digits[:2]), month - added, int(digits[4:6])):
        return False
    return weighted_sum(digits[:9], (2, 4, 8, 5, 10, 9, 7, 3, 6)) % 11 % 10 == int(digits[9])


BG_EGN = Family(
    "bg-egn",
    label(r"егн(?:-то)?|egn|единен[ ]граждански[ ]номер"),
    value(r"(?<![\d-])\d{10}"),
    egn_valid,
    ("егн", "egn", "граждански номер"),
    egn_valid,
)


def oib_valid(value: str) -> bool:
    """A Croatian OIB: eleven digits, the last ISO 7064's mod 11, 10 check digit of the ten before, not one digit
    repeated."""
    digits = digits_of(value)
    if len(digits) != 11 or not _not_repeated(digits):
        return False
    return mod_11_10_valid(digits)


# Firms have an OIB too, printed on their invoices: only right after its name, not after a firm's ("Zagreb
# d.o.o., OIB: ..."), so that "OIB tvrtke" ("the company's OIB") is no label with its value.
HR_OIB = Family(
    "hr-oib",
    local_label(
        r"(?<!d\.o\.o\.[ ])(?<!d\.o\.o\.,[ ])(?<!d\.d\.,[ ])(?-i:OIB)|oib-?a|osobni[ ]identifikacijski[ ]broj",
        "je|mi[ ]je|moj|mi",
    ),
    value(r"(?<![\d-])\d{11}"),
    oib_valid,
    ("oib", "identifikacijski broj"),
)


def jmbg_valid(value: str) -> bool:
    """A master citizen number of the former Yugoslavia (Slovenia's EMŠO, the JMBG of Serbia, Bosnia and
    Herzegovina, Montenegro and North Macedonia): the birth date as DDMMYYY (the year's last three digits), the
    region of birth, three digits and a check digit, 11 less the twelve weighted 7, 6, 5, 4, 3, 2, 7, 6, 5, 4,
    3, 2 by 11 (10 or 11 giving 0)."""
    digits = digits_of(value)
    if len(digits) != 13:
        return False
    yyy = int(digits[4:7])
    if not real_date((1000 if yyy >= 800 else 2000) + yyy, int(digits[2:4]), int(digits[:2])):
        return False
    check = 11 - weighted_sum(digits[:12], (7, 6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2)) % 11
    return (0 if check >= 10 else check) == int(digits[12])


YU_JMBG = Family(
    "yu-jmbg",
    label(
        r"""jmbg(?:-?a|-?om)?|јмбг|ембг|embg|em[šs]o|jedinstveni[ ]matični[ ]broj(?:[ ]građana)?|matičn(?:i|a)[ ]
        (?:broj|številka)|единствен[ ]матичен[ ]број"""
    ),
    value(r"(?<![\d-])\d{13}"),
    jmbg_valid,
    ("jmbg", "јмбг", "ембг", "embg", "emšo", "emso", "matičn", "матичен"),
    jmbg_valid,
)


def taj_valid(value: str) -> bool:
    """A Hungarian social security (TAJ) number: nine digits, the last the last digit of the eight before
    weighted 3, 7, 3, 7, 3, 7, 3, 7, not one digit repeated."""
    digits = digits_of(value)
    return (
        len(digits) == 9
        and _not_repeated(digits)
        and weighted_sum(digits[:8], (3, 7, 3, 7, 3, 7, 3, 7)) % 10 == int(digits[8])
    )


# Nine digits in threes or one run, right after its name: "TAJ számom 123 456 788".
HU_TAJ = Family(
    "hu-taj",
    label(r"(?-i:TAJ)(?:[ -]?(?:szám(?:om|a|át|omat)?|kártya))?|taj[ -]?szám\w*|társadalombiztosítási[ ]azonosító\w*"),
    value(r"(?<![\d-])\d{3}([ -]?)\d{3}\1\d{3}"),
    taj_valid,
    ("taj", "társadalombiztosítási"),
)


def hu_tax_id_valid(value: str) -> bool:
    """A Hungarian person's tax identification number (adóazonosító jel): ten digits, 8 first, then the days
    from 1 January 1867 to the birth date, three digits and a check digit, the nine weighted 1 to 9 by 11."""
    digits = digits_of(value)
    return len(digits) == 10 and digits[0] == "8" and weighted_sum(digits[:9], range(1, 10)) % 11 == int(digits[9])


# A person's, not a firm's adószám (eleven digits in three groups, printed on invoices): right after its name.
HU_TAX_ID = Family(
    "hu-tax-id",
    local_label(r"adóazonosító(?:[ ]jel\w*|m|ja|t)?|adoazonosito(?:[ ]jel)?", "a|az|:"),
    value(r"(?<![\d-])8\d{9}"),
    hu_tax_id_valid,
    ("adóazonosító", "adoazonosito"),
)


def amka_valid(value: str) -> bool:
    """A Greek social security number (AMKA): the birth date as DDMMYY, five digits, the last Luhn's check
    digit."""
    digits = digits_of(value)
    if len(digits) != 11:
        return False
    day, month, yy = int(digits[:2]), int(digits[2:4]), int(digits[4:6])
    return short_year_date(yy, month, day) and luhn_valid(digits)


GR_AMKA = Family(
    "gr-amka",
    label(r"amka|αμκα|α\.μ\.κ\.α\.?|αριθμός[ ]μητρώου[ ]κοινωνικής[ ]ασφάλισης"),
    value(r"(?<![\d-])\d{11}"),
    amka_valid,
    ("amka", "αμκα", "α.μ.κ.α", "μητρώου κοινωνικής"),
    amka_valid,
)


def afm_valid(value: str) -> bool:
    """A Greek tax number (AFM): nine digits, the last the eight before weighted 256, 128, ..., 2, by 11, by
    10, not one digit repeated."""
    digits = digits_of(value)
    return (
        len(digits) == 9
        and _not_repeated(digits)
        and weighted_sum(digits[:8], (256, 128, 64, 32, 16, 8, 4, 2)) % 11 % 10 == int(digits[8])
    )


# Firms have an AFM too: only right after its name, the owner's word perhaps before it ("το ΑΦΜ μου είναι").
GR_AFM = Family(
    "gr-afm",
    local_label(r"αφμ|α\.φ\.μ\.?|(?-i:AFM)|αριθμός[ ]φορολογικού[ ]μητρώου", "μου(?:[ ]είναι)?|είναι"),
    value(r"(?<![\d-])\d{9}"),
    afm_valid,
    ("αφμ", "α.φ.μ", "afm", "φορολογικού μητρώου"),
)


_RU_INN_WEIGHTS = (3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8)


def ru_inn_valid(value: str) -> bool:
    """A Russian person's taxpayer number (ИНН): twelve digits, the eleventh the ten before weighted 7, 2, 4, 10,
    3, 5, 9, 4, 6, 8, by 11 and by 10, the twelfth the eleven before weighted 3, 7, 2, ... the same way; a
    firm's has ten digits and is no person's."""
    digits = digits_of(value)
    if len(digits) != 12 or not _not_repeated(digits):
        return False
    if weighted_sum(digits[:10], _RU_INN_WEIGHTS[1:]) % 11 % 10 != int(digits[10]):
        return False
    return weighted_sum(digits[:11], _RU_INN_WEIGHTS) % 11 % 10 == int(digits[11])


RU_INN = Family(
    "ru-inn",
    local_label(
        r"""инн|(?-i:INN)|идентификационный[ ]номер[ ]налогоплательщика|russian[ ](?:tax|taxpayer)[ ](?:id|number)""",
        "мой|моя|у[ ]меня|:|—|is",
    ),
    value(r"(?<![\d-])\d{12}"),
    ru_inn_valid,
    ("инн", "налогоплательщика", "russian tax"),
    ru_inn_valid,
    ("INN",),
)


def snils_valid(value: str) -> bool:
    """A Russian individual insurance account number (СНИЛС): nine digits and a check of two, the nine weighted
    9 down to 1, the sum itself under 100, 00 for 100 or 101, else the sum by 101 (100 written 00); numbers up
    to 001-001-998 have none and are no one's now."""
    digits = digits_of(value)
    if len(digits) != 11 or int(digits[:9]) <= 1001998 or not _not_repeated(digits[:9]):
        return False
    total = weighted_sum(digits[:9], range(9, 0, -1))
    check = total if total < 100 else total % 101 % 100
    return check == int(digits[9:])


def _snils_printed(value: str) -> bool:
    """The shape only a СНИЛС has, as its card prints it: "112-233-445 95"."""
    return value.count("-") == 2


# "112-233-445 95", as its card prints it, or in one run; further on only as printed.
RU_SNILS = Family(
    "ru-snils",
    local_label(
        r"""снилс|(?-i:SNILS)|страховой[ ]номер(?:[ ]индивидуального[ ]лицевого[ ]счёта|[ ]индивидуального[ ]лицевого
        [ ]счета)?|номер[ ]пенсионного[ ](?:свидетельства|страхового[ ]свидетельства)""",
        "мой|моя|у[ ]меня|:|—|is",
    ),
    value(r"(?<![\d-])\d{3}([ -]?)\d{3}\1\d{3}[ -]?\d{2}"),
    snils_valid,
    ("снилс", "snils", "страховой номер", "пенсионного"),
    lambda number: snils_valid(number) and _snils_printed(number),
)

_UA_WEIGHTS = (-1, 5, 7, 9, 4, 6, 10, 5, 7)
_UA_EPOCH = date(1899, 12, 31)


def ua_rnokpp_valid(value: str) -> bool:
    """A Ukrainian person's taxpayer number (РНОКПП, ІПН): ten digits, the first five the birth date as days since
    31 December 1899 (a day past, not today's nor one to come), the tenth the nine before weighted -1, 5, 7, 9,
    4, 6, 10, 5, 7, by 11 and by 10; a firm's (ЄДРПОУ) has eight digits and is no person's."""
    digits = digits_of(value)
    if len(digits) != 10 or not _not_repeated(digits) or int(digits[:5]) == 0:
        return False
    if _UA_EPOCH + timedelta(days=int(digits[:5])) >= date.today():
        return False
    return weighted_sum(digits[:9], _UA_WEIGHTS) % 11 % 10 == int(digits[9])


# Only right after its name: one check digit guards it, and any five digits below today's count make a date.
UA_RNOKPP = Family(
    "ua-rnokpp",
    local_label(
        r"""іпн|рнокпп|(?-i:IPN|RNOKPP)|ідентифікаційн(?:ий|ого)[ ](?:код|номер)|податков(?:ий|ого)[ ]номер
        |реєстраційн(?:ий|ого)[ ]номер[ ]облікової[ ]картки(?:[ ]платника[ ]податків)?|код[ ]платника[ ]податків
        |идентификационный[ ]код|ukrainian[ ](?:tax|taxpayer)[ ](?:id|number)""",
        "мій|моя|мой|у[ ]мене|:|—|це|is",
    ),
    value(r"(?<![\d-])\d{10}"),
    ua_rnokpp_valid,
    ("іпн", "рнокпп", "ідентифікаційн", "податков", "облікової", "платника", "идентификационный код", "ukrainian"),
    None,
    ("IPN", "RNOKPP"),
)


def md_idnp_valid(value: str) -> bool:
    """A Moldovan person's state identification number (IDNP): thirteen digits, 0 or 2 first (a firm's IDNO has
    1), the last the twelve before weighted 7, 3, 1 over and over, by 10."""
    digits = digits_of(value)
    if len(digits) != 13 or digits[0] not in "02" or not _not_repeated(digits[1:]):
        return False
    return weighted_sum(digits[:12], (7, 3, 1) * 4) % 10 == int(digits[12])


# Only right after its name: one check digit guards it.
MD_IDNP = Family(
    "md-idnp",
    local_label(
        r"""(?-i:IDNP)(?:-ul)?|codul[ ](?:personal|IDNP)|cod[ ]personal|num[aă]rul[ ]de[ ]identificare[ ]de[ ]stat
        |moldovan[ ](?:personal|id)[ ](?:code|number)""",
        "meu[ ]este|mea[ ]este|meu|mea|este|e|:|—|мой|is",
    ),
    value(r"(?<![\d-])[02]\d{12}"),
    md_idnp_valid,
    ("cod personal", "codul personal", "codul idnp", "identificare de stat", "moldovan"),
    None,
    ("IDNP",),
)


# Georgia's personal number (პირადი ნომერი): eleven digits; no check is published: only right after its name.
GE_PERSONAL_NUMBER = Family(
    "ge-personal-number",
    local_label(
        r"""პირადი[ ](?:ნომერი|№|no\.?)|პ/ნ|georgian[ ]personal[ ](?:id[ ])?number""",
        "ჩემი|არის|:|—|is",
    ),
    value(r"(?<![\d-])\d{11}"),
    _not_repeated,
    ("პირადი", "პ/ნ", "georgian personal"),
)


def by_identification_number_said(value: str) -> bool:
    """A Belarusian identification number (идентификационный номер, асабісты нумар): the sex and century (1 to
    6), the birth date as DDMMYY, the region's letter, three digits, two letters and a digit; its check is not
    published, so the shape and the date alone are read."""
    century = 1800 + 100 * ((int(value[0]) - 1) // 2)
    return real_date(century + int(value[5:7]), int(value[3:5]), int(value[1:3]))


# Only right after its name, in the shape only it has: "3140585A001PB5".
BY_IDENTIFICATION_NUMBER = Family(
    "by-identification-number",
    local_label(
        r"""идентификационный[ ]номер|личный[ ]номер|ідэнтыфікацыйны[ ]нумар|асабісты[ ]нумар
        |belarusian[ ](?:personal|identification)[ ](?:id[ ])?number""",
        "мой|мой[ ]—|:|—|is",
    ),
    value(r"(?<![\w-])[1-6]\d{6}[ABCEHKMabcehkm]\d{3}(?:PB|BA|BI|pb|ba|bi)\d"),
    by_identification_number_said,
    ("идентификационный номер", "личный номер", "ідэнтыфікацыйны", "асабісты", "belarusian"),
)
