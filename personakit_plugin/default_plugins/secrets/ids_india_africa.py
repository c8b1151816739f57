"""Identity and tax numbers of India, Singapore, the Philippines, South Africa, Kenya, Mozambique, Angola, Ghana,
Nigeria, Senegal, Pakistan, Malaysia, Sri Lanka, Bangladesh, Mauritius, Tunisia and Morocco, their checks and
labels: the Aadhaar number (Verhoeff's check digit), the PAN (its fixed shape: five letters, the fourth the
holder's type, four digits and a letter), South Africa's identity number (a birth date, then Luhn's check digit),
its income tax reference number (Luhn's check digit) and a medical aid's membership number (after its name);
Singapore's NRIC and FIN (a check letter), Kenya's KRA PIN (its shape, after its name), Mozambique's NUIT (a mod
11 check digit), Angola's and Mozambique's identity cards (their shapes, after their names), the Philippines'
SSS, PhilHealth and tax numbers (their dashed shapes, after their names), Ghana's TIN (a mod 11 check),
Malaysia's identity card number (a birth date and place), and, in the shapes only they have, after their names,
the Ghana card, Nigeria's NIN and BVN, Senegal's ECOWAS card, Pakistan's CNIC and NTN, Malaysia's tax and EPF
numbers, India's PM-JAY ID, Sri Lanka's NIC (a year and a day of it), Tunisia's and Morocco's identity cards
(CIN) and Bangladesh's NID; and after its name, Mauritius's NIC (a letter, a birth date and a mod 17 check
character)."""

from __future__ import annotations

from personakit_plugin.default_plugins.secrets.cards import luhn_valid
from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
from personakit_plugin.default_plugins.secrets.number_labels import (
    TIN_CASED,
    TIN_LABEL,
    TIN_WORDS,
    Family,
    birth_year,
    digits_of,
    in_its_shape,
    label,
    lower_case_label,
    lower_case_words,
    real_date,
    short_year_date,
    value,
    weighted_sum,
)

# Verhoeff's dihedral group D5: its multiplication table, and the permutation applied by position.
_VERHOEFF_D = (
    (0, 1, 2, 3, 4, 5, 6, 7, 8, 9),
    (1, 2, 3, 4, 0, 6, 7, 8, 9, 5),
    (2, 3, 4, 0, 1, 7, 8, 9, 5, 6),
    (3, 4, 0, 1, 2, 8, 9, 5, 6, 7),
    (4, 0, 1, 2, 3, 9, 5, 6, 7, 8),
    (5, 9, 8, 7, 6, 0, 4, 3, 2, 1),
    (6, 5, 9, 8, 7, 1, 0, 4, 3, 2),
    (7, 6, 5, 9, 8, 2, 1, 0, 4, 3),
    (8, 7, 6, 5, 9, 3, 2, 1, 0, 4),
    (9, 8, 7, 6, 5, 4, 3, 2, 1, 0),
)
_VERHOEFF_P = (
    (0, 1, 2, 3, 4, 5, 6, 7, 8, 9),
    (1, 5, 7, 6, 2, 8, 3, 0, 9, 4),
    (5, 8, 0, 3, 7, 9, 6, 1, 4, 2),
    (8, 9, 1, 6, 0, 4, 3, 5, 2, 7),
    (9, 4, 5, 3, 1, 2, 6, 8, 7, 0),
    (4, 2, 8, 6, 5, 7, 3, 9, 0, 1),
    (2, 7, 9, 3, 8, 0, 6, 4, 1, 5),
    (7, 0, 4, 6, 9, 1, 3, 2, 5, 8),
)


def verhoeff_valid(digits: str) -> bool:
    """Digits whose last is Verhoeff's check digit of those before."""
    check = 0
    for position, digit in enumerate(reversed(digits)):
        check = _VERHOEFF_D[check][_VERHOEFF_P[position % 8][int(digit)]]
    return check == 0


def aadhaar_valid(value: str) -> bool:
    """An Aadhaar number: twelve digits, the first 2 to 9, the last Verhoeff's check digit of those before."""
    digits = digits_of(value)
    return len(digits) == 12 and digits[0] >= "2" and verhoeff_valid(digits)


def za_id_valid(value: str) -> bool:
    """A South African identity number: thirteen digits, a birth date (YYMMDD), four of sequence, 0 or 1 for
    citizenship, one more, and Luhn's check digit."""
    digits = digits_of(value)
    if len(digits) != 13 or digits[10] not in "01":
        return False
    return real_date(2000, int(digits[2:4]), int(digits[4:6])) and luhn_valid(digits)


IN_AADHAAR = Family(
    "in-aadhaar",
    label(
        r"aadha?ar(?:[ ](?:card|number|no\.?|\#|card[ ]number))?|(?-i:UID|UIDAI)(?:[ ](?:number|no\.?))?|"
        + lower_case_label("uid")
    ),
    value(r"(?<![\d-])[2-9]\d{3}([ -]?)\d{4}\1\d{4}"),
    aadhaar_valid,
    ("aadhar", "aadhaar", *lower_case_words("uid")),
    aadhaar_valid,
    ("UID",),
)

# Five capitals, the fourth the holder's type (P a person, C a company, H a family, F a firm, T a trust and so on),
# four digits and a capital: "ABCPE1234F". No check digit, so right after its name; a person's, whose shape no
# other number has, further on in its sentence too ("PAN for TDS, mine is ABCPE1234F"), where a trust's printed on
# its donation receipts is not read.
IN_PAN = Family(
    "in-pan",
    label(
        r"(?-i:PAN)(?:[ ](?:card|number|no\.?|\#|card[ ]number))?|permanent[ ]account[ ]number|pan[ ]card|"
        + lower_case_label("pan")
    ),
    value(r"(?<![A-Za-z0-9])(?-i:[A-Z]{3}[ABCFGHJLPT][A-Z]\d{4}[A-Z])"),
    lambda candidate: True,
    ("permanent account", "pan card", *lower_case_words("pan")),
    lambda candidate: candidate[3] == "P",
    ("PAN",),
)

# Thirteen digits after "ID" or "identity number", not an ID of something else ("the meeting ID is ...").
OTHER_IDS = "".join(
    f"(?<!{word}[ ])"
    for word in """meeting order customer client session transaction tracking booking user device caller product
    reference employee member invoice parcel account app apple game store""".split()
)
ZA_ID = Family(
    "za-id-number",
    label(OTHER_IDS + r"(?:(?-i:SA|RSA)[ ])?id(?:[ ](?:number|no\.?|\#))?|identity[ ]number|south[ ]african[ ]id"),
    value(r"(?<![\d-])\d{6}([ ]?)\d{4}\1\d{3}"),
    za_id_valid,
    ("id", "identity"),
    za_id_valid,
)


def za_tax_valid(value: str) -> bool:
    """A South African income tax reference number: ten digits, the first 0, 1, 2, 3 or 9, the last Luhn's
    check digit of those before."""
    digits = digits_of(value)
    return len(digits) == 10 and digits[0] in "01239" and luhn_valid(digits)


# SARS's income tax reference number right after its name ("SARS tax ref 3105928471"), or a plain "tax number"
# where SARS is named in the text ("tax number is 0238417562, the SARS one"): another country's tax number of
# ten digits is some firm's, printed on its invoices.
ZA_TAX_NUMBER = Family(
    "za-tax-number",
    label(
        r"""(?:(?-i:SARS)[ ])?(?:income[ ])?tax[ ](?:reference[ ]|ref\.?[ ])?(?:number|no\.?|\#)
        |(?-i:SARS)[ ](?:tax[ ])?(?:number|no\.?|ref(?:erence)?(?:[ ]number)?)|(?:income[ ])?tax[ ]ref(?:erence)?"""
    ),
    value(r"(?<![\d-])[01239]\d{9}"),
    za_tax_valid,
    ("income tax",),
    None,
    ("SARS",),
)

# A medical aid's membership number, which has no check anyone publishes, right after its name: "medical aid
# number 502193847".
ZA_MEDICAL_AID = Family(
    "za-medical-aid-number",
    label(r"medical[ ]aid(?:[ ]membership)?[ ](?:number|no\.?|\#)"),
    value(r"(?<![\d-])[1-9]\d{6,11}"),
    lambda candidate: True,
    ("medical aid",),
)


def nric_valid(value: str) -> bool:
    """A Singapore NRIC or FIN: S or T (a citizen's or permanent resident's, born before or since 2000), F or G
    (a foreigner's), seven digits and a check letter of their sum weighted 2, 7, 6, 5, 4, 3, 2, plus 4 for T and
    G, its remainder by 11 read from JZIHGFEDCBA (S, T) or XWUTRQPNMLK (F, G); in either case, as chat types it."""
    value = value.upper()
    if len(value) != 9 or value[0] not in "STFG" or not value[1:8].isdigit():
        return False
    total = weighted_sum(value[1:8], (2, 7, 6, 5, 4, 3, 2)) + (4 if value[0] in "TG" else 0)
    letters = "JZIHGFEDCBA" if value[0] in "ST" else "XWUTRQPNMLK"
    return letters[total % 11] == value[8]


# A Singapore NRIC or FIN after its name, "IC" and "FIN" only in capitals: "my IC is S6676572E" ("my nric is
# s6676572e" as chat types it). Its check letter and its shape guard it further on in its sentence too.
SG_NRIC = Family(
    "sg-nric",
    label(r"nric|(?-i:IC|FIN)|i/c|ic[ ](?:number|no\.?)|identity[ ]card"),
    value(r"(?<![\w])[STFGstfg]\d{7}[A-Za-z]"),
    nric_valid,
    ("nric", "i/c", "ic n", "identity card"),
    nric_valid,
    ("IC", "FIN"),
)


# A Kenyan KRA PIN after its name: A (a person's) or P (a company's), nine digits and a letter, with no check
# anyone publishes: only right after "KRA PIN" or "KRA".
KE_KRA_PIN = Family(
    "ke-kra-pin",
    label(r"kra(?:[ ]pin)?"),
    value(r"(?<![\w])[AP]\d{9}[A-Z]"),
    lambda candidate: True,
    ("kra",),
)


def nuit_valid(value: str) -> bool:
    """A Mozambican NUIT: nine digits, the last a mod 11 check of the eight before (weights 8, 9, 4, 5, 6, 7, 8, 9;
    a remainder of 10 gives 1)."""
    digits = digits_of(value)
    return len(digits) == 9 and "01234567891"[weighted_sum(digits[:8], (8, 9, 4, 5, 6, 7, 8, 9)) % 11] == digits[8]


# A Mozambican NUIT (Número Único de Identificação Tributária) after its name: "o meu NUIT é 137 268 922".
MZ_NUIT = Family(
    "mz-nuit",
    label(r"nuit|n[úu]mero[ ][úu]nico[ ]de[ ]identifica[çc][ãa]o[ ]tribut[áa]ria"),
    value(r"(?<![\d-])\d{3}([ ]?)\d{3}\1\d{3}"),
    nuit_valid,
    ("nuit", "único de identifica", "unico de identifica"),
)


# The Philippines' numbers, with no check anyone publishes, each in the dashed shape only it has and only right
# after its name: a social security (SSS) number, two, seven and one digits ("SSS no. 34-5781209-6"), a PhilHealth
# number, two, nine and one ("PhilHealth 19-025874163-8"), and a tax identification number (TIN), three threes and
# a branch's three to five digits ("TIN 412-803-557-000"), which no other number has, so further on in its sentence
# too ("my Philippine TIN for their records, it's 412-803-557-000").
PH_SSS = Family(
    "ph-sss",
    label(r"sss(?:[ ](?:no\.?|number|\#|id))?|social[ ]security[ ]system(?:[ ](?:no\.?|number))?"),
    value(r"(?<![\d-])\d{2}-\d{7}-\d"),
    lambda candidate: True,
    ("sss", "social security system"),
)
PH_PHILHEALTH = Family(
    "ph-philhealth",
    label(r"phil[ ]?health(?:[ ](?:no\.?|number|\#|id|pin))?"),
    value(r"(?<![\d-])\d{2}-\d{9}-\d"),
    lambda candidate: True,
    ("philhealth", "phil health"),
)
PH_TIN = Family(
    "ph-tin",
    label(TIN_LABEL + r"|bir[ ]tin"),
    value(r"(?<![\d-])\d{3}-\d{3}-\d{3}-\d{3,5}"),
    lambda candidate: True,
    (*TIN_WORDS, "bir tin"),
    in_its_shape,
    TIN_CASED,
)


# An identity card (bilhete de identidade, BI) of Angola, nine digits, the province's two letters and three digits
# ("004578219LA042"), or of Mozambique, twelve digits and a letter ("110100482917B"), with no check anyone
# publishes: in the shape only they have, only right after "BI", in capitals, or the card's name.
AO_MZ_IDENTITY_CARD = Family(
    "ao-mz-identity-card",
    label(r"(?-i:BI)|bilhete[ ]de[ ]identidade"),
    value(r"(?<![\w])(?:\d{9}[A-Z]{2}\d{3}|\d{12}[A-Z])"),
    lambda candidate: True,
    ("bilhete de identidade",),
    None,
    ("BI",),
)


def gh_tin_valid(value: str) -> bool:
    """A Ghanaian TIN: P (a person's), C, G, Q or V, 00, eight digits, the last a mod 11 check of the nine
    digits after the letter weighted 1 to 9 (a remainder of 10 gives X)."""
    total = weighted_sum(value[1:10], range(1, 10)) % 11
    return len(value) == 11 and ("X" if total == 10 else str(total)) == value[10]


# A Ghanaian TIN (the GRA's taxpayer identification number) after its name: "TIN P0012345678 for the GRA".
# Its check and its shape guard it further on in its sentence too. Not after a lower-case "my tin" (`TIN_LABEL`): a
# value there whose check fails would be stored as no GRA number, where the reading of any personal number after its
# name (`named_numbers`) refuses it, the check being one we could not confirm with the GRA.
GH_TIN = Family(
    "gh-tin",
    label(r"(?-i:TIN|GRA)(?:[ ](?:no\.?|number|\#))?|tin[ ](?:no\.?|number)|(?-i:GRA)[ ]tin"),
    value(r"(?<![\w])[PCGQV]00\d{7}[\dX]"),
    gh_tin_valid,
    ("tin no", "tin number"),
    gh_tin_valid,
    ("TIN", "GRA"),
)

# The numbers of Ghana, Nigeria, Senegal and Pakistan, with no check anyone publishes, each in the shape only it
# has and only right after its name: a Ghana card's PIN, GHA, nine digits and one ("Ghana card GHA-001234567-3"),
# a Nigerian national identification number (NIN), eleven digits, and a bank verification number (BVN), eleven
# digits from 22 ("my NIN na 12345678901", as Nigerian Pidgin joins them, "BVN 22123456789"), Senegal's ECOWAS
# identity card, thirteen digits, the holder's sex (1 or 2), a centre's three and a year's four ("carte CEDEAO
# 2 012 1990 00321"), Pakistan's CNIC, five, seven and one digits, the first the province's 1 to 7 ("CNIC
# 35202-1234567-1"), and its national tax number (NTN), seven digits and one ("NTN 1234567-8").
GH_CARD = Family(
    "gh-card",
    label(r"ghana[ ]?card(?:[ ](?:number|no\.?|pin|id))?|(?-i:NIA)[ ](?:number|no\.?|pin)"),
    value(r"(?<![\w-])GHA-?\d{9}-?\d"),
    lambda candidate: True,
    ("ghana card", "ghanacard", "nia n", "nia pin"),
)
_PIDGIN_IS = r"(?:[ ]na(?=[ ]))?"
NG_NIN = Family(
    "ng-nin",
    label(r"(?-i:NIN)(?:[ ](?:number|no\.?|slip))?" + _PIDGIN_IS + r"|national[ ]identification[ ]number"),
    value(r"(?<![\d-])\d{11}"),
    lambda candidate: True,
    ("national identification number",),
    None,
    ("NIN",),
)
# A Nigerian TIN (the tax authorities' taxpayer identification number), eight digits, a dash and four, with no check
# anyone publishes: in that shape, which no other number has, after its name or further on in its sentence ("TIN
# 29140759-0001", "tin for my shop: ...", "My TIN (JTB individual) – 29140759-0001").
NG_TIN = Family(
    "ng-tin",
    label(TIN_LABEL + _PIDGIN_IS),
    value(r"(?<![\d-])\d{8}-\d{4}"),
    lambda candidate: True,
    TIN_WORDS,
    in_its_shape,
    TIN_CASED,
)
NG_BVN = Family(
    "ng-bvn",
    label(
        r"(?-i:BVN|bvn)(?:[ ](?:number|no\.?))?" + _PIDGIN_IS + r"|bank[ ]verification[ ]number(?:[ ]\((?-i:BVN)\))?"
    ),
    value(r"(?<![\d-])22\d{9}"),
    lambda candidate: True,
    ("bvn", "bank verification number"),
)
SN_ECOWAS_CARD = Family(
    "sn-ecowas-card",
    label(
        r"""(?:carte[ ](?:d['’][ ]?identit[ée][ ])?(?:biom[ée]trique[ ])?(?-i:CEDEAO|ECOWAS)
        |(?-i:CEDEAO|ECOWAS)[ ](?:id[ ])?card)(?:,(?=[ ]))?|(?-i:NIN)[ ](?:s[ée]n[ée]galais|du[ ]s[ée]n[ée]gal)"""
    ),
    value(r"(?<![\d-])[12]([ ]?)\d{3}\1(?:19|20)\d{2}\1\d{5}"),
    lambda candidate: True,
    ("cedeao", "ecowas", "nin s"),
)
PK_CNIC = Family(
    "pk-cnic",
    label(r"(?-i:CNIC|NICOP)(?:[ ](?:number|no\.?|\#))?|computeri[sz]ed[ ]national[ ]identity[ ]card"),
    value(r"(?<![\d-])[1-7]\d{4}-\d{7}-\d"),
    lambda candidate: True,
    ("cnic", "nicop", "computerised national", "computerized national"),
)
PK_NTN = Family(
    "pk-ntn",
    label(r"(?-i:NTN)(?:[ ](?:number|no\.?|\#))?|national[ ]tax[ ]number|" + lower_case_label("ntn")),
    value(r"(?<![\d-])\d{7}-\d"),
    lambda candidate: True,
    ("national tax number", *lower_case_words("ntn")),
    None,
    ("NTN",),
)

# Malaysia's birth places in an identity card number: its states (01 to 16) and the countries abroad.
_MY_BIRTH_PLACES = frozenset(
    [f"{code:02d}" for code in (*range(1, 17), *range(21, 69), 71, 72, *range(74, 80), *range(82, 94), 98, 99)]
)


def my_nric_valid(value: str) -> bool:
    """A Malaysian identity card (MyKad) number: twelve digits, a birth date (YYMMDD), the birth place's two and
    four more, with no check digit."""
    digits = digits_of(value)
    return len(digits) == 12 and digits[6:8] in _MY_BIRTH_PLACES and real_date(2000, int(digits[2:4]), int(digits[4:6]))


# A Malaysian identity card number after its name ("IC number 850312-14-5527", "MyKad 850312145527"), its date
# and birth place guarding it; dashed, in the shape only it has, further on in its sentence too. Malaysia's
# income tax number, SG (a person's) or OG and ten or eleven digits ("tax no. SG 10234567080"), and the EPF's
# member number, eight digits ("EPF number 12345678"), have no check anyone publishes: only right after their names.
MY_NRIC = Family(
    "my-nric",
    label(r"(?-i:IC|NRIC)|ic[ ](?:number|no\.?)|my[ ]?kad(?:[ ](?:number|no\.?))?|kad[ ]pengenalan"),
    value(r"(?<![\d-])\d{6}(-?)\d{2}\1\d{4}"),
    my_nric_valid,
    ("ic n", "nric", "mykad", "my kad", "kad pengenalan"),
    lambda candidate: my_nric_valid(candidate) and "-" in candidate,
    ("IC",),
)
MY_TAX_NUMBER = Family(
    "my-tax-number",
    label(r"(?:income[ ])?tax[ ](?:file[ ])?(?:no\.?|number|\#|ref(?:erence)?)|(?-i:LHDN|ITN)|nombor[ ]cukai"),
    value(r"(?<![\w])(?:SG|OG)[ ]?\d{10,11}"),
    lambda candidate: True,
    ("tax", "lhdn", "itn", "nombor cukai"),
)
MY_EPF = Family(
    "my-epf",
    label(
        r"(?-i:EPF|KWSP)(?:[ ]member(?:ship)?)?[ ](?:number|no\.?|\#|account[ ](?:number|no\.?))|nombor[ ]ahli[ ]kwsp"
    ),
    value(r"(?<![\d-])\d{8}"),
    lambda candidate: True,
    ("epf", "kwsp"),
)

# India's PM-JAY (Ayushman Bharat) beneficiary ID, nine capitals and digits, both, with no check anyone publishes:
# only right after its name ("PMJAY ID 4KT7R2X9M").
IN_PMJAY = Family(
    "in-pmjay",
    label(r"pm[ -]?jay(?:[ ](?:id|number|no\.?|card))?|ayushman(?:[ ]bharat)?(?:[ ]card)?[ ](?:id|number|no\.?)"),
    value(r"(?<![\w])(?=[A-Z]*\d)(?=\d*[A-Z])[A-Z\d]{9}"),
    lambda candidate: True,
    ("pmjay", "pm-jay", "pm jay", "ayushman"),
)


def lk_nic_said(value: str) -> bool:
    """A Sri Lankan national identity card number (NIC): the year of birth (two digits and V or X after nine,
    the old card's; four in twelve, the new card's), the day of that year (001 to 366, 500 more for a woman) and
    the serial; no check is published."""
    digits = digits_of(value)
    if len(digits) == 9:
        day = int(digits[2:5])
    elif len(digits) == 12:
        if not birth_year(digits[:4]):
            return False
        day = int(digits[4:7])
    else:
        return False
    return (1 <= day <= 366 or 501 <= day <= 866) and len(set(digits)) > 1


# Only right after its name, in the shapes only it has: "NIC 853151234V", "NIC අංකය 198531501234".
LK_NIC = Family(
    "lk-nic",
    label(
        r"""(?-i:NIC)(?:[ ](?:number|no\.?|අංකය|எண்))?|ජාතික[ ]හැඳුනුම්පත්[ ]අංකය|හැඳුනුම්පත්[ ]අංකය
        |தேசிய[ ]அடையாள[ ]அட்டை[ ](?:இலக்கம்|எண்)|அடையாள[ ]அட்டை[ ](?:இலக்கம்|எண்)
        |sri[ ]lankan[ ](?:national[ ])?id(?:entity[ ]card)?(?:[ ]number)?"""
    ),
    value(r"(?<![\w-])\d{9}[VvXx]|(?<![\d-])(?:19|20)\d{10}"),
    lk_nic_said,
    ("හැඳුනුම්පත්", "அடையாள அட்டை", "sri lankan"),
    None,
    ("NIC",),
)

_MU_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def mu_nic_valid(value: str) -> bool:
    """A Mauritian national identity card number (NIC): the first letter of the surname at birth, the birth date
    as DDMMYY, six digits and a check character, 17 less the thirteen before (digits as themselves, letters from
    10 on) weighted 14 down to 2, by 17, written 0 to 9 or A to G."""
    number = value.upper()
    if len(number) != 14 or not number[0].isalpha() or not number[1:13].isdigit():
        return False
    if not short_year_date(int(number[5:7]), int(number[3:5]), int(number[1:3])):
        return False
    total = sum((14 - position) * _MU_ALPHABET.index(char) for position, char in enumerate(number[:13]))
    return _MU_ALPHABET[(17 - total) % 17] == number[13]


# Only right after its name: "my NIC is M150385123456A".
MU_NIC = Family(
    "mu-nic",
    label(
        r"""(?-i:NIC)(?:[ ](?:number|no\.?))?|national[ ]identity[ ]card(?:[ ]number)?
        |mauritian[ ](?:national[ ])?id(?:[ ]card)?(?:[ ]number)?|num[ée]ro[ ]de[ ]carte[ ]d['’]identit[ée]"""
    ),
    value(r"(?<![\w-])[A-Za-z]\d{12}[0-9A-Ga-g]"),
    mu_nic_valid,
    ("national identity card", "mauritian", "carte d'identité", "carte d’identité"),
    None,
    ("NIC",),
)


def _cin_said(value: str) -> bool:
    return len(set(digits_of(value))) > 1


# A Tunisian identity card number (CIN, بطاقة التعريف الوطنية): eight digits, 0 or 1 first; no check is
# published: only right after its name.
TN_CIN = Family(
    "tn-cin",
    label(
        r"""(?-i:CIN)|num[ée]ro[ ](?:de[ ](?:la[ ])?)?(?-i:CIN)|carte[ ]d['’]identit[ée][ ]nationale
        |(?:رقم[ ])?بطاقة[ ]التعريف(?:[ ]الوطنية)?|tunisian[ ](?:national[ ])?id(?:[ ]card)?(?:[ ]number)?"""
    ),
    value(r"(?<![\w-])[01]\d{7}"),
    _cin_said,
    ("carte d'identité nationale", "carte d’identité nationale", "بطاقة التعريف", "tunisian"),
    None,
    ("CIN",),
)

# A Moroccan national identity card number (CIN, البطاقة الوطنية): one or two capital letters, the region that
# issued it, and up to six digits; no check is published: right after its name ("CIN AB123456"), or further on in its
# sentence in its full shape, its letters and five or six digits run together ("la CIN de ma sœur Nadia pour son
# dossier de visa, c'est moi qui remplis : BJ447120").
_FULL_CIN = lazy_pattern(r"[A-Z]{1,2}\d{5,6}")
MA_CIN = Family(
    "ma-cin",
    label(
        r"""(?-i:CIN)|num[ée]ro[ ](?:de[ ](?:la[ ])?)?(?-i:CIN)|carte[ ]nationale(?:[ ]d['’]identit[ée])?(?:[ ]n[°º])?
        |(?:رقم[ ])?البطاقة[ ]الوطنية|moroccan[ ](?:national[ ])?id(?:[ ]card)?(?:[ ]number)?"""
    ),
    value(r"(?<![\w-])(?-i:[A-Z]{1,2})[ ]?\d{3,6}"),
    _cin_said,
    ("carte nationale", "البطاقة الوطنية", "moroccan"),
    lambda number: _FULL_CIN.fullmatch(number) is not None,
    ("CIN",),
)


# Bangladesh's national identity card number (NID, জাতীয় পরিচয়পত্র): ten digits on the smart card, thirteen or
# seventeen (the year of birth first) on the older one; no check is published: only right after its name.
BD_NID = Family(
    "bd-nid",
    label(
        r"""(?-i:NID)(?:[ ](?:card[ ])?(?:number|no\.?|নম্বর|নং))?|এনআইডি(?:[ ]নম্বর)?|জাতীয়[ ]পরিচয়পত্র(?:[ ](?:নম্বর|নং))?
        |bangladeshi[ ](?:national[ ])?id(?:[ ]number)?"""
    ),
    value(r"(?<![\d-])(?:\d{17}|\d{13}|\d{10})"),
    _cin_said,
    ("এনআইডি", "জাতীয়", "bangladeshi"),
    None,
    ("NID",),
)
