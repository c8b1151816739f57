"""Identity numbers of the Americas, their checks and labels: the US Social Security number, ITIN and employer
identification number (EIN), the US Medicare number (MBI), the Canadian Social Insurance Number, Ontario's
health card (OHIP), Quebec's health card (RAMQ) and driving licence, the Brazilian CPF, RG, driving licence
(CNH) and health card (CNS, the SUS card), the Argentinian CUIL, the Mexican CURP (anywhere, by its shape and
check digit), RFC and social security number (NSS), British Columbia's health number (PHN), other Canadian
provinces' health cards, a Chilean person's RUT or RUN, a Colombian person's NIT, a Peruvian DNI (with its
check) and person's RUC, a Uruguayan cédula, a Cuban identity number (its birth date) and a Jamaican TRN (its
shape, after its name).
"""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets.cards import luhn_valid
from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
from personakit_plugin.default_plugins.secrets.number_labels import (
    TIN_CASED,
    TIN_LABEL,
    TIN_WORDS,
    Family,
    dashed,
    dashed_or_spaced,
    digits_of,
    label,
    lower_case_label,
    lower_case_words,
    real_date,
    value,
    weighted_sum,
)


def itin_valid(value: str) -> bool:
    """A US Individual Taxpayer Identification Number: nine digits, the first 9, the fourth and fifth
    one of the groups the IRS issues (50-65, 70-88, 90-92, 94-99)."""
    digits = digits_of(value)
    if len(digits) != 9 or digits[0] != "9":
        return False
    group = int(digits[3:5])
    return 50 <= group <= 65 or 70 <= group <= 88 or 90 <= group <= 92 or 94 <= group <= 99


def ssn_valid(value: str) -> bool:
    """A US Social Security number as the SSA issues them: no area 000, 666 or 900-999, no group 00, no serial 0000."""
    digits = digits_of(value)
    area, group, serial = digits[:3], digits[3:5], digits[5:]
    return len(digits) == 9 and area not in {"000", "666"} and area[0] != "9" and group != "00" and serial != "0000"


def sin_valid(value: str) -> bool:
    """A Canadian Social Insurance Number: nine digits, not starting with 0 or 8, passing Luhn."""
    digits = digits_of(value)
    if len(digits) != 9 or digits[0] in "08":
        return False
    return luhn_valid(digits)


def cpf_valid(value: str) -> bool:
    """A Brazilian CPF: eleven digits, not one repeated, the last two the mod 11 check digits of those before
    (weights 10 to 2, then 11 to 2)."""
    digits = [int(d) for d in digits_of(value)]
    if len(digits) != 11 or len(set(digits)) == 1:
        return False
    for count in (9, 10):
        total = weighted_sum(digits[:count], range(count + 1, 1, -1))
        if total * 10 % 11 % 10 != digits[count]:
            return False
    return True


def cnh_valid(value: str) -> bool:
    """A Brazilian driving licence (CNH) number: eleven digits, not one repeated, the last two mod 11 check
    digits of the first nine (weights 9 to 1, then 1 to 9, the second less 2 where the first overflowed)."""
    digits = [int(d) for d in digits_of(value)]
    if len(digits) != 11 or len(set(digits)) == 1:
        return False
    first = weighted_sum(digits[:9], range(9, 0, -1)) % 11
    discount = 0
    if first >= 10:
        first, discount = 0, 2
    second = weighted_sum(digits[:9], range(1, 10)) % 11
    second = 0 if second >= 10 else second - discount
    return digits[9] == first and digits[10] == second


def cuil_valid(value: str) -> bool:
    """An Argentinian CUIL, a person's: eleven digits, the first two 20, 23, 24 or 27 (a company's CUIT,
    30 to 34, is public), the last the mod 11 check of those before (weights 5 4 3 2 7 6 5 4 3 2)."""
    digits = [int(d) for d in digits_of(value)]
    if len(digits) != 11 or digits[0] * 10 + digits[1] not in (20, 23, 24, 27):
        return False
    check = 11 - weighted_sum(digits[:10], (5, 4, 3, 2, 7, 6, 5, 4, 3, 2)) % 11
    return {11: 0, 10: 9}.get(check, check) == digits[10]


_EIN_PREFIXES = lazy_pattern(r"0[1-6]|1[0-6]|2[0-7]|[34]\d|5\d|6[0-8]|7[1-7]|8[0-8]|9[0-58-9]")


def ein_valid(value: str) -> bool:
    """A US employer identification number: nine digits, two of a prefix the IRS issues."""
    digits = digits_of(value)
    return len(digits) == 9 and _EIN_PREFIXES.fullmatch(digits[:2]) is not None and len(set(digits)) > 1


US_SSN = Family(
    "us-ssn",
    label(
        r"""ssn|ss\#|social[ ]security(?:[ ]card)?(?:[ ](?:number|no\.?|\#))?|soc\.?[ ]?sec\.?(?:[ ]no\.?)?
        |social(?![ ](?:media|network|networks|worker|workers|club|life|event|events|calendar|skills|studies))|"""
        + TIN_LABEL
    ),
    value(r"(?<![\d-])\d{3}([ -]?)\d{2}\1\d{4}"),
    ssn_valid,
    ("ssn", "ss#", "social", "soc", *TIN_WORDS),
    dashed,
    TIN_CASED,
)


US_ITIN = Family(
    "us-itin",
    label(r"itin|individual[ ]taxpayer[ ]identification(?:[ ]number)?|taxpayer[ ]id(?:[ ]number)?|" + TIN_LABEL),
    value(r"(?<![\d-])9\d{2}([ -]?)\d{2}\1\d{4}"),
    itin_valid,
    ("itin", "taxpayer", *TIN_WORDS),
    dashed,
    TIN_CASED,
)


BR_CPF = Family(
    "br-cpf",
    label(r"cpf|cadastro[ ]de[ ]pessoas?[ ]f[íi]sicas?"),
    value(r"(?<![\d-])\d{3}([ .]?)\d{3}\1\d{3}[ .-]?\d{2}"),
    cpf_valid,
    ("cpf", "cadastro"),
    cpf_valid,
)


# A Brazilian driving licence (Carteira Nacional de Habilitação): eleven digits and their two check digits.
BR_CNH = Family(
    "br-cnh",
    label(r"(?-i:CNH)(?![ ]Industrial)|carteira[ ](?:nacional[ ])?de[ ](?:habilita[cç][aã]o|motorista)"),
    value(r"(?<![\d-])\d{11}"),
    cnh_valid,
    ("cnh", "carteira"),
    cnh_valid,
)


CA_SIN = Family(
    "ca-sin",
    # "NAS" is its name in Quebec, in capitals as "SIN" is ("mon NAS c'est ...").
    label(
        r"(?-i:SIN|NAS)|social[ ]insurance(?:[ ](?:number|no\.?|\#))?|num[ée]ro[ ]d['’]assurance[ ]sociale|"
        + lower_case_label("sin")
    ),
    value(r"(?<![\d-])\d{3}([ -]?)\d{3}\1\d{3}"),
    sin_valid,
    ("sin", "nas", "social insurance", "assurance sociale"),
    dashed_or_spaced,
)


US_EIN = Family(
    "us-ein",
    label(
        r"(?-i:F?EIN)|employer[ ]identification(?:[ ]number)?|federal[ ](?:tax|employer)[ ]id(?:[ ]number)?|"
        + lower_case_label("ein")
        + "|"
        + TIN_LABEL
    ),
    value(r"(?<![\d-])\d{2}-?\d{7}"),
    ein_valid,
    ("employer", "federal", *lower_case_words("ein"), *TIN_WORDS),
    dashed,
    ("EIN", *TIN_CASED),
)


AR_CUIL = Family(
    "ar-cuil",
    label(r"cuil"),
    value(r"(?<![\d-])\d{2}-?\d{8}-?\d"),
    cuil_valid,
    ("cuil",),
    cuil_valid,
)


# A Mexican CURP: four letters of the name, the birth date, H or M (or X), the state's two letters, three
# consonants of the name, a letter or digit for the century, and its check digit: a shape only it has.
_CURP = lazy_pattern(
    r"""(?<![A-Za-z0-9])[A-Z][AEIOUX][A-Z]{2}\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])[HMX]
    (?:AS|B[CS]|C[CLMSH]|D[FG]|G[TR]|HG|JC|M[CNS]|N[ETL]|OC|PL|Q[TR]|S[PLR]|T[CSL]|VZ|YN|ZS|NE)
    [B-DF-HJ-NP-TV-Z]{3}[A-Z0-9]\d(?![A-Za-z0-9])""",
    re.VERBOSE,
)
_CURP_CHARACTERS = "0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ"


def curp_valid(value: str) -> bool:
    """Whether a CURP ends in its check digit: its first seventeen characters weighted 18 down to 2."""
    code = value.upper()
    if len(code) != 18 or any(ch not in _CURP_CHARACTERS for ch in code):
        return False
    total = sum(_CURP_CHARACTERS.index(ch) * (18 - i) for i, ch in enumerate(code[:17]))
    return (10 - total % 10) % 10 == int(code[17])


def curp_anywhere(text: str) -> bool:
    return any(curp_valid(match.group()) for match in _CURP.finditer(text))


# A Mexican RFC (Registro Federal de Contribuyentes) of a person: four letters of the name, the date of birth
# (YYMMDD) and a three-character homoclave ("GODE561231GR8"). Only after its name, or further on in its
# sentence: no other number is written in this shape. A company's, three letters and its founding date, is
# printed on every invoice it sends ("el RFC de la empresa es FLO980312KT4"). The generic RFCs the tax office
# gives a sale to the general public and to a foreigner (XAXX010101000, XEXX010101000) are printed on every
# such receipt, and are no one's.
_GENERIC_RFCS = frozenset(("XAXX010101000", "XEXX010101000"))


def rfc_valid(value: str) -> bool:
    """Whether an RFC's six digits are a date, and it is not one of the generic ones."""
    digits = value[-9:-3]
    return real_date(2000, int(digits[2:4]), int(digits[4:6])) and value.upper() not in _GENERIC_RFCS


MX_RFC = Family(
    "mx-rfc",
    label(r"rfc|registro[ ]federal[ ]de[ ]contribuyentes"),
    value(r"(?<![A-Za-z0-9])(?-i:[A-ZÑ&]{4}\d{6}[A-Z0-9]{3})"),
    rfc_valid,
    ("rfc", "registro federal"),
    rfc_valid,
)


# A US Medicare number (MBI): eleven characters in a fixed pattern of digits and letters (no S, L, O, I,
# B or Z), written with dashes as the card prints it (1EG4-TE5-MK72) or without; it has no check digit,
# so only after its label.
_MBI_LETTER = "[AC-HJKMNP-RT-Yac-hjkmnp-rt-y]"
_MBI_EITHER = "[AC-HJKMNP-RT-Yac-hjkmnp-rt-y0-9]"
US_MEDICARE = Family(
    "us-medicare-number",
    label(r"medicare(?:[ ](?:number|no\.?|\#|id|card[ ]number|beneficiary[ ]identifier))?|mbi"),
    value(
        rf"""(?<![A-Za-z0-9-])[1-9]{_MBI_LETTER}{_MBI_EITHER}\d-?{_MBI_LETTER}{_MBI_EITHER}\d-?{_MBI_LETTER}{{2}}\d{{2}}"""
    ),
    lambda number: any(ch.isdigit() for ch in number) and any(ch.isalpha() for ch in number),
    ("medicare", "mbi"),
    dashed,
)


def _a_date(day: int, month: int) -> bool:
    return 1 <= day <= 31 and (1 <= month <= 12 or 51 <= month <= 62)  # a woman's month is 50 more


def ramq_valid(value: str) -> bool:
    """A Quebec health insurance number (RAMQ): four letters of the name, then the birth date as year,
    month (50 more for a woman) and day, then two digits."""
    digits = digits_of(value)
    return len(digits) == 8 and _a_date(int(digits[4:6]), int(digits[2:4]))


# Quebec's health card by its name ("carte soleil", "carte RAMQ", "carte d'assurance maladie"): four capitals
# and eight digits that hold a birth date ("carte soleil BOUM 7104 2213"), a shape only it has.
QC_HEALTH_CARD = Family(
    "ca-qc-health-number",
    label(
        r"""carte[ ]soleil|(?:carte[ ])?ramq|carte[ ]d['’]assurance[ ]maladie
        |num[ée]ro[ ]d['’]assurance[ ]maladie|(?-i:NAM)"""
    ),
    value(r"(?<![A-Za-z0-9])[A-Z]{4}[ ]?\d{4}[ ]?\d{4}"),
    ramq_valid,
    ("soleil", "ramq", "assurance maladie", "NAM"),
    ramq_valid,
)


def qc_licence_valid(value: str) -> bool:
    """A Quebec driving licence: a letter and four digits, the birth date in six (day, month and year, or year,
    month and day as licences are also read; a woman's month 50 more), then two digits, in three dashed groups."""
    middle = value.split("-")[1]
    return _a_date(int(middle[:2]), int(middle[2:4])) or _a_date(int(middle[4:6]), int(middle[2:4]))


def ohip_valid(value: str) -> bool:
    """Ontario's health number: ten digits, the first not 0, the last the Luhn check digit of those before
    ("5183 402 776"), its card's two letters of version after it or not."""
    digits = digits_of(value)
    return len(digits) == 10 and digits[0] != "0" and luhn_valid(digits)


# Ontario's health card (OHIP) after its name: "OHIP number: 5183 402 776 AB".
ON_HEALTH_CARD = Family(
    "ca-on-health-card",
    label(r"ohip(?:[ ](?:number|no\.?|\#|card))?|ontario[ ]health[ ](?:card|number)"),
    value(r"(?<![\d-])\d{4}([ -]?)\d{3}\1\d{3}(?:[ -]?[A-Z]{2})?"),
    ohip_valid,
    ("ohip", "ontario health"),
    dashed_or_spaced,
)


# Quebec's driving licence after "permis" or a licence's name: "permis W4127-290791-03".
QC_DRIVING_LICENCE = Family(
    "ca-qc-driving-licence",
    label(r"permis(?:[ ]de[ ]conduire)?|(?:qu[ée]bec[ ])?driv(?:er['’]?s|ing)[ ]licen[cs]e"),
    value(r"(?<![A-Za-z0-9-])[A-Z]\d{4}-\d{6}-\d{2}"),
    qc_licence_valid,
    ("permis", "licen"),
    qc_licence_valid,
)


# A Brazilian identity card (RG, Registro Geral) after its name, in its dotted groups, with its state's
# letters before it ("RG SP-41.207.335", "rg BA-09.114.672") or the check digit São Paulo's carry after it
# ("RG 24.317.506-8"), or the body that issued it after it, whatever the state ("RG 9.482.917-3 SSP/PR", "RG
# 7.482.193 SDS-PE", "RG número 12.847.339-05, emitido pela SSP-BA": Bahia's carry two digits after the dash).
_UF = r"""(?:AC|AL|AP|AM|BA|CE|DF|ES|GO|MA|MT|MS|MG|PA|PB|PR|PE|PI|RJ|RN|RS|RO|RR|SC|SP|SE|TO)"""


# The body that issued an RG, and its state: "SSP/PR", "SDS-PE".
_ISSUER = r"(?:SSP|SDS|SESP|SSPDS|SJS|IFP|IGP|ITEP|DGPC|PC|DETRAN|SEJUSP|POLITEC)"
_ISSUER_AFTER = lazy_pattern(rf"{_ISSUER}[/-]{_UF}$")


def rg_valid(value: str) -> bool:
    if value[:2].isalpha() or _ISSUER_AFTER.search(value):
        return True
    if "-" not in value:
        return False
    digits = digits_of(value.rsplit("-", 1)[0])
    if len(digits) != 8:
        return False
    total = weighted_sum(digits, range(2, 10))
    check = 11 - total % 11
    expected = "X" if check == 10 else "0" if check == 11 else str(check)
    return value[-1].upper() == expected


BR_RG = Family(
    "br-rg",
    label(r"(?-i:RG|rg)|registro[ ]geral|carteira[ ]de[ ]identidade"),
    value(
        rf"""(?<![A-Za-z0-9])(?:{_UF}[ -]?\d{{1,2}}\.\d{{3}}\.\d{{3}}(?:-[\dXx])?|\d{{2}}\.\d{{3}}\.\d{{3}}-[\dXx]
        |\d{{1,2}}\.\d{{3}}\.\d{{3}}(?:-[\dXx]{{1,2}})?,?[ ](?:(?:emitid[oa]|expedid[oa])[ ](?:pel[oa]|na)[ ])?
        {_ISSUER}[/-]{_UF})"""
    ),
    rg_valid,
    ("registro geral", "identidade"),
    rg_valid,
    ("RG", "rg"),
)


def cns_valid(value: str) -> bool:
    """A Brazilian health card number (Cartão Nacional de Saúde, the SUS card): fifteen digits, the first 1 or 2
    (a definitive number) or 7 to 9 (a provisional one), their sum weighted 15 down to 1 a multiple of 11."""
    digits = digits_of(value)
    return len(digits) == 15 and digits[0] in "12789" and weighted_sum(digits, range(15, 0, -1)) % 11 == 0


# The SUS card's number after its name, as the card prints it in groups of 3, 4, 4 and 4 or in one run:
# "cartão do SUS 898 3407 1562 0001". Its mod 11 check guards it further on in its sentence too.
BR_CNS = Family(
    "br-cns",
    label(r"cart[ãa]o[ ](?:do[ ])?sus|(?-i:SUS|CNS)|cart[ãa]o[ ]nacional[ ]de[ ]sa[úu]de"),
    value(r"(?<![\d-])[12789]\d{2}([ ]?)\d{4}\1\d{4}\1\d{4}"),
    cns_valid,
    ("sus", "nacional de sa"),
    cns_valid,
    ("CNS",),
)


def mx_nss_valid(value: str) -> bool:
    """A Mexican social security number (IMSS): eleven digits, the last Luhn's check digit of those before."""
    digits = digits_of(value)
    return len(digits) == 11 and luhn_valid(digits)


# The IMSS number after its name: "mi NSS es 43103586129", "mi nss del imss 42088517034" (in lower case only with the
# institute's name, "nss" alone names other things). Luhn's check passes one number in ten, so only right
# after its label, and "número del seguro" only where the IMSS or social security is named: a car's insurance
# policy is no such number ("mi número del seguro del coche es ...").
MX_NSS = Family(
    "mx-nss",
    label(
        r"(?-i:NSS)|nss[ ]del[ ]imss|imss|n[uú]mero[ ]de(?:l)?[ ]seguro(?:[ ]social)?|seguro[ ]social|"
        + lower_case_label("nss")
    ),
    value(r"(?<![\d-])(?:\d{10}-?\d|\d\d[ ]\d\d[ ]\d\d[ ]\d{4}[ -]\d)"),
    mx_nss_valid,
    ("imss", "seguro social", *lower_case_words("nss")),
    None,
    ("NSS",),
)


def bc_phn_valid(value: str) -> bool:
    """British Columbia's Personal Health Number: ten digits, the first 9; the last is 11 less the remainder by 11
    of the second to the ninth weighted 2, 4, 8, 5, 10, 9, 7 and 3 ("9054 603 707")."""
    digits = digits_of(value)
    if len(digits) != 10 or digits[0] != "9":
        return False
    check = 11 - weighted_sum(digits[1:9], (2, 4, 8, 5, 10, 9, 7, 3)) % 11
    return check < 10 and int(digits[9]) == check


# British Columbia's health number after the names its card goes by ("care card", "BC Services Card", "PHN"), in
# one run or as the card prints it, four, three and three: "my care card number, its 9054 603 707" (further on in
# its sentence only so spaced, as a telephone number is not).
BC_PHN = Family(
    "ca-bc-phn",
    label(r"care[ ]?card|bc[ ]services[ ]card|(?-i:PHN|phn)|personal[ ]health[ ](?:number|no\.?)"),
    value(r"(?<![\d-])9\d{3}([ -]?)\d{3}\1\d{3}(?![\d-])"),
    bc_phn_valid,
    ("care card", "carecard", "services card", "personal health"),
    lambda number: bc_phn_valid(number) and " " in number,
    ("PHN", "phn"),
)


# Other Canadian provinces' health cards, nine digits (Alberta, Saskatchewan, Manitoba, New Brunswick) or ten,
# in one run, with no check anyone publishes: only right after "health card number", or Nova Scotia's after its
# name, "MSI card", in its four, three and three ("MSI card is 0041 827 356").
CA_HEALTH_CARD = Family(
    "ca-health-card",
    label(r"health[ ]card[ ](?:number|no\.?|\#)|msi[ ]card(?:[ ](?:number|no\.?|\#))?"),
    value(r"(?<![\d-])(?:[1-9]\d{8,9}|\d{4}[ ]\d{3}[ ]\d{3})(?![\d-])"),
    lambda candidate: True,
    ("health card", "msi card"),
)


def cl_rut_valid(value: str) -> bool:
    """A Chilean RUN, a person's RUT: seven or eight digits, then their mod 11 check (weights 2 to 7 from the
    right, repeated; 11 less the sum's remainder, 11 giving 0 and 10 K). A company's RUT, from 50 million on, is
    printed on every invoice: it is not one."""
    body, _, check = value.upper().rpartition("-")
    digits = digits_of(body)
    if not 7 <= len(digits) <= 8 or int(digits) >= 50_000_000:
        return False
    total = sum(int(digit) * (2 + place % 6) for place, digit in enumerate(reversed(digits)))
    return "0123456789K"[-total % 11] == check


# A Chilean person's RUT or RUN after its name, the check after a dash:
# "mi rut es 16.148.582-9". "RUN" only in capitals, so that an English run is none.
CL_RUT = Family(
    "cl-rut",
    label(r"rut|(?-i:RUN)|rol[ ][úu]nico[ ](?:tributario|nacional)"),
    value(r"(?<![\d.-])\d{1,2}(\.?)\d{3}\1\d{3}-[\dkK]"),
    cl_rut_valid,
    ("rut", "rol ún", "rol un"),
    cl_rut_valid,
    ("RUN",),
)


def co_nit_valid(value: str) -> bool:
    """A Colombian NIT, a person's: the citizen's cédula number, eight or ten digits, then its mod 11 check
    (weights 3, 7, 13, 17, 19, 23, 29, 37, 41, 43 from the right; the remainder if 0 or 1, else 11 less it).
    A company's NIT, nine digits from 800 or 900, is printed on every invoice: it is not one."""
    body, _, check = value.rpartition("-")
    digits = digits_of(body)
    if len(digits) not in (8, 9, 10) or (len(digits) == 9 and digits[0] in "89"):
        return False
    weights = (3, 7, 13, 17, 19, 23, 29, 37, 41, 43)
    remainder = sum(int(digit) * weight for digit, weight in zip(reversed(digits), weights, strict=False)) % 11
    return check == str(remainder if remainder < 2 else 11 - remainder)


# A Colombian NIT after its name, the check after a dash: "NIT 1.053.812.467-4".
CO_NIT = Family(
    "co-nit",
    label(r"nit|n\.i\.t\.?|n[úu]mero[ ]de[ ]identificaci[óo]n[ ]tributaria"),
    value(r"(?<![\d.-])(?:\d{1,3}(?:\.\d{3}){2,3}|\d{8,10})-\d"),
    co_nit_valid,
    ("nit", "n.i.t", "identificación tributaria", "identificacion tributaria"),
    co_nit_valid,
)


def pe_dni_valid(value: str) -> bool:
    """A Peruvian DNI with the check its card prints after it (the CUI's): eight digits, then a check of their sum
    weighted 3, 2, 7, 6, 5, 4, 3, 2, its remainder by 11 read from 65432110987 as a digit or KJIHGFEDCBA as a
    letter."""
    body, _, check = value.upper().rpartition("-")
    if len(body) != 8 or len(check) != 1:
        return False
    remainder = weighted_sum(body, (3, 2, 7, 6, 5, 4, 3, 2)) % 11
    return check in ("65432110987"[remainder], "KJIHGFEDCBA"[remainder])


def pe_ruc_valid(value: str) -> bool:
    """A Peruvian RUC, a person's: eleven digits from 10 (the holder's DNI follows), 15 or 17, the last a mod 11
    check of those before (weights 5, 4, 3, 2, 7, 6, 5, 4, 3, 2; 11 less the remainder, its last digit). A
    company's RUC, from 20, is printed on every invoice: it is not one."""
    digits = digits_of(value)
    if len(digits) != 11 or digits[:2] not in ("10", "15", "17"):
        return False
    return str((11 - weighted_sum(digits[:10], (5, 4, 3, 2, 7, 6, 5, 4, 3, 2)) % 11) % 10) == digits[10]


# Peru's DNI with its check after a dash ("mi DNI es 40123456-7") and a person's RUC ("RUC 10401234567"), after
# their names; their checks guard them further on in their sentence too.
PE_DNI = Family(
    "pe-dni",
    label(r"dni|d\.n\.i\.?|documento[ ]nacional[ ]de[ ]identidad"),
    value(r"(?<![\w.-])\d{8}-[\dA-Ka-k]"),
    pe_dni_valid,
    ("dni", "d.n.i", "documento nacional"),
    pe_dni_valid,
)
PE_RUC = Family(
    "pe-ruc",
    label(r"(?-i:RUC)|ruc[ ](?:n[uú]mero|n[º°o]\.?)|registro[ ][úu]nico[ ]de[ ]contribuyentes?"),
    value(r"(?<![\d-])\d{11}"),
    pe_ruc_valid,
    ("ruc", "registro único de contrib", "registro unico de contrib"),
    pe_ruc_valid,
    ("RUC",),
)


def uy_ci_valid(value: str) -> bool:
    """A Uruguayan cédula de identidad: six or seven digits, then their check (weights 2, 9, 8, 7, 6, 3, 4, the
    six-digit number read with a 0 before; 10 less the sum's last digit, 10 giving 0)."""
    body, _, check = value.rpartition("-")
    digits = digits_of(body).rjust(7, "0")
    return len(digits) == 7 and str(-weighted_sum(digits, (2, 9, 8, 7, 6, 3, 4)) % 10) == check


# A Uruguayan cédula after its name, written as its card prints it, points and the check after a dash: "mi cédula
# es 4.123.456-7", "CI 1.234.567-2"; that shape and its check guard it further on in its sentence too.
UY_CI = Family(
    "uy-ci",
    label(r"c[ée]dula(?:[ ]de[ ]identidad)?|(?-i:CI)|c\.i\.?"),
    value(r"(?<![\d.-])\d?\.?\d{3}\.\d{3}-\d"),
    uy_ci_valid,
    ("cédula", "cedula", "c.i"),
    uy_ci_valid,
    ("CI",),
)


def cu_ni_valid(value: str) -> bool:
    """A Cuban identity number (carné de identidad): eleven digits, a birth date (YYMMDD), its century in the
    seventh (9 the 1800s, 0 to 5 the 1900s, 6 to 8 the 2000s) and four more, with no check digit."""
    if len(value) != 11:
        return False
    century = 1800 if value[6] == "9" else 1900 if value[6] <= "5" else 2000
    return real_date(century + int(value[:2]), int(value[2:4]), int(value[4:6]))


# A Cuban identity number right after its name, its date guarding it: "mi carnet es 91021027775".
CU_NI = Family(
    "cu-ni",
    label(r"carn[eé]t?(?:[ ]de[ ]identidad)?|n[uú]mero[ ]de[ ]identidad[ ]permanente"),
    value(r"(?<![\d-])\d{11}"),
    cu_ni_valid,
    ("carne", "carné", "carnet"),
)

# A Jamaican taxpayer registration number (TRN), nine digits, 1 first for a person, with no check anyone
# publishes: only right after its name, "a" as Jamaican Patois joins them ("mi TRN a 123-456-789").
JM_TRN = Family(
    "jm-trn",
    label(
        r"(?:(?-i:TRN)(?:[ ](?:number|no\.?|\#))?|" + lower_case_label("trn") + r")(?:[ ]a(?=[ ]))?"
        r"|taxpayer[ ]registration[ ]number"
    ),
    value(r"(?<![\d-])1\d{2}([ -]?)\d{3}\1\d{3}"),
    lambda candidate: True,
    ("taxpayer registration number", *lower_case_words("trn")),
    None,
    ("TRN",),
)
