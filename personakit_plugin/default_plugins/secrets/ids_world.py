"""A personal number said by a name any country's may have ("my national ID is ...", "personal number",
"ID number", "social security number"), refused where it has the shape of one country's number whose check
chance rarely passes (a check digit and a birth date, or two check digits): a Swedish personnummer, a Norwegian
fødselsnummer, a Finnish henkilötunnus, an Icelandic kennitala, an Estonian or Lithuanian personal code, a
Latvian personas kods, a Polish PESEL, a Czech or Slovak rodné číslo, a Romanian CNP, a Bulgarian EGN, a master
citizen number of the former Yugoslavia, a Greek AMKA, a Turkish identity number, a Chinese resident identity
card number, a South Korean resident registration number and an Emirates ID."""

from __future__ import annotations

from personakit_plugin.default_plugins.secrets.ids_asia import CN_RESIDENT_ID, KR_RRN
from personakit_plugin.default_plugins.secrets.ids_east_europe import (
    BG_EGN,
    CZ_SK_RODNE_CISLO,
    GR_AMKA,
    PL_PESEL,
    RO_CNP,
    YU_JMBG,
)
from personakit_plugin.default_plugins.secrets.ids_india_africa import OTHER_IDS
from personakit_plugin.default_plugins.secrets.ids_middle_east import AE_EMIRATES_ID, TR_KIMLIK
from personakit_plugin.default_plugins.secrets.ids_nordic_baltic import (
    EE_ISIKUKOOD,
    FI_HETU,
    IS_KENNITALA,
    LV_PERSONAS_KODS,
    NO_FODSELSNUMMER,
    SE_PERSONNUMMER,
)
from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
from personakit_plugin.default_plugins.secrets.number_labels import (
    Family,
    born,
    digits_of,
    label,
    short_year_date,
    value,
)

# In the order they are tried; each with a `far` check.
STRONG_FAMILIES = (
    SE_PERSONNUMMER,
    NO_FODSELSNUMMER,
    FI_HETU,
    IS_KENNITALA,
    EE_ISIKUKOOD,
    LV_PERSONAS_KODS,
    PL_PESEL,
    CZ_SK_RODNE_CISLO,
    RO_CNP,
    BG_EGN,
    YU_JMBG,
    GR_AMKA,
    TR_KIMLIK,
    CN_RESIDENT_ID,
    KR_RRN,
    AE_EMIRATES_ID,
)


def _one_countrys(candidate: str) -> bool:
    for family in STRONG_FAMILIES:
        if family.far is not None and family.value.fullmatch(candidate) and family.far(candidate):
            return True
    return False


def world_personal_number_valid(value: str) -> bool:
    """Digits in one country's shape that pass its strong check; the words after a space are let go one by one
    ("811218-9876 12 times" is "811218-9876")."""
    groups = value.split(" ")
    return any(_one_countrys(" ".join(groups[:end])) for end in range(len(groups), 0, -1))


WORLD_PERSONAL_NUMBER = Family(
    "personal-number",
    label(
        r"""national[ ]id(?:entity|entification)?(?:[ ]card)?(?:[ ](?:number|no\.?|code))?
        |personal[ ](?:id(?:entity|entification)?[ ])?(?:number|code|no\.?)|personal[ ]id
        |"""
        + OTHER_IDS
        + r"""(?:id|identity|identification)[ ](?:number|no\.?|code)
        |social[ ]security[ ](?:number|no\.?)|citizen[ ]id(?:[ ]number)?"""
    ),
    value(r"(?<![\w-])\d(?:[ /+-]?\d){4,17}(?:[-+A-FU-Y]\d{3}[0-9A-Y]|[Xx])?"),
    world_personal_number_valid,
    (
        "national id",
        "personal",
        "id n",
        "identity n",
        "identification n",
        "id code",
        "identity code",
        "identification code",
        "social security",
        "citizen id",
    ),
    world_personal_number_valid,
)


# The ISO 3166 numeric codes of the countries that issue the European Health Insurance Card.
_EHIC_COUNTRIES = frozenset(
    "040 056 100 191 196 203 208 233 246 250 276 300 348 352 372 380 428 438 440 442 470 528 578 616 620 642 703"
    " 705 724 752 756 826".split()
)


def ehic_valid(value: str) -> bool:
    """A European Health Insurance Card's number: up to twenty digits, 80 (health care, in ISO/IEC 7812) and the
    issuing country's numeric code first."""
    digits = digits_of(value)
    return 10 <= len(digits) <= 20 and digits[2:5] in _EHIC_COUNTRIES and len(set(digits[5:])) > 1


# The card's number after its name, or further on in its sentence (80 and a country's code are no chance's):
# "EHIC number 80276001234567890123", "d nummer vo de krankenkassenkarte, 8075 6345 7501 9367 8533", "la tessera
# d'assicurato di Chiara è 8075 ...", "versichertechartenummer 8075 ..." (as Swiss German writes it). An Italian
# "tessera sanitaria" is `IT_HEALTH_CARD`'s, whose check digit is read.
EU_EHIC = Family(
    "eu-ehic",
    label(
        r"""(?-i:EHIC)(?:[ ]card)?(?:[ ](?:number|no\.?|nr\.?|nummer|n[uú]mero|num[ée]ro))?
        |european[ ]health[ ]insurance[ ]card(?:[ ](?:number|no\.?))?
        |krankenkassen-?karten?(?:nummer)?|versicherten?-?(?:karten?|charte)(?:nummer|-?nr\.?)?
        |tessera[ ]d['’]assicurat[oa]|carte[ ]d['’]assur[ée]"""
    ),
    value(r"(?<![\d-])80\d(?:[ ]?\d){7,17}"),
    ehic_valid,
    (
        *(
            "european health insurance card",
            "krankenkassen",
            "versichertenkarte",
            "versichertencharte",
            "versichertecharte",
        ),
        *("versichertenkarten", "assicurat", "carte d"),
    ),
    ehic_valid,
    ("EHIC",),
)


def dated_id_number_valid(value: str) -> bool:
    """Eleven digits that open with a birth date, as Trinidad and Tobago's national ID (YYYYMMDD and three digits)
    and Namibia's (YYMMDD and five digits) do."""
    digits = digits_of(value)
    if len(digits) != 11:
        return False
    if digits[:2] in ("19", "20") and born(int(digits[:4]), int(digits[4:6]), int(digits[6:8])):
        return True
    return short_year_date(int(digits[:2]), int(digits[2:4]), int(digits[4:6]))


# Right after "ID card" or "ID number" alone, the digits in one run, the name opening its line or after whose it
# is: "my ID card is 19900521047"; not an order's or a customer's ID number.
DATED_ID_NUMBER = Family(
    "dated-id-number",
    label(
        r"""(?:(?<![^\n])|(?<=my[ ])|(?<=mein[ ])|(?<=meine[ ])|(?<=mi[ ])|(?<=mon[ ])|(?<=ma[ ])|(?<=mia[ ])
        |(?<=meu[ ])|(?<=minha[ ])|(?<=mijn[ ])|(?<=his[ ])|(?<=her[ ])|(?<=['’]s[ ]))(?-i:ID)
        (?:[ -]card|[ -]?(?:number|nummer|nr\.?|no\.?))(?:[ ](?:number|no\.?))?"""
    ),
    value(r"(?<![\d-])\d{11}"),
    dated_id_number_valid,
    ("id card", "id number", "id-nummer", "id-card", "idnummer", "id nr", "id-nr", "id no"),
)


# The member's number of a national social insurance or pension fund right after the fund's own name, which
# names nothing else a person has a number of: Zambia's NAPSA, Trinidad and Tobago's NIS, El Salvador's ISSS,
# Paraguay's IPS, Morocco's and Cameroon's CNSS, São Tomé's INSS, Macau's FSS, Aruba's AZV card, Japan's pension
# book (nenkin), Uganda's and Kenya's NSSF, PNG's Nambawan Super ("NAPSA number 4029317756", "mi número del IPS
# 0045 2318", "nenkin bangō 1234-567890"). None has a published check: seven to twelve digits in groups, not a
# phone's (0 first and ten digits or more) nor two years ("ISSS 2024-2025").
def social_fund_number_said(value: str) -> bool:
    digits = digits_of(value)
    if not 7 <= len(digits) <= 12 or len(set(digits)) == 1:
        return False
    if digits[0] == "0" and len(digits) >= 10:
        return False
    return _TWO_YEARS.fullmatch(value) is None


_TWO_YEARS = lazy_pattern(r"(?:19|20)\d{2}[ /-](?:19|20)\d{2}")

SOCIAL_FUND_NUMBER = Family(
    "social-fund-number",
    label(
        r"""(?:(?-i:NAPSA|NIS|ISSS|IPS|CNSS|INSS|FSS|AZV|NSSF)|napsa|nenkin|nambawan[ ]super)
        (?:[ ](?:number|no\.?|nr\.?|nro\.?|n[º°]|nummer|n[uú]mero|num[ée]ro|member(?:ship)?|asegurad[oa]|afiliad[oa]
        |matricule|bang[oō]|card|pasje(?:[ ]?nummer)?)){0,2}"""
    ),
    value(r"(?<![\w.,+-])\d(?:[ -]?\d){6,11}"),
    social_fund_number_said,
    ("napsa", "nenkin", "nambawan super"),
    None,
    ("NAPSA", "NIS", "ISSS", "IPS", "CNSS", "INSS", "FSS", "AZV", "NSSF"),
)
